/**
 * What a site turned out to be (docs/ALGORITHMS.md §2.8), on real text: the bundled CSL sample's
 * journals behind a directory portal, with the decoy (topic pages that score well for the class,
 * hundreds of download pages that do not) and the plain-entry site (plain home and column pages,
 * articles behind them), politeness on. A focused crawl must leave the decoy after a bounded number
 * of its pages and find the plain site's articles.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { labelRealWeb } from "./build";
import { DECOY_CLASSES, DECOY_SITES, PLAIN_HOSTS } from "./decoys";
import type { RealWebServer } from "./server";
import { startSampleWeb } from "./sample-web";

const TARGET = "R";
const PAGES = 200;
/** The decoy's pages a focused crawl may spend before it leaves (the lab's bar, bench/LAB.md). */
const DECOY_BUDGET = 30;
let db: TestDatabase;
let web: RealWebServer;
let relevant: Set<string>;

before(async () => {
  db = await createTestDatabase();
  web = await startSampleWeb({ deadHosts: 20, decoys: true });
  const labels = labelRealWeb(web.web, TARGET);
  relevant = new Set(Object.entries(labels.pages).filter(([, p]) => p.relevant).map(([url]) => url));
});
after(async () => {
  await web.close();
  await db.drop();
});

/** The first PAGES pages a crawl of `strategy` stored, with politeness on (150 ms per host, one connection). */
async function crawl(strategy: string, priorityFeedback: boolean): Promise<string[]> {
  const job = await makeJob(db.url, {
    strategy, priorityFeedback, clc: TARGET, keywords: "", seeds: web.web.portal, resolve: `*=127.0.0.1:${web.port}`, minDelayMs: 150,
    maxHostConnections: 1, maxPages: PAGES + 100, connectTimeoutMs: 1000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000,
  });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  let isFinished = false;
  const running = worker.run().finally(() => { isFinished = true; });
  const stored = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${job.id}`)[0].n;
  while (!isFinished && (await stored()) < PAGES) await new Promise((r) => setTimeout(r, 200));
  worker.drain();
  await running;
  return (await db.sql<{ url: string }[]>`select url from pages where job_id = ${job.id} order by id limit ${PAGES}`).map((r) => r.url);
}

test(`best-first with host feedback leaves the decoy within ${DECOY_BUDGET} of its pages and finds the plain-entry site's ${TARGET} articles`, async () => {
  const urls = await crawl("best-first", true);
  // The decoy made for the class (the others are merely irrelevant sites for it, looked into and left).
  const decoy = urls.filter((u) => new URL(u).host === DECOY_SITES[DECOY_CLASSES.indexOf(TARGET)]).length;
  const plain = urls.filter((u) => PLAIN_HOSTS.includes(new URL(u).host) && relevant.has(u)).length;
  const harvest = urls.filter((u) => relevant.has(u)).length;
  console.log(`first ${urls.length} pages: ${decoy} of the decoy, ${plain} relevant of the plain-entry site, ${harvest} relevant in all`);
  assert.equal(urls.length, PAGES);
  assert.ok(decoy <= DECOY_BUDGET, `${decoy} pages of the decoy`);
  assert.ok(plain >= 1, `${plain} relevant pages of the plain-entry site`);
});
