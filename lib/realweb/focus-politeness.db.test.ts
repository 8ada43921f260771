/**
 * Focus under politeness on real text: the bundled CSL sample's journals behind a directory
 * portal with hosts that refuse connections, a topic from one CLC class alone, every host held
 * to a delay between requests as by default. The focused crawl must keep finding the class's
 * articles while the irrelevant journals wait, and bfs, which takes whatever host is ready, must not.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { labelRealWeb } from "./build";
import type { RealWebServer } from "./server";
import { startSampleWeb } from "./sample-web";

const TARGET = "R";
const PAGES = 60;
let db: TestDatabase;
let web: RealWebServer;
let relevant: Set<string>;

before(async () => {
  db = await createTestDatabase();
  web = await startSampleWeb({ deadHosts: 40 });
  const labels = labelRealWeb(web.web, TARGET);
  relevant = new Set(Object.entries(labels.pages).filter(([, p]) => p.relevant).map(([url]) => url));
});
after(async () => {
  await web.close();
  await db.drop();
});

/** Relevant pages among the first PAGES pages the strategy stored, with politeness on (150 ms per host, one connection). */
async function harvest(strategy: string) {
  const job = await makeJob(db.url, {
    strategy, clc: TARGET, keywords: "", seeds: web.web.portal, resolve: `*=127.0.0.1:${web.port}`, minDelayMs: 150, maxHostConnections: 1,
    maxPages: PAGES + 100, connectTimeoutMs: 1000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000, adaptTopicAfter: 0,
  });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  // Stopped once it has stored PAGES pages: the refused hosts' retries would keep it going for minutes.
  let isFinished = false;
  const running = worker.run().finally(() => { isFinished = true; });
  const stored = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${job.id}`)[0].n;
  while (!isFinished && (await stored()) < PAGES) await new Promise((r) => setTimeout(r, 200));
  worker.drain();
  await running;
  const urls = (await db.sql<{ url: string }[]>`select url from pages where job_id = ${job.id} order by id limit ${PAGES}`).map((r) => r.url);
  assert.equal(urls.length, PAGES, `${strategy} stored ${urls.length} pages`);
  return urls.filter((u) => relevant.has(u)).length / urls.length;
}

test(`with a delay on every host, best-first harvests at least 3× bfs's ${TARGET} articles in its first ${PAGES} pages from a portal seed`, async () => {
  assert.ok(relevant.size >= 20, `the sample has ${relevant.size} ${TARGET} articles`);
  const bfs = await harvest("bfs");
  const focused = await harvest("best-first");
  console.log(`harvest at ${PAGES} pages: bfs ${bfs.toFixed(3)}, best-first ${focused.toFixed(3)}`);
  assert.ok(focused >= 3 * bfs && focused >= 0.3, `best-first ${focused.toFixed(3)} against bfs ${bfs.toFixed(3)}`);
});
