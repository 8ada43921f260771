import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { judgePage } from "./judgements";
import { readJudgeQueue } from "./judge-queue";
import { runCli } from "../testing/cli";

const ctx = useTestDatabase();

test("the judge queue: unjudged pages nearest the job's threshold, over and under in turn, one per site first; judged ones leave it", async () => {
  const job = await makeJob(ctx.db.url, { pageThreshold: "0.1" });
  const ids: Record<string, string> = {};
  const pages: [string, number][] = [
    ["http://a.test/1", 0.11], ["http://a.test/2", 0.105], ["http://a.test/3", 0.102], ["http://b.test/1", 0.09], ["http://c.test/1", 0.5],
    ["http://d.test/1", 0.02], ["http://e.test/1", 0.13], ["http://f.test/1", 0.095],
  ];
  for (const [url, relevance] of pages) ids[url] = await storeTestPage(ctx.db.sql, job.id, { url, title: url, mainText: `正文 ${url}`, relevance });
  const q = await readJudgeQueue(ctx.db.sql, job.id, 4);
  assert.ok(q);
  assert.equal(q.threshold, 0.1);
  assert.deepEqual(q.items.map((p) => p.url), ["http://a.test/3", "http://f.test/1", "http://e.test/1", "http://b.test/1"],
    "a.test's nearest page, then the nearest under, then e.test (a.test has its one), then the next under");
  assert.deepEqual([q.judgedRelevant, q.judgedIrrelevant], [0, 0]);
  assert.ok(q.items[0].excerpt.startsWith("正文"));

  await judgePage(ctx.db.sql, job.id, ids["http://a.test/3"], "relevant");
  await judgePage(ctx.db.sql, job.id, ids["http://f.test/1"], "irrelevant");
  const next = (await readJudgeQueue(ctx.db.sql, job.id, 4))!;
  assert.ok(!next.items.some((p) => p.url === "http://a.test/3" || p.url === "http://f.test/1"), "judged pages are not asked again");
  assert.equal(next.items[0].url, "http://a.test/2");
  assert.deepEqual([next.judgedRelevant, next.judgedIrrelevant], [1, 1]);
  assert.equal(await readJudgeQueue(ctx.db.sql, 987654), null);
});

test("focuscrawl judge-queue prints the same batch as JSON lines; a missing job or bad size is refused", async () => {
  const job = await makeJob(ctx.db.url, { pageThreshold: "0.1" });
  for (const [url, relevance] of [["http://a.test/1", 0.13], ["http://b.test/1", 0.08], ["http://c.test/1", 0.6]] as const) {
    await storeTestPage(ctx.db.sql, job.id, { url, title: url, mainText: `正文 ${url}`, relevance });
  }
  const r = await runCli(["judge-queue", "--job", String(job.id), "--size", "2"], ctx.db.url);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => [l.url, l.side, l.threshold]), [["http://b.test/1", "under", 0.1], ["http://a.test/1", "over", 0.1]]);
  assert.deepEqual(lines.map((l) => l.id), (await readJudgeQueue(ctx.db.sql, job.id, 2))!.items.map((p) => p.id));
  assert.equal((await runCli(["judge-queue", "--job", "987654"], ctx.db.url)).code, 1);
  assert.equal((await runCli(["judge-queue", "--job", String(job.id), "--size", "0"], ctx.db.url)).code, 2);
});
