/**
 * `focuscrawl judge-queue`: the next pages of a job to judge, as the results page's "judge these"
 * offers them (lib/store/judge-queue.ts), one JSON object a line, for scripted evaluation.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../store/infra/connect";
import { openSql } from "../store/infra/sql";
import { loadEnv } from "../env";
import { readJudgeQueue } from "../store/judge-queue";
import { JUDGE_BATCH_SIZE, MAX_JUDGE_BATCH_SIZE } from "../results/judge-batch";
import { intFlag, UsageError } from "./args";

/** Help text of the judge-queue command. */
export const JUDGE_QUEUE_USAGE = `focuscrawl judge-queue --job N [--size ${JUDGE_BATCH_SIZE}]
  --job N    the job whose pages to judge
  --size N   pages in the batch (1-${MAX_JUDGE_BATCH_SIZE}, default ${JUDGE_BATCH_SIZE})
  prints the next batch, one JSON line a page: id, url, title, host, kind, relevance, threshold, side (over|under)`;

/** Run the judge-queue command; returns the process exit code (1: no such job). */
export async function runJudgeQueue(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { job: { type: "string" }, size: { type: "string" } }, strict: true });
  const jobId = intFlag("job", values.job);
  if (jobId === undefined) throw new UsageError("--job is required: the id of the job whose pages to judge");
  const size = intFlag("size", values.size, JUDGE_BATCH_SIZE)!;
  if (size < 1 || size > MAX_JUDGE_BATCH_SIZE) throw new UsageError(`--size must be from 1 to ${MAX_JUDGE_BATCH_SIZE}, got ${size}`);
  const db = await openDatabase(loadEnv(), (l) => console.error(l));
  const sql = openSql(db.url, { max: 2, app: "focuscrawl-judge-queue" });
  try {
    const queue = await readJudgeQueue(sql, jobId, size);
    if (!queue) {
      console.error(`job ${jobId} does not exist: list the jobs on the dashboard's home page`);
      return 1;
    }
    for (const p of queue.items) {
      console.log(JSON.stringify({ id: p.id, url: p.url, title: p.title, host: p.host, kind: p.kind, relevance: p.relevance,
        threshold: queue.threshold, side: p.relevance >= queue.threshold ? "over" : "under" }));
    }
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}
