/**
 * Idle capacity under the hold-back (lib/rules/focus.ts), for a job that asks for it: while the host of the best URL waits out
 * its delay, a ready host's held-back URL is claimed only out of the budget the URLs above the bar
 * do not need, only on a host that has not sunk, and only when the job learns from hosts.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks } from "./frontier";
import { claimUrls } from "./claim/claim";
import { ensureHosts } from "./hosts";
import { reweighHost } from "./host-feedback";
import { beat } from "./workers";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
  await beat(db.sql, { workerId: "w-idle", hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
});
after(() => db.drop());

/**
 * A good host whose next fetch is due in half a second (priority 1 pending) and a ready host with a
 * URL far below the bar (0.1). Both were tried 5 times, past the look-into rule. Returns the hosts claimed.
 */
async function claimWhileGoodHostWaits(opts: {
  priorityFeedback: boolean; maxPages: number; otherFeedback: number; goodFeedback?: number; more?: { host: string; priority: number }[];
  idleCapacity?: boolean;
  /** The ready host has sunk: 25 irrelevant pages in a row, none relevant (docs/ALGORITHMS.md §2.8). */
  isOtherSunk?: boolean;
  /** Relevant pages the good host has given so far (of its 5 fetched). */
  goodRelevant?: number;
}): Promise<string[]> {
  const job = await makeJob(db.url, {
    strategy: "best-first", priorityFeedback: opts.priorityFeedback, idleCapacity: opts.idleCapacity ?? true, maxPages: opts.maxPages, minDelayMs: 1000,
  });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const more = opts.more ?? [];
  const hosts = ["good.test", "other.test", ...more.map((m) => m.host)];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, hosts, { minDelayMs: 1000, maxConnections: 1 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour', pages_fetched = 5 where job_id = ${job.id}`;
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: ["http://good.test/a.html", "http://other.test/b.html", ...more.map((m) => `http://${m.host}/c.html`)],
    hosts, anchors: hosts.map(() => ""), priorities: [1, 0.1, ...more.map((m) => m.priority)],
  }));
  await db.sql`update hosts set next_fetch_at = now() + interval '500 milliseconds' where job_id = ${job.id} and host = 'good.test'`;
  await db.sql`update hosts set feedback = ${opts.otherFeedback} where job_id = ${job.id} and host = 'other.test'`;
  await db.sql`update hosts set feedback = ${opts.goodFeedback ?? 1} where job_id = ${job.id} and host = 'good.test'`;
  await db.sql`update hosts set pages_relevant = ${opts.goodRelevant ?? 0} where job_id = ${job.id} and host = 'good.test'`;
  if (opts.isOtherSunk) {
    await db.sql`update hosts set pages_fetched = 25, irrelevant_run = 25 where job_id = ${job.id} and host = 'other.test'`;
    await reweighHost(db.sql, job.id, "other.test");
  }
  const claimed = await claimUrls(db.sql, { workerId: "w-idle", limit: 4, leaseMs: 60_000, jobIds: [job.id] });
  return claimed.map((c) => c.host).sort();
}

test("a ready host's held-back URL takes an idle slot while the budget has room beyond the URLs worth waiting for", async () => {
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 100, otherFeedback: 1 }), ["other.test"]);
  // Once only poor hosts are left, a poor one is not kept idle for another as poor.
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 100, otherFeedback: 0.15, goodFeedback: 0.2 }), ["other.test"]);
});

test("no idle slot when the URLs above the bar need what is left of the budget", async () => {
  // One page left, one URL pending above the bar: it is kept for that URL.
  const job = await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 1, otherFeedback: 1 });
  assert.deepEqual(job, []);
});

test("idle slots leave the budget as many pages again as the productive hosts have given relevant ones", async () => {
  // 10 pages left, 1 URL above the bar: with 5 relevant pages from the good host 4 are spare, with 9 none.
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 10, otherFeedback: 1, goodRelevant: 5 }), ["other.test"]);
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 10, otherFeedback: 1, goodRelevant: 9 }), []);
});

test("idle slots go only to URLs the budget would fetch anyway: those ranked within the pages it has left", async () => {
  // 3 pages left, ranked good (1), third (0.3), fourth (0.2): other (0.1) is past the budget's last page.
  const more = [{ host: "third.test", priority: 0.3 }, { host: "fourth.test", priority: 0.2 }];
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 3, otherFeedback: 1, more }), ["fourth.test", "third.test"]);
});

test("no idle slot for a host that has sunk, nor when the job runs its strategy as published", async () => {
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 100, otherFeedback: 1, isOtherSunk: true }), []);
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: false, maxPages: 100, otherFeedback: 1 }), []);
  // Nor when the job turned idle capacity off.
  assert.deepEqual(await claimWhileGoodHostWaits({ priorityFeedback: true, maxPages: 100, otherFeedback: 1, idleCapacity: false }), []);
});

test("idle slots take no more of the budget than the URLs above the bar leave, however many slots and ready hosts there are", async () => {
  // Three pages left, two URLs above the bar waiting for the good host, four ready hosts below it, four slots.
  const job = await makeJob(db.url, { strategy: "best-first", priorityFeedback: true, idleCapacity: true, maxPages: 3, minDelayMs: 1000 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const others = ["o1.test", "o2.test", "o3.test", "o4.test"];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, ["good.test", ...others], { minDelayMs: 1000, maxConnections: 1 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour', pages_fetched = 5 where job_id = ${job.id}`;
  const hosts = ["good.test", "good.test", ...others];
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: ["http://good.test/a.html", "http://good.test/b.html", ...others.map((h) => `http://${h}/x.html`)],
    hosts, anchors: hosts.map(() => ""), priorities: [1, 1, 0.1, 0.1, 0.1, 0.1],
  }));
  await db.sql`update hosts set next_fetch_at = now() + interval '500 milliseconds' where job_id = ${job.id} and host = 'good.test'`;
  const claimed = await claimUrls(db.sql, { workerId: "w-idle", limit: 4, leaseMs: 60_000, jobIds: [job.id] });
  assert.equal(claimed.length, 1, `one page is spare, two are kept for good.test: ${claimed.map((c) => c.host).join(", ")}`);
  const [left] = await db.sql`select max_pages - pages_reserved as n from jobs where id = ${job.id}`;
  assert.equal(left.n, 2);
});

test("a productive host that is done (nothing pending, nothing in flight) keeps nothing of the budget back", async () => {
  // 10 pages left; done.test gave 9 relevant pages and has nothing left, good.test waits with 1 URL above the bar.
  const job = await makeJob(db.url, { strategy: "best-first", priorityFeedback: true, idleCapacity: true, maxPages: 10, minDelayMs: 1000 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const hosts = ["good.test", "other.test"];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, [...hosts, "done.test"], { minDelayMs: 1000, maxConnections: 1 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour', pages_fetched = 5 where job_id = ${job.id}`;
  await db.sql`update hosts set pages_fetched = 10, pages_relevant = 9, has_pending = false where job_id = ${job.id} and host = 'done.test'`;
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: ["http://good.test/a.html", "http://other.test/b.html"], hosts, anchors: ["", ""], priorities: [1, 0.1],
  }));
  await db.sql`update hosts set next_fetch_at = now() + interval '500 milliseconds' where job_id = ${job.id} and host = 'good.test'`;
  const claimed = await claimUrls(db.sql, { workerId: "w-idle", limit: 4, leaseMs: 60_000, jobIds: [job.id] });
  assert.deepEqual(claimed.map((c) => c.host), ["other.test"]);
});
