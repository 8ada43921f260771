import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { readJobTiming } from "./job-timing";

const ctx = useTestDatabase();

test("six seconds in, the rate is over the six seconds run, the budget used agrees with the counters, and there is no ETA yet", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 100_000 });
  await ctx.db.sql`update jobs set status = 'running', started_at = now() - interval '6 seconds',
    pages_fetched = 36, pages_failed = 0, pages_reserved = 40 where id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed) values (${job.id}, date_trunc('minute', now()), 36, 5, 0)`;
  const t = await readJobTiming(ctx.db.sql, job.id);
  assert.ok(t);
  assert.deepEqual([t.reserved, t.fetched, t.failed], [40, 36, 0]);
  // 36 URLs in about 6 s: about 360 a minute (not 36 over a minute the job has not run, nor 1).
  assert.ok(t.perMinute > 200 && t.perMinute < 400, String(t.perMinute));
  assert.equal(t.etaMs, null, "too early for an estimate");
});

test("a running job's ETA comes from its last five minutes", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 1000 });
  await ctx.db.sql`update jobs set status = 'running', started_at = now() - interval '30 minutes', pages_fetched = 600, pages_reserved = 600 where id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed)
    select ${job.id}, date_trunc('minute', now()) - g * interval '1 minute', 20, 1, 0 from generate_series(1, 29) g`;
  const t = await readJobTiming(ctx.db.sql, job.id);
  assert.ok(t && t.etaMs !== null);
  // 80 URLs in the four whole minutes plus the seconds of the current one (none yet): at most 20 a minute.
  assert.ok(t.perMinute <= 20 && t.perMinute > 15, String(t.perMinute));
  assert.ok(t.etaMs >= 400 / 20 * 60_000, "400 pages left at at most 20 a minute");
});

test("after the job ended, its rate is the one up to its end and no longer falls", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 1000 });
  await ctx.db.sql`update jobs set status = 'done', started_at = date_trunc('minute', now()) - interval '20 minutes',
    finished_at = date_trunc('minute', now()) - interval '10 minutes' + interval '30 seconds', pages_fetched = 300, pages_reserved = 300 where id = ${job.id}`;
  // 30 URLs a minute from start to end; the last, half minute holds 15.
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed)
    select ${job.id}, date_trunc('minute', now()) - g * interval '1 minute', case when g = 10 then 15 else 30 end, 1, 0 from generate_series(10, 20) g`;
  const t = await readJobTiming(ctx.db.sql, job.id);
  assert.ok(t);
  assert.equal(Math.round(t.perMinute), 30);
  assert.equal(t.windowMs, 270_000, "four minutes and a half up to the end");
  assert.equal(t.elapsedMs, 630_000);
  assert.equal(t.etaMs, null);
});
