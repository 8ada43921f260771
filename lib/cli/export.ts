/** `focuscrawl export`: write a job's pages (optionally filtered) to a CSV, JSON Lines or WARC file. */
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { openDatabase } from "../store/infra/connect";
import { openSql } from "../store/infra/sql";
import { loadEnv } from "../env";
import { STREAMED_FORMATS, openExport } from "../export/export-job";
import { RESULT_PARAMS } from "../results/filters";
import { intFlag, UsageError } from "./args";

/** Help text of the export command. */
export const EXPORT_USAGE = `focuscrawl export --job N --format ${STREAMED_FORMATS.join("|")} --out FILE [--filter NAME=VALUE ...]
  --job N               the job to export
  --format F            csv (UTF-8 with BOM), jsonl (one object a page, with main text) or warc (WARC 1.1, gzip per record)
  --out FILE            where to write
  --filter NAME=VALUE   only the pages the results page would show for it; names: ${Object.keys(RESULT_PARAMS).filter((k) => k !== "after").join(", ")}
                        e.g. --filter view=relevant --filter host=nong.test --filter q=农业机械`;

/** Run the export command; returns the process exit code. */
export async function runExport(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { job: { type: "string" }, format: { type: "string" }, out: { type: "string" }, filter: { type: "string", multiple: true } },
    strict: true,
  });
  const jobId = intFlag("job", values.job);
  if (jobId === undefined) throw new UsageError(`--job is required\n${EXPORT_USAGE}`);
  if (!values.out) throw new UsageError(`--out FILE is required\n${EXPORT_USAGE}`);
  const params = new URLSearchParams({ format: values.format ?? "" });
  for (const f of values.filter ?? []) {
    const eq = f.indexOf("=");
    if (eq < 1) throw new UsageError(`--filter must be NAME=VALUE, e.g. --filter view=relevant; got "${f}"`);
    params.append(f.slice(0, eq), f.slice(eq + 1));
  }
  const db = await openDatabase(loadEnv(), (l) => console.error(l));
  const sql = openSql(db.url, { max: 2, app: "focuscrawl-export" });
  try {
    const opened = await openExport(sql, jobId, params);
    if (!opened.ok) {
      console.error(`focuscrawl export: ${opened.problem.message}`);
      return opened.problem.status === 404 ? 1 : 2;
    }
    if (opened.value.isSnapshot) console.error(`job ${jobId} is still running: this export is a snapshot of the pages stored so far`);
    // Written to a temporary name first, so that a failed export never leaves a half file under FILE.
    const partial = `${values.out}.partial`;
    await pipeline(Readable.from(opened.value.chunks), fs.createWriteStream(partial));
    fs.renameSync(partial, values.out);
    console.error(`wrote ${values.out}`);
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}
