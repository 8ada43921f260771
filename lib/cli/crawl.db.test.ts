import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { runCli } from "../testing/cli";

let db: TestDatabase;
let web: TestWebServer;

before(async () => {
  db = await createTestDatabase();
  web = await startTestWeb({ seed: 1, pages: 5000, keepLog: true });
});
after(async () => {
  await web.close();
  await db.drop();
});

const cli = (args: string[]) => runCli(args, db.url);

test("focuscrawl crawl fetches 2,000 pages of the test web, none twice, and reports every 100", async () => {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fc-cli-")), "report.json");
  const r = await cli(["crawl", "--seed", web.web.portal, "--keywords", "计算机,软件,网络,数据库,算法", "--strategy", "bfs",
    "--max-pages", "2000", "--resolve", `*=127.0.0.1:${web.port}`, "--allow-private", "--delay-ms", "0", "--report", report]);
  assert.equal(r.code, 0, r.stderr);
  const rep = JSON.parse(fs.readFileSync(report, "utf8"));
  assert.equal(rep.totals.fetched, 2000);
  const done = rep.urls.filter((u: { status: string }) => u.status === "done");
  assert.equal(done.length, 2000);
  assert.equal(new Set(done.map((u: { url: string }) => u.url)).size, 2000);
  const skipped = rep.urls.filter((u: { status: string }) => u.status !== "done");
  assert.ok(skipped.every((u: { url: string; reason: string }) => u.reason === "robots" && u.url.includes("/private/")));
  assert.equal(rep.rows.length, 20);
  assert.deepEqual(rep.rows.map((row: { fetched: number }) => row.fetched), Array.from({ length: 20 }, (_, i) => (i + 1) * 100));
  for (const row of rep.rows) {
    assert.ok(row.relevant <= row.fetched && Math.abs(row.harvestRate - row.relevant / row.fetched) < 1e-12);
    assert.ok(row.frontierSize > 0 && row.elapsedMs >= 0);
  }
  assert.ok(done.every((u: { depth: number }) => u.depth >= 0));
  const paths = web.log.map((l) => `${l.host}${l.path}`);
  assert.equal(new Set(paths).size, paths.length, "the test web saw a URL (or a robots.txt) requested twice");
  assert.ok(!paths.some((p) => p.includes("/private/")));
});

test("bad input is refused with exit code 2 and nothing is written", async () => {
  const [before] = await db.sql`select count(*)::int as n from jobs`;
  const r = await cli(["crawl", "--seed", "ftp://x.test/", "--keywords", "", "--max-pages", "lots"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /keywords: give at least one keyword/);
  assert.match(r.stderr, /only http:\/\/ and https:\/\//);
  assert.match(r.stderr, /maxPages must be a whole number/);
  const [afterCount] = await db.sql`select count(*)::int as n from jobs`;
  assert.equal(afterCount.n, before.n);
});
