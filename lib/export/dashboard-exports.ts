/**
 * The dashboard process's side of export files: the database pool their runs use, the data
 * directory they are written to, and the sweeper that takes up exports whose process is gone
 * (started by instrumentation.ts when the dashboard starts).
 */
import { loadEnv } from "../env";
import { MAX_RUNNING_EXPORTS } from "../store/exports";
import { openSql, type Sql } from "../store/infra/sql";
import { EXPORT_SWEEP_MS, recoverExportFiles, type ExportFilesContext } from "./export-files";

const g = globalThis as unknown as { focuscrawlExportSql?: Sql; focuscrawlExportSweeper?: NodeJS.Timeout };

/**
 * The pool export runs use: each run holds a connection for its cursor the whole time, which the
 * dashboard's own pool (3 connections, getSql) cannot spare; two more for their progress writes.
 */
export function exportSql(): Sql {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the dashboard with `npm start`, which sets it.");
  g.focuscrawlExportSql ??= openSql(url, { max: MAX_RUNNING_EXPORTS + 2, app: "focuscrawl-export" });
  return g.focuscrawlExportSql;
}

/** Close the export pool (tests). */
export async function closeExportSql(): Promise<void> {
  await g.focuscrawlExportSql?.end({ timeout: 1 });
  g.focuscrawlExportSql = undefined;
}

/** Where this deployment keeps export files: FOCUSCRAWL_DATA_DIR/exports. */
export function exportFilesContext(): ExportFilesContext {
  return { dataDir: loadEnv().FOCUSCRAWL_DATA_DIR };
}

/** Look for orphaned exports now and every EXPORT_SWEEP_MS (once per process). */
export function startExportSweeper(): void {
  if (g.focuscrawlExportSweeper) return;
  let isSweeping = false;
  const sweep = async (isStartup: boolean) => {
    if (isSweeping) return;
    isSweeping = true;
    try {
      const resumed = await recoverExportFiles(exportSql(), exportFilesContext(), isStartup);
      if (resumed.length) console.log(`[focuscrawl] resumed export files whose process had stopped: ${resumed.map((id) => `#${id}`).join(", ")}`);
    } catch (err) {
      console.error(`[focuscrawl] could not look for interrupted export files: ${(err as Error).message}`);
    } finally {
      isSweeping = false;
    }
  };
  g.focuscrawlExportSweeper = setInterval(() => void sweep(false), EXPORT_SWEEP_MS);
  g.focuscrawlExportSweeper.unref();
  void sweep(true);
}
