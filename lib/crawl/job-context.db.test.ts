import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { createJobContextCache, JOB_IDLE_FORGET_MS } from "./job-context";

const ctx = useTestDatabase();

test("a worker's job cache keeps a job's scorer while its revision stays, and forgets jobs it no longer works on", async () => {
  const a = await makeJob(ctx.db.url, { keywords: "计算机" });
  const b = await makeJob(ctx.db.url, { keywords: "水稻" });
  let clock = 1_000_000;
  const contextOf = createJobContextCache(ctx.db.sql, { now: () => clock });

  const first = await contextOf(a.id);
  clock += 60_000; // past the 10 s refresh: the context is loaded again, the scorer kept
  assert.equal((await contextOf(a.id)).topic, first.topic, "same topic revision, same scorer object");
  await contextOf(b.id);
  assert.deepEqual(contextOf.held(), { contexts: 2, scorers: 2 });

  // Job b keeps being asked for; job a is not, for longer than the idle limit.
  for (let t = 0; t <= JOB_IDLE_FORGET_MS; t += 60_000) {
    clock += 60_000;
    await contextOf(b.id);
  }
  assert.deepEqual(contextOf.held(), { contexts: 1, scorers: 1 }, "job a forgotten, job b kept");
  // Asked for again, job a is loaded afresh.
  const again = await contextOf(a.id);
  assert.equal(again.id, a.id);
  assert.notEqual(again.topic, first.topic, "a new scorer after being forgotten");
  assert.deepEqual(contextOf.held(), { contexts: 2, scorers: 2 });
});
