import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "csv-parse/sync";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { leaseQueued, storeTestPage } from "../testing/results-fixtures";
import { enqueueLinks } from "./frontier";
import { storeNonPage } from "./pages";
import { readCrawlReport, REPORT_KINDS, type ReportRecord } from "./crawl-reports";
import { writeReportCsv } from "../export/report-csv";

const ctx = useTestDatabase();

/** Queue `urls` as links found on page `pageId` (as storePage would), one level below it. */
async function queueFrom(jobId: number, pageId: string, depth: number, urls: string[]) {
  await ctx.db.sql.begin((tx) => enqueueLinks(tx, { jobId, depth, parentPageId: pageId, urls, hosts: urls.map((u) => new URL(u).host),
    anchors: urls.map(() => ""), priorities: urls.map(() => 0.5) }));
}

/** Fail a queued URL as the worker does after its last try. */
async function failQueued(jobId: number, url: string, reason: string) {
  const [f] = await leaseQueued(ctx.db.sql, jobId, url);
  await storeNonPage(ctx.db.sql, { jobId, frontierId: f.id, workerId: "w-test", host: new URL(url).host, status: "failed", reason, isFetched: true });
}

const sum = (rows: ReportRecord[], col: string) => rows.reduce((n, r) => n + Number(r[col] ?? 0), 0);
const byKey = (rows: ReportRecord[], col: string) => Object.fromEntries(rows.map((r) => [String(r[col]), r]));

/**
 * Seed a.test leads (through its links) to a.test/x, c.test/y, a.test/missing (404) and, two
 * links down, c.test/z; seed b.test fails; d.test/s was queued from no page (as a sitemap's URL is).
 */
async function crawlKnownPages() {
  const job = await makeJob(ctx.db.url, { seeds: "http://a.test/\nhttp://b.test/" });
  const seedA = await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/", title: "A", mainText: "计算机", relevance: 0.8, depth: 0, isQueued: true });
  await queueFrom(job.id, seedA, 1, ["http://a.test/x", "http://c.test/y", "http://a.test/missing"]);
  const x = await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/x", title: "X", mainText: "软件", relevance: 0.5, isQueued: true });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://c.test/y", title: "Y", mainText: "pdf", relevance: 0.05, isQueued: true, contentType: "Application/PDF" });
  await failQueued(job.id, "http://a.test/missing", "http-404");
  await queueFrom(job.id, x, 2, ["http://c.test/z"]);
  await storeTestPage(ctx.db.sql, job.id, { url: "http://c.test/z", title: "Z", mainText: "网络", relevance: 0.3, depth: 2, isQueued: true });
  await failQueued(job.id, "http://b.test/", "fetch-timeout");
  await storeTestPage(ctx.db.sql, job.id, { url: "http://d.test/s", title: "S", mainText: "文本", relevance: 0.1, contentType: "text/plain" });
  const [counters] = await ctx.db.sql<{ fetched: number; relevant: number; failed: number }[]>`
    select pages_fetched as fetched, pages_relevant as relevant, pages_failed as failed from jobs where id = ${job.id}`;
  return { jobId: job.id, counters };
}

test("each crawl report counts the known pages exactly, and its columns add up to the job page's counters", async () => {
  const { jobId, counters } = await crawlKnownPages();
  assert.deepEqual(counters, { fetched: 5, relevant: 3, failed: 2 });

  const seeds = await readCrawlReport(ctx.db.sql, jobId, "seeds");
  assert.deepEqual(seeds.map((r) => [r.seed, r.status, r.reason, r.urls, r.fetched, r.relevant, r.failed, r.pending]), [
    ["http://a.test/", "done", null, 5, 4, 3, 1, 0],
    ["http://b.test/", "failed", "fetch-timeout", 1, 0, 0, 1, 0],
    [null, null, null, 1, 1, 0, 0, 0], // d.test/s: queued from no page
  ]);

  const hosts = byKey(await readCrawlReport(ctx.db.sql, jobId, "hosts"), "host");
  assert.deepEqual(Object.keys(hosts).sort(), ["a.test", "b.test", "c.test", "d.test"]);
  assert.deepEqual([hosts["a.test"].fetched, hosts["a.test"].relevant, hosts["a.test"].failed], [2, 2, 1]);
  assert.deepEqual([hosts["b.test"].fetched, hosts["b.test"].failed], [0, 1]);
  assert.deepEqual([hosts["c.test"].fetched, hosts["c.test"].relevant, hosts["c.test"].failed], [2, 1, 0]);
  assert.ok(Number(hosts["a.test"].bytes) > 0 && hosts["b.test"].bytes === 0);
  assert.equal(hosts["a.test"].robots, "unknown");

  const mimes = byKey(await readCrawlReport(ctx.db.sql, jobId, "mime-types"), "mime_type");
  assert.deepEqual(Object.fromEntries(Object.entries(mimes).map(([k, r]) => [k, [r.fetched, r.relevant]])),
    { "text/html": [3, 3], "application/pdf": [1, 0], "text/plain": [1, 0] });

  const statuses = await readCrawlReport(ctx.db.sql, jobId, "status-codes");
  assert.deepEqual(statuses.map((r) => [r.status, r.fetched, r.failed]), [[200, 5, 0], [404, 0, 1], [null, 0, 1]]);

  const depths = await readCrawlReport(ctx.db.sql, jobId, "depths");
  assert.deepEqual(depths.map((r) => [r.depth, r.fetched, r.relevant, r.failed]), [[0, 1, 1, 1], [1, 3, 1, 1], [2, 1, 1, 0]]);

  for (const kind of REPORT_KINDS) {
    const rows = await readCrawlReport(ctx.db.sql, jobId, kind);
    assert.equal(sum(rows, "fetched"), counters.fetched, `${kind}: fetched`);
    if (kind !== "status-codes") assert.equal(sum(rows, "relevant"), counters.relevant, `${kind}: relevant`);
    if (kind !== "mime-types") assert.equal(sum(rows, "failed"), counters.failed, `${kind}: failed`);
  }
});

test("a report's CSV has its header, one row per report row, and a host name that looks like a formula stays text", async () => {
  const job = await makeJob(ctx.db.url, { seeds: "http://a.test/" });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/", title: "A", mainText: "计算机", relevance: 0.8, depth: 0, isQueued: true });
  await ctx.db.sql`update hosts set robots_state = '=cmd' where job_id = ${job.id}`;
  const csv = writeReportCsv("hosts", await readCrawlReport(ctx.db.sql, job.id, "hosts"));
  assert.ok(csv.startsWith("\ufeffhost,robots,fetched,relevant,failed,bytes,held_back\r\n"));
  const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  assert.equal(rows.length, 1);
  assert.deepEqual([rows[0].host, rows[0].robots, rows[0].fetched, rows[0].relevant], ["a.test", "'=cmd", "1", "1"]);
});
