import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { insertRequests, listRequests, parseRequestFilters, trimRequests, type RequestEntry } from "../store/request-log";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let web: TestWebServer;
before(async () => {
  db = await createTestDatabase();
  web = await startTestWeb({ seed: 3, pages: 400, keepLog: true });
});
after(async () => {
  await web.close();
  await db.drop();
});

const crawl = async (jobId: number) => createCrawlWorker({
  sql: db.sql, concurrency: 4, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
  userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [jobId], exitWhenJobsEnd: true, log: () => {},
}).run();

test("every request a worker makes is in the job's request log, with its status, bytes and outcome", async () => {
  const from = web.log.length;
  const job = await makeJob(db.url, { keywords: "计算机,软件", seeds: web.web.portal, maxPages: 30, resolve: [`*=127.0.0.1:${web.port}`], minDelayMs: 0 });
  await crawl(job.id);
  const served = web.log.slice(from).map((r) => `http://${r.host}${r.path}`).sort();
  const rows = await db.sql<{ url: string; status: number | null; bytes: number; outcome: string }[]>`select url, status, bytes, outcome from request_log where job_id = ${job.id}`;
  assert.deepEqual(rows.map((r) => r.url).sort(), served, "one row per request the test web answered");
  const [{ n: stored }] = await db.sql`select count(*)::int as n from pages where job_id = ${job.id}`;
  assert.equal(rows.filter((r) => r.outcome === "stored").length, stored);
  assert.ok(rows.filter((r) => r.outcome === "stored").every((r) => r.status === 200 && r.bytes > 0));
  assert.ok(rows.some((r) => r.outcome === "robots" && r.url.endsWith("/robots.txt")));
});

test("a job that keeps no requests logs none", async () => {
  const job = await makeJob(db.url, { keywords: "计算机", seeds: web.web.portal, maxPages: 5, resolve: [`*=127.0.0.1:${web.port}`], minDelayMs: 0, requestLogKeep: 0 });
  await crawl(job.id);
  assert.equal((await db.sql`select 1 from request_log where job_id = ${job.id}`).length, 0);
});

test("the log is trimmed to the newest N and filtered by site, status class and outcome", async () => {
  const job = await makeJob(db.url, { keywords: "计算机", seeds: "http://a.test/" });
  const entry = (i: number, host: string, status: number | null, outcome: RequestEntry["outcome"]): RequestEntry =>
    ({ jobId: job.id, at: new Date(), url: `http://${host}/${i}`, host, status, bytes: 10, durationMs: 5, outcome, reason: status === null ? "timeout" : null });
  await insertRequests(db.sql, [
    entry(1, "a.test", 200, "stored"), entry(2, "a.test", 404, "failed"), entry(3, "b.test", null, "retry"), entry(4, "b.test", 503, "retry"), entry(5, "a.test", 200, "stored"),
  ]);
  const read = async (query: string) => {
    const f = parseRequestFilters(new URLSearchParams(query));
    assert.ok(f.ok);
    return (await listRequests(db.sql, job.id, f.value)).map((r) => r.url.replace(/^http:\/\/[^/]+\//, ""));
  };
  assert.deepEqual(await read(""), ["5", "4", "3", "2", "1"]);
  assert.deepEqual(await read("host=b.test"), ["4", "3"]);
  assert.deepEqual(await read("status=4xx"), ["2"]);
  assert.deepEqual(await read("status=none"), ["3"]);
  assert.deepEqual(await read("outcome=retry&status=5xx"), ["4"]);
  const all = await listRequests(db.sql, job.id, { limit: 10 });
  assert.deepEqual(await read(`after=${all[2].id}`), ["5", "4"], "only what came after a row (live reads)");
  assert.equal(await trimRequests(db.sql, job.id, 2), 3);
  assert.deepEqual(await read(""), ["5", "4"]);
  for (const bad of ["status=6xx", "outcome=x", "after=1e3", "limit=0", "limit=201"]) assert.ok(!parseRequestFilters(new URLSearchParams(bad)).ok, bad);
});
