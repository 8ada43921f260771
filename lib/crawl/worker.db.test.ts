import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { pageUrl } from "../testweb/generator";
import { renderPage } from "../testweb/render";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { parseHtml } from "../rules/parse";
import { createCrawlWorker } from "./worker";
import { WORKER_NODE_FLAGS } from "./heap-limits";
import { hasFieldRivalIndex } from "../topic/field-rivals";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KEYWORDS = "计算机,软件,网络,数据库,算法,程序,服务器";
let db: TestDatabase;
let web: TestWebServer;

before(async () => {
  db = await createTestDatabase();
  web = await startTestWeb({ seed: 3, pages: 3000, keepLog: true });
});
after(async () => {
  await web.close();
  await db.drop();
});

const resolve = () => [`*=127.0.0.1:${web.port}`];

/** How many times each URL of the test web was requested since `from` (log index). */
function requestCounts(from = 0): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of web.log.slice(from)) counts.set(`http://${r.host}${r.path}`, (counts.get(`http://${r.host}${r.path}`) ?? 0) + 1);
  return counts;
}

/** Requests of the test web since `from`, by host, in arrival order. */
function requestsByHost(from = 0): Map<string, { at: number; path: string }[]> {
  const out = new Map<string, { at: number; path: string }[]>();
  for (const r of web.log.slice(from)) out.set(r.host, [...(out.get(r.host) ?? []), { at: r.at, path: r.path }]);
  return out;
}

/**
 * A host's delay runs from its answer to the previous request, which the server sends after it
 * logged that request, so two arrivals are a delay apart however late either left; the margin
 * covers clock rounding between the database and the test server.
 */
const JITTER_MS = 30;

test("a worker crawls a job to its page limit: each URL fetched once, pages stored and scored, GBK decoded, robots and delays obeyed", async () => {
  const logStart = web.log.length;
  const delayMs = 100;
  // A disallowed page among the seeds: the budget may run out before any link to one is claimed.
  const privateSeed = `http://${web.web.hosts.find((h) => h.hasPrivatePages)!.name}/private/0.html`;
  const job = await makeJob(db.url, { keywords: KEYWORDS, seeds: `${web.web.portal}\n${privateSeed}`, maxPages: 300, resolve: resolve(), minDelayMs: delayMs, maxHostConnections: 1 });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  const [j] = await db.sql`select status::text, finish_reason, pages_fetched, pages_relevant from jobs where id = ${job.id}`;
  assert.deepEqual([j.status, j.finish_reason, j.pages_fetched], ["done", "max-pages", 300]);
  const counts = requestCounts(logStart);
  const pageRequests = [...counts].filter(([u]) => !u.endsWith("/robots.txt"));
  assert.equal(pageRequests.length, 300);
  assert.ok([...counts.values()].every((n) => n === 1), "a URL (or a robots.txt) was fetched twice");
  assert.ok(![...counts.keys()].some((u) => u.includes("/private/")), "robots.txt disallows /private/");
  const [skipped] = await db.sql`select count(*)::int as n from frontier where job_id = ${job.id} and skip_reason = 'robots'`;
  assert.ok(skipped.n > 0, "disallowed links are stored as skipped with reason robots");
  for (const [host, reqs] of requestsByHost(logStart)) {
    const wanted = (web.web.hosts.find((h) => h.name === host)?.crawlDelaySec ?? 0) * 1000 || delayMs;
    for (let i = 1; i < reqs.length; i++) {
      assert.ok(reqs[i].at - reqs[i - 1].at >= Math.max(wanted, delayMs) - JITTER_MS,
        `${host}: ${reqs[i - 1].path} then ${reqs[i].path} ${reqs[i].at - reqs[i - 1].at} ms apart (delay ${Math.max(wanted, delayMs)})`);
    }
  }

  const pages = await db.sql`select url, title, main_text, charset, relevance, is_relevant, explanation from pages where job_id = ${job.id}`;
  assert.equal(pages.length, 300);
  // GBK sites label their charset in the header, only in <meta>, wrongly as UTF-8, or not at all.
  const gbkPages = pages.filter((p) => web.web.hosts.some((h) => h.charset === "gbk" && h.name === new URL(p.url).host));
  const labels = new Set(gbkPages.map((p) => web.web.hosts.find((h) => h.name === new URL(p.url).host)!.charsetLabel));
  assert.ok(labels.size >= 2, `the crawl should reach GBK sites labelled in several ways, got ${[...labels]}`);
  for (const p of gbkPages) {
    assert.equal(p.charset, "gb18030", p.url);
    const source = web.web.byHostPath.get(new URL(p.url).host + new URL(p.url).pathname)!;
    assert.equal(p.title, parseHtml(renderPage(web.web, source), pageUrl(source)).title, p.url);
    assert.ok(!p.main_text.includes("\uFFFD"), p.url);
  }
  const relevant = pages.filter((p) => p.is_relevant);
  assert.equal(relevant.length, j.pages_relevant);
  assert.ok(relevant.length > 0 && relevant.every((p) => p.explanation.terms.length > 0));
  assert.equal(hasFieldRivalIndex(), false, "a worker of a keyword topic does not build the field rivals' index");
});

test("a worker of a class topic's job holds the field rivals' index and weighs pages with it", async () => {
  const job = await makeJob(db.url, { clc: "TP3", keywords: "", seeds: web.web.portal, maxPages: 20, resolve: resolve(), minDelayMs: 0 });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 4, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  assert.equal(hasFieldRivalIndex(), true);
  const [weighed] = await db.sql`select count(*)::int as n from pages where job_id = ${job.id} and explanation ? 'field'`;
  assert.ok(weighed.n > 0, "pages of a class topic carry the field weighing");
});

function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", path.join(ROOT, "workers", "crawl-worker.ts")], {
    cwd: ROOT, stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: db.url, ALLOW_PRIVATE_NETWORKS: "1", WORKER_CONCURRENCY: "8",
      // A killed worker's leases return after 5 s; a loaded machine can hold a live worker's
      // heartbeat back for more than a second, and its leases must not be taken from it then.
      WORKER_HEARTBEAT_MS: "300", WORKER_STALE_AFTER_MS: "5000", WORKER_IDLE_POLL_MS: "100", ...env },
  });
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const storedPages = async (jobId: number) => (await db.sql`select count(*)::int as n from pages where job_id = ${jobId}`)[0].n as number;
const exited = (c: ChildProcess) => new Promise<number | null>((r) => (c.exitCode !== null ? r(c.exitCode) : c.once("exit", (code) => r(code))));

test("a worker killed with SIGKILL mid-crawl: a new worker finishes the job, no page lost or stored twice", async () => {
  const logStart = web.log.length;
  const job = await makeJob(db.url, { keywords: KEYWORDS, seeds: web.web.portal, maxPages: 800, resolve: resolve(), minDelayMs: 0 });
  const first = startWorkerProcess({});
  await waitFor("150 pages", async () => (await storedPages(job.id)) >= 150);
  first.kill("SIGKILL");
  await exited(first);
  const atKill = await storedPages(job.id);
  assert.ok(atKill < 800, "the kill should land mid-crawl");

  const second = startWorkerProcess({});
  try {
    // The new worker waits out the killed one's leases (5 s), then crawls the rest: minutes on a busy machine.
    await waitFor("the job to end", async () => (await db.sql`select 1 from jobs where id = ${job.id} and status = 'done'`).length > 0, 300_000);
  } finally {
    second.kill("SIGTERM");
  }
  assert.equal(await exited(second), 0);

  const [stats] = await db.sql`
    select count(*)::int as pages, count(distinct url)::int as urls, count(distinct frontier_id)::int as leases
    from pages where job_id = ${job.id}`;
  assert.deepEqual(stats, { pages: 800, urls: 800, leases: 800 });
  const [left] = await db.sql`select count(*)::int as n from frontier where job_id = ${job.id} and status = 'leased'`;
  assert.equal(left.n, 0);
  // Only URLs in flight at the moment of the kill may have been requested twice.
  const twice = [...requestCounts(logStart)].filter(([u, n]) => n > 1 && !u.endsWith("/robots.txt")).length;
  assert.ok(twice <= 8, `${twice} URLs fetched twice; at most the 8 in flight may be`);
});

test("the first SIGTERM drains: the worker finishes what it holds, exits 0 and leaves no lease", async () => {
  const job = await makeJob(db.url, { keywords: KEYWORDS, seeds: web.web.portal, maxPages: 2000, resolve: resolve(), minDelayMs: 0 });
  const worker = startWorkerProcess({});
  // Its own pages: once it beats, it holds leases and has a drain to do.
  await waitFor("the worker's heartbeat", async () => (await db.sql`select 1 from worker_heartbeats where pid = ${worker.pid!} and status = 'running'`).length > 0);
  await waitFor("50 pages", async () => (await storedPages(job.id)) >= 50);
  worker.kill("SIGTERM");
  assert.equal(await exited(worker), 0);
  const [left] = await db.sql`select count(*)::int as n from frontier where job_id = ${job.id} and status = 'leased'`;
  assert.equal(left.n, 0);
  const beats = await db.sql`select status from worker_heartbeats where pid = ${worker.pid!}`;
  assert.deepEqual(beats.map((b) => b.status), ["stopped"]);
  await db.sql`update jobs set status = 'stopped' where id = ${job.id}`;
});

test("two worker processes on one job: no URL fetched twice, each host's delay and connection limit held, pause and stop reach both within seconds", async () => {
  // A slower web (80 ms per response), so that a host would get more than one connection if the claim let it.
  const slow = await startTestWeb({ seed: 5, pages: 1500, keepLog: true, latencyMs: 80 });
  try {
    const delayMs = 150;
    const job = await makeJob(db.url, { keywords: KEYWORDS, seeds: slow.web.portal, maxPages: 500, resolve: [`*=127.0.0.1:${slow.port}`],
      minDelayMs: delayMs, maxHostConnections: 2 });
    // Nothing dies here: a worker is never taken for dead, so no URL may be fetched twice.
    const workers = [startWorkerProcess({ WORKER_STALE_AFTER_MS: "60000" }), startWorkerProcess({ WORKER_STALE_AFTER_MS: "60000" })];
    await waitFor("100 pages", async () => (await storedPages(job.id)) >= 100);
    await db.sql`update jobs set status = 'paused' where id = ${job.id}`;
    const pausedAt = Date.now();
    await waitFor("in-flight URLs to finish", async () =>
      (await db.sql`select 1 from frontier where job_id = ${job.id} and status = 'leased'`).length === 0, 10_000);
    const quietFrom = slow.log.length;
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(slow.log.length, quietFrom, "a paused job gets no new requests");
    const lastRequest = slow.log[slow.log.length - 1].at;
    assert.ok(lastRequest - pausedAt < 3000, `requests went on ${lastRequest - pausedAt} ms after the pause`);

    await db.sql`update jobs set status = 'running' where id = ${job.id}`;
    await waitFor("the job to end", async () => (await db.sql`select 1 from jobs where id = ${job.id} and status = 'done'`).length > 0, 120_000);
    for (const w of workers) w.kill("SIGTERM");
    for (const w of workers) assert.equal(await exited(w), 0);

    const counts = new Map<string, number>();
    for (const r of slow.log) counts.set(`${r.host}${r.path}`, (counts.get(`${r.host}${r.path}`) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], "no URL (or robots.txt) requested twice");
    const byHost = new Map<string, { at: number; path: string }[]>();
    for (const r of slow.log) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r]);
    for (const [host, reqs] of byHost) {
      const wanted = Math.max(delayMs, (slow.web.hosts.find((h) => h.name === host)?.crawlDelaySec ?? 0) * 1000);
      for (let i = 1; i < reqs.length; i++) {
        assert.ok(reqs[i].at - reqs[i - 1].at >= wanted - JITTER_MS,
          `${host}: ${reqs[i - 1].path} then ${reqs[i].path} ${reqs[i].at - reqs[i - 1].at} ms apart (delay ${wanted})`);
      }
    }
    // The hosts have a delay, so one request at a time, whatever maxHostConnections says.
    for (const [host, peak] of slow.peakOpen) assert.ok(peak <= 1, `${host} had ${peak} requests open at once`);
    const [stats] = await db.sql`select count(*)::int as pages, count(distinct url)::int as urls from pages where job_id = ${job.id}`;
    assert.deepEqual(stats, { pages: 500, urls: 500 });
  } finally {
    await slow.close();
  }
});
