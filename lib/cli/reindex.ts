/** `focuscrawl reindex`: give search vectors to pages stored before full-text search existed. */
import { parseArgs } from "node:util";
import { openDatabase } from "../store/infra/connect";
import { openSql } from "../store/infra/sql";
import { loadEnv } from "../env";
import { fillSearchVectors } from "../store/search-vector";
import { intFlag } from "./args";

/** Help text of the reindex command. */
export const REINDEX_USAGE = `focuscrawl reindex [--job N]
  --job N   only this job's pages (default: every job)`;

/** Run the reindex command; returns the process exit code. */
export async function runReindex(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { job: { type: "string" } }, strict: true });
  const jobId = intFlag("job", values.job) ?? null;
  const db = await openDatabase(loadEnv(), (l) => console.error(l));
  const sql = openSql(db.url, { max: 2, app: "focuscrawl-reindex" });
  try {
    console.log(`search vectors given to ${await fillSearchVectors(sql, jobId)} pages`);
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}
