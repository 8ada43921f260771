/** The lookups replay reads: a capture by URL, which link targets a job captured, a URL's captures across a workflow's runs, and the replayed document. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { createWorkflow } from "./workflows";
import { capturedAmong, readCapture, readReplayDocument, readTimeline } from "./replay";

const ctx = useTestDatabase();

test("a capture is found by its URL, its captured link targets are told from the others, and its document links to their replays", async () => {
  const job = await makeJob(ctx.db.url, {});
  await storeTestPage(ctx.db.sql, job.id, { url: "http://r.test/a", title: "A", mainText: "a",
    html: `<html><body><a href="/b">B</a> <a href="http://r.test/c?utm_source=x#top">C</a> <a href="/d">D</a><script>alert(1)</script></body></html>` });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://r.test/b", title: "B", mainText: "b" });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://r.test/c", title: "C", mainText: "c" });

  const a = await readCapture(ctx.db.sql, job.id, "http://r.test/a");
  assert.equal(a?.title, "A");
  assert.equal(a?.hasBody, true);
  assert.equal(await readCapture(ctx.db.sql, job.id, "http://r.test/d"), null);
  assert.equal(await readCapture(ctx.db.sql, job.id + 1, "http://r.test/a"), null, "another job's capture is not this job's");
  assert.deepEqual([...await capturedAmong(ctx.db.sql, job.id, ["http://r.test/b", "http://r.test/d", "http://r.test/c"])].sort(), ["http://r.test/b", "http://r.test/c"]);

  const doc = await readReplayDocument(ctx.db.sql, job.id, a!, "not captured");
  assert.ok(doc);
  assert.deepEqual(doc.links, { captured: 2, missing: 1 });
  assert.match(doc.html, new RegExp(`href="/jobs/${job.id}/replay\\?url=http%3A%2F%2Fr.test%2Fc"[^>]*data-replay="captured"`), "a link is looked up by its canonical URL");
  assert.match(doc.html, new RegExp(`href="/jobs/${job.id}/replay\\?url=http%3A%2F%2Fr.test%2Fd"[^>]*data-replay="missing"`));
  assert.doesNotMatch(doc.html, /alert/);
});

test("the timeline lists a URL's captures in every run of the job's workflow, oldest first, with their run numbers", async () => {
  const made = await createWorkflow(ctx.prisma, "timeline", { keywords: "计算机", seeds: "http://t.test/", maxPages: 5, minDelayMs: 0, strategy: "bfs" });
  assert.ok(made.ok);
  const runs = [await makeJob(ctx.db.url, {}), await makeJob(ctx.db.url, {}), await makeJob(ctx.db.url, {})];
  // Ended runs (a workflow has one running run at most).
  for (const r of runs) await ctx.db.sql`update jobs set workflow_id = ${made.workflow.id}, status = 'done' where id = ${r.id}`;
  const other = await makeJob(ctx.db.url, {});
  await storeTestPage(ctx.db.sql, runs[0].id, { url: "http://t.test/p", title: "v1", mainText: "1" });
  await storeTestPage(ctx.db.sql, runs[2].id, { url: "http://t.test/p", title: "v3", mainText: "3" });
  await storeTestPage(ctx.db.sql, other.id, { url: "http://t.test/p", title: "elsewhere", mainText: "x" });

  const timeline = await readTimeline(ctx.db.sql, runs[2].id, "http://t.test/p");
  assert.deepEqual(timeline.map((e) => [e.jobId, e.run, e.title]), [[runs[0].id, 1, "v1"], [runs[2].id, 3, "v3"]]);
  const alone = await readTimeline(ctx.db.sql, other.id, "http://t.test/p");
  assert.deepEqual(alone.map((e) => [e.jobId, e.run]), [[other.id, null]]);
});
