import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { labelTestWeb } from "../testweb/generator";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { runCli } from "../testing/cli";

let db: TestDatabase;
let web: TestWebServer;
before(async () => {
  db = await createTestDatabase();
  web = await startTestWeb({ seed: 1, pages: 5000 });
});
after(async () => {
  await web.close();
  await db.drop();
});

const cli = (args: string[]) => runCli(args, db.url);

test("focuscrawl eval compares strategies on the test web: table, charts, and a focused strategy at least twice bfs's harvest at 1,000 pages", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-eval-"));
  const labels = path.join(dir, "labels.json");
  const labelled = labelTestWeb(web.web, "TP");
  fs.writeFileSync(labels, JSON.stringify(labelled));
  const labelsRelevant = () => labelled.relevantCount;
  const out = path.join(dir, "results");
  const r = await cli(["eval", "--seed", web.web.portal, "--clc", "TP", "--strategies", "bfs,best-first,cmscrawler", "--max-pages", "1000",
    "--checkpoints", "500,1000", "--labels", labels, "--resolve", `*=127.0.0.1:${web.port}`, "--allow-private", "--delay-ms", "0", "--adapt-after", "100", "--out", out]);
  assert.equal(r.code, 0, r.stderr);
  const results = JSON.parse(fs.readFileSync(path.join(out, "results.json"), "utf8"));
  const at1000 = (s: string) => results.results.find((x: { strategy: string }) => x.strategy === s).checkpoints.find((c: { pages: number }) => c.pages === 1000);
  const bfs = at1000("bfs");
  const best = Math.max(at1000("best-first").harvestRate, at1000("cmscrawler").harvestRate);
  assert.ok(best >= 2 * bfs.harvestRate, `best focused ${best} vs bfs ${bfs.harvestRate}`);
  for (const s of ["bfs", "best-first", "cmscrawler"]) {
    const c = at1000(s);
    assert.ok(c.recall > 0 && c.recall <= 1 && c.avgSubmittedLinks > 0 && c.msPerPredictedLink > 0 && c.mimeContribution > 0, `${s}: ${JSON.stringify(c)}`);
  }
  // With --adapt-after 100 each job's topic learned from its own pages once it had 100 of them.
  const learnedAt = results.results.find((x: { strategy: string }) => x.strategy === "best-first").topicLearning.learnedAt;
  assert.ok(learnedAt >= 100 && learnedAt < 1000, `best-first learned at ${learnedAt}`);
  const md = fs.readFileSync(path.join(out, "results.md"), "utf8");
  assert.match(md, new RegExp(`\\| best-first \\|.*\\| ${learnedAt} pages( \\(put off \\d×\\))? \\| max-pages \\|`));
  assert.match(md, /\| cmscrawler \| 0\.\d{3} \| 0\.\d{3} \|/);
  // Relevant pages by time: each ended crawl holds by every mark what it found in all (labels: its relevant pages fetched).
  for (const r of results.results as { strategy: string; byTime: { minutes: number; relevant: number }[]; checkpoints: { pages: number; recall: number }[]; endedAfterMs: number }[]) {
    const total = Math.round(r.checkpoints[r.checkpoints.length - 1].recall * labelsRelevant());
    assert.deepEqual(r.byTime.map((b) => b.minutes), [1, 2, 5, 10], r.strategy);
    assert.ok(r.byTime.every((b, i) => b.relevant <= total && (i === 0 || b.relevant >= r.byTime[i - 1].relevant)), `${r.strategy}: ${JSON.stringify(r.byTime)}`);
    // All it found by 10 minutes, when it ended by then (a crawl on a very busy machine may not have).
    if (r.endedAfterMs <= 600_000) assert.equal(r.byTime[3].relevant, total, r.strategy);
    assert.match(md, new RegExp(`\\| ${r.strategy} \\| ${r.byTime.map((b) => b.relevant).join(" \\| ")} \\|`));
  }
  for (const svg of ["harvest.svg", "recall.svg", "time.svg"]) assert.match(fs.readFileSync(path.join(out, svg), "utf8"), /^<svg[\s\S]*cmscrawler[\s\S]*<\/svg>\n$/);
});

test("focuscrawl eval refuses unknown strategies with the allowed ones, and a bad label file", async () => {
  const bad = await cli(["eval", "--seed", "http://portal.test/", "--keywords", "计算机", "--strategies", "bfs,dfs"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown strategy dfs: use any of bfs, tianwang, best-first/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fc-eval-")), "labels.json");
  fs.writeFileSync(file, "{}");
  const noLabels = await cli(["eval", "--seed", "http://portal.test/", "--keywords", "计算机", "--labels", file]);
  assert.equal(noLabels.code, 2);
  assert.match(noLabels.stderr, /--labels .*the label file has no pages/);
});
