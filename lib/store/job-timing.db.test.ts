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

test("a running job's ETA comes from its last whole minute and the current one", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 1000 });
  await ctx.db.sql`update jobs set status = 'running', started_at = now() - interval '30 minutes', pages_fetched = 600, pages_reserved = 600 where id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed)
    select ${job.id}, date_trunc('minute', now()) - g * interval '1 minute', 20, 1, 0 from generate_series(1, 29) g`;
  const t = await readJobTiming(ctx.db.sql, job.id);
  assert.ok(t && t.etaMs !== null);
  // 20 URLs in the last whole minute plus the seconds of the current one (none yet): 10 to 20 a minute.
  assert.ok(t.perMinute <= 20 && t.perMinute >= 10, String(t.perMinute));
  assert.ok(t.windowMs >= 60_000 && t.windowMs <= 120_000, String(t.windowMs));
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
  assert.equal(t.windowMs, 90_000, "the last whole minute and the half minute up to the end");
  assert.equal(t.elapsedMs, 630_000);
  assert.equal(t.etaMs, null);
});

test("when the crawl slows down, the ETA grows with it instead of keeping the first minutes' estimate", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 2000 });
  // 600 URLs in each of the first two minutes, then 60 in the last whole one; the current one has just begun.
  await ctx.db.sql`update jobs set status = 'running', started_at = date_trunc('minute', now()) - interval '3 minutes',
    pages_fetched = 1260, pages_reserved = 1260 where id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed) values
    (${job.id}, date_trunc('minute', now()) - interval '3 minutes', 600, 10, 0), (${job.id}, date_trunc('minute', now()) - interval '2 minutes', 600, 10, 0),
    (${job.id}, date_trunc('minute', now()) - interval '1 minute', 60, 1, 0)`;
  const t = await readJobTiming(ctx.db.sql, job.id);
  assert.ok(t && t.etaMs !== null);
  // 740 pages left at 30–60 a minute: 12 minutes or more (the average since the start, ~400 a minute, said under 2).
  assert.ok(t.perMinute <= 60, String(t.perMinute));
  assert.ok(t.etaMs >= 740 / 60 * 60_000, String(t.etaMs));
});
