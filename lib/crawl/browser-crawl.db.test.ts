/**
 * Crawling a site whose text JavaScript writes, with a real worker, database and Chromium: over
 * HTTP its pages are stored empty and its links never found; in browser and auto mode the
 * articles are found and relevant; a page's request to another private address is refused and
 * reported on the page; a page that never finishes loading is stored at its budget.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { JS_SITE, startJsSite, type JsSite } from "../testing/js-site";
import { createCrawlWorker } from "./worker";
import { readRenderStats } from "../store/render-stats";

let db: TestDatabase;
let site: JsSite;

before(async () => {
  db = await createTestDatabase();
  site = await startJsSite();
});
after(async () => {
  await site.close();
  await db.drop();
});

/** Crawl the site from `seed` in `fetchMode`; loopback is allowed by address only (127.0.0.1/32), so 127.0.0.2 stays private. */
async function crawl(seed: string, fetchMode: string, maxPages = 8) {
  const job = await makeJob(db.url, { keywords: "数据库,索引,查询", seeds: `http://${JS_SITE}${seed}`, fetchMode, maxPages, minDelayMs: 0,
    resolve: [`${JS_SITE}=127.0.0.1:${site.port}`] });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 2, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.1/32"], jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
    browser: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", maxPages: 2, pageBudgetMs: 4_000, heapMb: 256, userAgent: "FocusCrawl-test" },
  });
  await worker.run();
  return db.sql<{ job_id: number; url: string; main_text: string; is_relevant: boolean; render: { blocked: string[]; isTimedOut: boolean; requests: number } | null }[]>`
    select job_id, url, main_text, is_relevant, render from pages where job_id = ${job.id} order by id`;
}

test("over HTTP the JavaScript site's front page is stored empty and its articles are never found", async () => {
  const pages = await crawl("/", "http");
  assert.equal(pages.length, 1);
  assert.equal(pages[0].is_relevant, false);
  assert.doesNotMatch(pages[0].main_text, /数据库/);
  assert.equal(pages[0].render, null);
});

for (const mode of ["browser", "auto"]) {
  test(`in ${mode} mode the articles written by JavaScript are found, rendered and relevant`, async () => {
    const pages = await crawl("/", mode);
    const articles = pages.filter((p) => p.url.includes("/article/"));
    assert.ok(articles.length >= 5, `${articles.length} articles`);
    assert.ok(articles.every((p) => p.is_relevant && p.render !== null && /关系数据库/.test(p.main_text)));
  });
}

test("a rendered page's request to another private address is refused and reported on the page", async () => {
  const before = site.secretHits();
  const [page] = await crawl("/probe.html", "browser", 1);
  assert.deepEqual(page.render?.blocked, [site.secretUrl]);
  assert.equal(site.secretHits(), before);
  const stats = await readRenderStats(db.sql, page.job_id);
  assert.equal(stats.blockedTotal, 1);
  assert.deepEqual(stats.blocked, [{ page: page.url, url: site.secretUrl }]);
  assert.match(page.main_text, /关系数据库/);
});

test("a page that never finishes loading is stored at its budget, and the worker goes on to the end of the job", async () => {
  const [page] = await crawl("/hang.html", "browser", 1);
  assert.equal(page.render?.isTimedOut, true);
  assert.match(page.main_text, /关系数据库/);
});
