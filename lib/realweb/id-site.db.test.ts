import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { buildRealWeb } from "./build";
import { loadBundledSample } from "./corpora";
import { startRealWeb, type RealWebServer } from "./server";

// The bundled CSL sample (bench/data/csl-dev.tsv, Apache-2.0, see NOTICE.md).
const SAMPLE = path.resolve(import.meta.dirname, "../../bench/data/csl-dev.tsv");
const SITE = "www.yixue-qk.cn"; // articles at /view?id=N&lang=zh, lists at /list.asp?page=N
let db: TestDatabase;
let web: RealWebServer;

before(async () => {
  db = await createTestDatabase();
  web = await startRealWeb(buildRealWeb(loadBundledSample(SAMPLE), 1, { deadHosts: 5 }));
});
after(async () => {
  await web.close();
  await db.drop();
});

test("a site whose articles live at /view?id=N&lang=zh is crawled whole, with only 5 query variants allowed per path", async () => {
  const articles = [...web.web.pages].filter(([url, p]) => p.host === SITE && p.kind === "content").map(([url]) => url);
  assert.ok(articles.length > 50, `the sample has ${articles.length} articles on ${SITE}`);
  const job = await makeJob(db.url, {
    strategy: "bfs", keywords: "医学,临床", seeds: `http://${SITE}/`, scope: "seed-hosts", resolve: `*=127.0.0.1:${web.port}`,
    minDelayMs: 0, maxHostConnections: 8, maxPages: 1000, maxQueryVariants: 5, adaptTopicAfter: 0,
  });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  const fetched = new Set((await db.sql<{ url: string }[]>`select url from pages where job_id = ${job.id}`).map((r) => r.url));
  const missed = articles.filter((u) => !fetched.has(u));
  assert.deepEqual(missed, [], `${missed.length} of ${articles.length} articles not crawled`);
});
