import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { recordJobEvent } from "../store/events";
import { deleteJobWithFiles } from "./export-files";
import { exportFilePath } from "./export-run";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-job-delete-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Every table that holds a job's rows. */
const TABLES = ["frontier", "pages", "page_bodies", "links", "hosts", "job_stats_minute", "job_events", "query_paths", "exports"];

async function countRows(jobId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [{ n }] = await ctx.db.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${t} where job_id = $1`, [jobId]);
    out[t] = n;
  }
  return out;
}

/** A job with pages, bodies, links, counters, an event and an export file on disk. */
async function makeFullJob(name: string): Promise<{ id: number; file: string }> {
  const job = await makeJob(ctx.db.url, { name, maxPages: 100, seeds: `http://${name}.test/` });
  for (let i = 0; i < 3; i++) {
    await storeTestPage(ctx.db.sql, job.id, { url: `http://${name}.test/p${i}`, title: `${name} ${i}`, mainText: "计算机 网络", relevance: 0.5 });
  }
  await ctx.db.sql`insert into links (job_id, from_page_id, to_url, to_url_key) select job_id, id, url || 'x', url || 'x' from pages where job_id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed) values (${job.id}, date_trunc('minute', now()) - interval '1 hour', 3, 3, 0)`;
  await ctx.db.sql`insert into query_paths (job_id, path, shapes) values (${job.id}, '/search', '{q}')`;
  await recordJobEvent(ctx.db.sql, job.id, "pause", "test");
  const [e] = await ctx.db.sql<{ id: number }[]>`insert into exports (job_id, format, status, is_snapshot, file_name)
    values (${job.id}, 'csv', 'done', true, ${`${name}.csv`}) returning id`;
  const file = exportFilePath(dataDir, e.id, "csv");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "url\n");
  return { id: job.id, file };
}

test("deleting an ended job removes its rows in every table and its export files, and nothing of another job", async () => {
  const gone = await makeFullJob("gone");
  const kept = await makeFullJob("kept");
  const before = await countRows(kept.id);
  const mine = await countRows(gone.id);
  for (const t of TABLES) assert.ok(mine[t] > 0, `the job to delete has rows in ${t}`);

  // A running job is refused, with what to do.
  const running = await deleteJobWithFiles(ctx.db.sql, gone.id, { dataDir });
  assert.ok(!running.ok && running.kind === "conflict" && /stop it first/.test(running.message));
  assert.ok(fs.existsSync(gone.file));

  await ctx.db.sql`update jobs set status = 'stopped', finished_at = now() where id = ${gone.id}`;
  assert.deepEqual(await deleteJobWithFiles(ctx.db.sql, gone.id, { dataDir }), { ok: true, files: 1 });
  assert.deepEqual(await countRows(gone.id), Object.fromEntries(TABLES.map((t) => [t, 0])));
  assert.equal((await ctx.db.sql`select 1 from jobs where id = ${gone.id}`).length, 0);
  assert.ok(!fs.existsSync(gone.file), "its export file is gone");

  assert.deepEqual(await countRows(kept.id), before, "the other job's rows are untouched");
  assert.ok(fs.existsSync(kept.file), "the other job's export file is kept");
  const again = await deleteJobWithFiles(ctx.db.sql, gone.id, { dataDir });
  assert.ok(!again.ok && again.kind === "not-found");
});
