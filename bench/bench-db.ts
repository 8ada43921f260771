/** A throwaway embedded PostgreSQL with a migrated database for one benchmark run, removed afterwards. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase } from "../lib/store/infra/connect";
import { startEmbeddedPostgres } from "../lib/store/infra/embedded";
import { migrate } from "../lib/store/infra/migrate";
import { openSql, type Sql } from "../lib/store/infra/sql";
import { freePort } from "../lib/testing/net";

/**
 * Run `fn` with the database's URL and a pool of 4 connections; everything is removed after,
 * unless `keepDir` names where the database lives (made there when missing, used again after).
 */
export async function withBenchDatabase(name: string, fn: (url: string, sql: Sql) => Promise<void>,
  opts: { keepDir?: string } = {}): Promise<void> {
  const dataDir = opts.keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `fc-${name}-`));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    await ensureDatabase(pg.url(), "bench");
    const url = pg.url("bench");
    const sql = openSql(url, { max: 4 });
    await migrate(sql);
    try {
      await fn(url, sql);
    } finally {
      await sql.end();
    }
  } finally {
    await pg.stop();
    if (!opts.keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
