import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { GBK_SENTENCE, HOSTILE_CASES, HOSTILE_HOSTS, HOSTILE_PORTAL, LONG_PAGE_MIB, LONG_PAGE_START, RETRY_AFTER_SEC } from "../testweb/hostile";
import { MAX_PARSE_CHARS } from "../rules/parse";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let web: TestWebServer;

before(async () => {
  db = await createTestDatabase();
  web = await startTestWeb({ seed: 1, pages: 10, keepLog: true, hostile: true });
});
after(async () => {
  await web.close();
  await db.drop();
});

const JITTER_MS = 30;
const BODY_CAP = 1024 * 1024;

test("the hostile test web: every misbehaving server ends as a stored outcome with its reason, and the crawl goes on", async () => {
  // Only the hostile hosts point at the test server; 169.254.169.254 stays what it is (refused by the guard).
  const resolve = [...HOSTILE_HOSTS].map((h) => `${h}=127.0.0.1:${web.port}`);
  const job = await makeJob(db.url, {
    keywords: "计算机,网络,数据库", seeds: HOSTILE_PORTAL, maxPages: 200, maxDepth: 20, resolve, minDelayMs: 0, maxHostConnections: 2,
    connectTimeoutMs: 1000, headersTimeoutMs: 1000, bodyTimeoutMs: 1500, maxBodyBytes: BODY_CAP, maxQueryVariants: 5,
  });
  const logs: string[] = [];
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 16, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 30_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.0/8"], jobIds: [job.id], exitWhenJobsEnd: true,
    log: (l) => { logs.push(l); if (process.env.DEBUG_CRAWL) console.error(l); },
  });
  const progress = process.env.DEBUG_CRAWL ? setInterval(async () => {
    console.error(JSON.stringify(await db.sql`select status::text, count(*)::int from frontier where job_id = ${job.id} group by 1`));
    console.error(JSON.stringify(await db.sql`select url, status::text, attempts, next_attempt_at from frontier where job_id = ${job.id} and status in ('pending','leased')`));
  }, 5000) : undefined;
  await worker.run();
  clearInterval(progress);
  assert.equal(worker.counts.errors, 0, `no URL may end in an internal error:\n${logs.filter((l) => /error|lost/.test(l)).join("\n")}`);

  const rows = await db.sql<{ url: string; status: string; reason: string | null; truncated: boolean | null; duplicate: boolean; text: string | null; redirects: string[] | null }[]>`
    select f.url, f.status::text, coalesce(f.skip_reason, f.last_error) as reason, p.is_truncated as truncated,
      p.duplicate_of is not null as duplicate, p.main_text as text, p.redirects
    from frontier f left join pages p on p.frontier_id = f.id where f.job_id = ${job.id}`;
  const byUrl = new Map(rows.map((r) => [r.url, r]));
  for (const c of HOSTILE_CASES) {
    const r = byUrl.get(c.url);
    assert.ok(r, `${c.url} was never queued`);
    assert.equal(r.status, c.expect.status, `${c.url}: ${JSON.stringify(r)}`);
    if (c.expect.reason) assert.equal(r.reason, c.expect.reason, c.url);
    if (c.expect.truncated) assert.equal(r.truncated, true, `${c.url} should be stored truncated`);
    if (c.expect.duplicate) assert.equal(r.duplicate, true, `${c.url} should be marked as a duplicate`);
    if (c.expect.text) assert.ok(r.text?.includes(c.expect.text), `${c.url} decoded as ${r.text?.slice(0, 60)}`);
  }
  assert.deepEqual(byUrl.get("http://loop.test/hop")!.redirects, ["http://loop.test/hop"], "the redirect chain is stored with the page");
  assert.ok(GBK_SENTENCE.length > 0);

  // Traps: the endless calendar stops at 5 query variants per path (the next one is stored
  // with its reason); session-id variants are exact duplicates, whose links are not followed.
  const of = (host: string) => rows.filter((r) => r.url.includes(host));
  const months = of("calendar.test");
  assert.ok(months.filter((r) => r.status === "done").length <= 5, `calendar: ${months.length} months fetched`);
  assert.ok(months.some((r) => r.reason === "trap:query-variants"), "calendar: the next month is stored with reason trap:query-variants");
  const sessions = of("session.test");
  assert.ok(sessions.filter((r) => r.status === "done").length <= 5, `session: ${sessions.length} variants fetched`);
  assert.ok(sessions.some((r) => r.duplicate || r.reason === "trap:query-variants"), "session variants end as duplicates or trapped");

  // Politeness: the rate-limited host was asked again only after Retry-After; the same-host
  // redirect waited for loop.test's Crawl-delay (1 s) like any other request to it.
  const at = (host: string, path: string) => web.log.filter((r) => r.host === host && r.path === path).map((r) => r.at);
  const busy = at("busy.test", "/");
  assert.equal(busy.length, 2);
  assert.ok(busy[1] - busy[0] >= RETRY_AFTER_SEC * 1000 - JITTER_MS, `429 retried after ${busy[1] - busy[0]} ms`);
  const [hop] = at("loop.test", "/hop");
  const [landed] = at("loop.test", "/landed");
  assert.ok(landed - hop >= 1000 - JITTER_MS, `same-host redirect followed after ${landed - hop} ms`);
  const loopRequests = web.log.filter((r) => r.host === "loop.test").sort((a, b) => a.at - b.at);
  for (let i = 1; i < loopRequests.length; i++) {
    const [a, b] = [loopRequests[i - 1], loopRequests[i]];
    assert.ok(b.at - a.at >= 1000 - JITTER_MS, `loop.test: ${a.path} then ${b.path} ${b.at - a.at} ms apart, Crawl-delay is 1 s`);
  }
  // Nothing disallowed was requested, documents were not downloaded past their headers, and
  // the server never saw the metadata address.
  assert.ok(!web.log.some((r) => r.path.startsWith("/private/")), "robots.txt disallows /private/");
  const [{ n: broken }] = await db.sql<{ n: number }[]>`select attempts as n from frontier where job_id = ${job.id} and url = 'http://broken.test/'`;
  assert.equal(broken, 3, "a 500 is retried up to the cap, then failed for good");
});

test("5 MiB and 20 MiB pages are stored, read up to the parser's cap and marked so, while another job crawls beside them", async () => {
  const longs = LONG_PAGE_MIB.map((m) => `http://long.test/${m}`);
  const big = await makeJob(db.url, {
    keywords: "农业机械", seeds: longs.join("\n"), maxPages: 10, maxDepth: 0, resolve: [`long.test=127.0.0.1:${web.port}`], minDelayMs: 0,
    maxBodyBytes: 25 * 1024 * 1024, bodyTimeoutMs: 30_000,
  });
  const other = await makeJob(db.url, { keywords: "计算机,网络", seeds: "http://portal.test/", maxPages: 8, resolve: [`*=127.0.0.1:${web.port}`], minDelayMs: 0 });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 4, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 30_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [big.id, other.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  assert.equal(worker.counts.errors, 0);
  const pages = await db.sql<{ url: string; isTruncated: boolean; truncation: string | null; text: string; bytes: number }[]>`
    select url, is_truncated as "isTruncated", truncation, main_text as text, content_bytes as bytes from pages where job_id = ${big.id} order by url`;
  assert.deepEqual(pages.map((p) => p.url).sort(), [...longs].sort());
  for (const p of pages) {
    assert.equal(p.isTruncated, true, p.url);
    assert.equal(p.truncation, "parse", `${p.url}: the whole body arrived (${p.bytes} bytes); the parser read the first ${MAX_PARSE_CHARS} characters`);
    assert.ok(p.text.startsWith(LONG_PAGE_START), `${p.url}: ${p.text.slice(0, 40)}`);
  }
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${other.id}`;
  assert.equal(n, 8, "the other job fetched its page budget");
});
