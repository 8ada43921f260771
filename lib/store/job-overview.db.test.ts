import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { listJobOverview, pagesPerMinute, parseStatusFilter, RATE_MINUTES } from "./job-overview";

const ctx = useTestDatabase();

test("the home list filters by status and counts each job's pages a minute over the last hour", async () => {
  const running = await makeJob(ctx.db.url, { name: "running one" });
  const done = await makeJob(ctx.db.url, { name: "done one" });
  await ctx.db.sql`update jobs set status = 'done', finish_reason = 'max-pages' where id = ${done.id}`;
  for (let i = 0; i < 6; i++) await storeTestPage(ctx.db.sql, running.id, { url: `http://a.test/${i}`, title: `${i}`, mainText: "计算机" });
  // Pages 0-2 now, 3-4 ten minutes ago (backdated), 5 two hours ago (outside the hour).
  await ctx.db.sql`update pages set fetched_at = now() - interval '10 minutes 5 seconds' where url in ('http://a.test/3', 'http://a.test/4')`;
  await ctx.db.sql`update pages set fetched_at = now() - interval '2 hours' where url = 'http://a.test/5'`;

  const rates = await pagesPerMinute(ctx.db.sql, [running.id, done.id]);
  const series = rates.get(running.id)!;
  assert.equal(series.length, RATE_MINUTES);
  assert.equal(series[RATE_MINUTES - 1], 3);
  assert.equal(series[RATE_MINUTES - 1 - 10], 2);
  assert.equal(series.reduce((a, b) => a + b, 0), 5);
  assert.deepEqual(rates.get(done.id), new Array(RATE_MINUTES).fill(0));

  const names = async (status?: string) => (await listJobOverview(ctx.db.sql, parseStatusFilter(status))).jobs.map((j) => j.name);
  assert.deepEqual(await names(), ["done one", "running one"]);
  assert.deepEqual(await names("active"), ["running one"]);
  assert.deepEqual(await names("done"), ["done one"]);
  assert.deepEqual(await names("nonsense"), ["done one", "running one"]);
  const { counts, jobs } = await listJobOverview(ctx.db.sql, null);
  assert.deepEqual(counts, { running: 1, done: 1 });
  assert.equal(jobs.find((j) => j.id === running.id)?.pagesFetched, 6);
});
