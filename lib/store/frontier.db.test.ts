import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks, finishJobs, finishLease, giveBackCutTries, LeaseLostError, MAX_ATTEMPTS, reclaimExpiredLeases, recordOutcome, retryLater } from "./frontier";
import { claimUrls, RANDOM_POOL } from "./claim/claim";
import { beat } from "./workers";
import { openClaimSql } from "./infra/sql";
import { ensureHosts, readRobots, saveRobots } from "./hosts";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

const LEASE = { leaseMs: 60_000 };

/** Queue `n` URLs over 7 hosts that are always ready (no delay, many connections) unless told otherwise. */
async function seedUrls(jobId: number, n: number, priority = (_i: number) => 0, politeness = { minDelayMs: 0, maxConnections: 1000 }) {
  const urls = Array.from({ length: n }, (_, i) => `http://h${i % 7}.test/p${i}`);
  await db.sql.begin((tx) => ensureHosts(tx, jobId, urls.map((u) => new URL(u).host), politeness));
  // Their robots.txt is known (until it is, a host gets one request at a time).
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${jobId}`;
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId, depth: 1, parentPageId: "0", urls, hosts: urls.map((u) => new URL(u).host), anchors: urls.map(() => ""),
    priorities: urls.map((_, i) => priority(i)),
  }));
  return urls;
}

async function alive(workerId: string) {
  await beat(db.sql, { workerId, hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
}

test("claims serve the highest priority first, then lower depth, then older", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  await seedUrls(job.id, 6, (i) => [0.5, 0.9, 0.5, 0.1, 0.9, 0.5][i]);
  await db.sql`update frontier set depth = 3 where job_id = ${job.id} and url = 'http://h0.test/p0'`;
  await alive("w-order");
  const got = await claimUrls(db.sql, { workerId: "w-order", limit: 10, ...LEASE, jobIds: [job.id] });
  assert.deepEqual(got.map((g) => g.url.replace(/http:\/\/h\d\.test\//, "")), ["p1", "p4", "p2", "p5", "p0", "p3"]);
});

test("workers claiming on connections of their own (begin, lock, claim, commit in one round trip) share the budget exactly, two of them on one connection", async () => {
  const job = await makeJob(db.url, { maxPages: 301 });
  await seedUrls(job.id, 600);
  const pools = [openClaimSql(db.url, "test-a"), openClaimSql(db.url, "test-b")];
  try {
    await Promise.all([alive("w-own-a"), alive("w-own-b"), alive("w-own-c")]);
    const claimAll = async (pool: (typeof pools)[number], workerId: string) => {
      const mine: string[] = [];
      for (;;) {
        const got = await claimUrls(pool, { workerId, limit: 7, ...LEASE, jobIds: [job.id] });
        if (got.length === 0) return mine;
        mine.push(...got.map((g) => g.url));
      }
    };
    // a and c share one connection: each claim's statements go out together, never interleaved.
    const [a, b, c] = await Promise.all([claimAll(pools[0], "w-own-a"), claimAll(pools[1], "w-own-b"), claimAll(pools[0], "w-own-c")]);
    assert.ok(a.length > 0 && b.length > 0 && c.length > 0, `every worker claims (${a.length}, ${b.length}, ${c.length})`);
    const all = [...a, ...b, ...c];
    assert.equal(new Set(all).size, all.length, "a URL was leased twice");
    // The seed (still pending) and 300 of the 600 URLs: the budget, not one more.
    assert.equal(all.length, 301);
    const [{ reserved }] = await db.sql<{ reserved: number }[]>`select pages_reserved as reserved from jobs where id = ${job.id}`;
    assert.equal(reserved, 301);
    // The transaction-local setting that named the job is gone with each claim's transaction.
    const [{ left }] = await pools[0]<{ left: string | null }[]>`select current_setting('focuscrawl.claim_job', true) as left`;
    assert.ok(!left, `the claim's job setting outlived its transaction: ${left}`);
  } finally {
    await Promise.all(pools.map((p) => p.end({ timeout: 1 })));
  }
});

test("two claimers at once never lease the same URL, and together lease them all", async () => {
  const job = await makeJob(db.url, { maxPages: 10_000 });
  const urls = await seedUrls(job.id, 600);
  await Promise.all([alive("w-a"), alive("w-b")]);
  const claimAll = async (workerId: string) => {
    const mine: string[] = [];
    for (;;) {
      const got = await claimUrls(db.sql, { workerId, limit: 7, ...LEASE, jobIds: [job.id] });
      if (got.length === 0) return mine;
      mine.push(...got.map((g) => g.url));
    }
  };
  const [a, b] = await Promise.all([claimAll("w-a"), claimAll("w-b")]);
  const all = [...a, ...b].filter((u) => u !== "http://seed.test/");
  assert.equal(new Set(all).size, all.length, "a URL was leased twice");
  assert.equal(all.length, urls.length);
});

test("the page budget is never over-spent, and a retry gives its page back", async () => {
  const job = await makeJob(db.url, { maxPages: 5 });
  await seedUrls(job.id, 20);
  await alive("w-budget");
  const first = await claimUrls(db.sql, { workerId: "w-budget", limit: 50, ...LEASE, jobIds: [job.id] });
  assert.equal(first.length, 5);
  assert.equal((await claimUrls(db.sql, { workerId: "w-budget", limit: 50, ...LEASE, jobIds: [job.id] })).length, 0);
  assert.equal(await retryLater(db.sql, { id: first[0].id, workerId: "w-budget", error: "http-503" }), "pending");
  const [row] = await db.sql`select next_attempt_at > now() as later, pages_reserved from frontier f join jobs j on j.id = f.job_id where f.id = ${first[0].id}`;
  assert.equal(row.later, true, "backoff pushes the next attempt into the future");
  assert.equal(row.pages_reserved, 4);
  assert.equal((await claimUrls(db.sql, { workerId: "w-budget", limit: 50, ...LEASE, jobIds: [job.id] })).length, 1);
});

test("a URL fails for good after MAX_ATTEMPTS retries", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await alive("w-retry");
  let status = "";
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await db.sql`update frontier set next_attempt_at = now() where job_id = ${job.id}`; // backdate instead of sleeping
    await db.sql`update hosts set next_fetch_at = now() where job_id = ${job.id}`;
    const [item] = await claimUrls(db.sql, { workerId: "w-retry", limit: 1, ...LEASE, jobIds: [job.id] });
    assert.ok(item, `attempt ${i + 1} should be claimable`);
    status = await retryLater(db.sql, { id: item.id, workerId: "w-retry", error: "timeout" });
  }
  assert.equal(status, "failed");
  const [j] = await db.sql`select pages_failed from jobs where id = ${job.id}`;
  assert.equal(j.pages_failed, 1);
});

test("expired leases and leases of silent workers are reclaimed; the old holder is fenced out", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await seedUrls(job.id, 3);
  await alive("w-old");
  const got = await claimUrls(db.sql, { workerId: "w-old", limit: 2, ...LEASE, jobIds: [job.id] });
  assert.equal(await reclaimExpiredLeases(db.sql, 30_000), 0, "a live worker keeps its leases");
  await db.sql`update worker_heartbeats set last_beat_at = now() - interval '1 minute' where worker_id = 'w-old'`;
  assert.equal(await reclaimExpiredLeases(db.sql, 30_000), 2);
  await db.sql`update hosts set next_fetch_at = now() where job_id = ${job.id}`; // the seed host's delay, backdated
  await alive("w-new");
  const again = await claimUrls(db.sql, { workerId: "w-new", limit: 5, ...LEASE, jobIds: [job.id] });
  assert.ok(got.every((g) => again.some((a) => a.id === g.id)), "reclaimed URLs are served again");
  await assert.rejects(db.sql.begin((tx) => finishLease(tx, { id: got[0].id, workerId: "w-old", status: "done" })), LeaseLostError);
  await db.sql.begin((tx) => finishLease(tx, { id: got[0].id, workerId: "w-new", status: "done" }));
});

test("finishJobs ends a job when nothing is pending or leased, or on a stop request, with the reason", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await alive("w-fin");
  const [seed] = await claimUrls(db.sql, { workerId: "w-fin", limit: 1, ...LEASE, jobIds: [job.id] });
  assert.ok(!(await finishJobs(db.sql)).some((j) => j.id === job.id), "a leased URL keeps the job running");
  await db.sql.begin((tx) => finishLease(tx, { id: seed.id, workerId: "w-fin", status: "done" }));
  const ended = await finishJobs(db.sql);
  assert.deepEqual(ended.find((j) => j.id === job.id), { id: job.id, status: "done", finishReason: "frontier-empty" });

  const stopped = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update jobs set status = 'stopping' where id = ${stopped.id}`;
  assert.deepEqual((await finishJobs(db.sql)).find((j) => j.id === stopped.id), { id: stopped.id, status: "stopped", finishReason: "stopped-by-user" });
});

test("a job whose time budget is spent stops being claimed and ends with that reason", async () => {
  const job = await makeJob(db.url, { maxPages: 100, timeBudgetSec: 60 });
  await db.sql`update jobs set started_at = now() - interval '2 minutes' where id = ${job.id}`;
  await alive("w-time");
  assert.equal((await claimUrls(db.sql, { workerId: "w-time", limit: 5, ...LEASE, jobIds: [job.id] })).length, 0);
  assert.deepEqual((await finishJobs(db.sql)).find((j) => j.id === job.id), { id: job.id, status: "done", finishReason: "time-budget" });
});

test("claims take only hosts that are ready: one URL per host, then the host waits its delay", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await seedUrls(job.id, 14, (i) => i, { minDelayMs: 60_000, maxConnections: 5 });
  await alive("w-polite");
  const first = await claimUrls(db.sql, { workerId: "w-polite", limit: 50, ...LEASE, jobIds: [job.id] });
  assert.equal(first.length, 7, "one URL per host");
  assert.equal(new Set(first.map((f) => f.host)).size, 7);
  assert.deepEqual(first.map((f) => f.url.split("/p")[1]).map(Number), [13, 12, 11, 10, 9, 8, 7], "each host's best URL, best first");
  assert.equal((await claimUrls(db.sql, { workerId: "w-polite", limit: 50, ...LEASE, jobIds: [job.id] })).length, 0, "hosts wait their delay");
  await db.sql`update hosts set next_fetch_at = now() where job_id = ${job.id} and host = 'h3.test'`;
  assert.equal((await claimUrls(db.sql, { workerId: "w-polite", limit: 50, ...LEASE, jobIds: [job.id] })).length, 0,
    "a host with a delay waits for its request in flight too");
  const h3 = first.find((f) => f.host === "h3.test")!;
  await db.sql.begin(async (tx) => {
    await finishLease(tx, { id: h3.id, workerId: "w-polite", status: "done" });
    await recordOutcome(tx, { jobId: job.id, host: "h3.test", fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  const again = await claimUrls(db.sql, { workerId: "w-polite", limit: 50, ...LEASE, jobIds: [job.id] });
  assert.deepEqual(again.map((a) => a.host), ["h3.test"]);
});

test("a host never has more connections in flight than allowed; finishing or reclaiming frees them", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await seedUrls(job.id, 7 * 4, () => 0, { minDelayMs: 0, maxConnections: 2 });
  await alive("w-conn");
  const claim = () => claimUrls(db.sql, { workerId: "w-conn", limit: 100, ...LEASE, jobIds: [job.id] });
  // Without a delay a host lends one claim all its free connections.
  const second = await claim();
  assert.equal(second.length, 14);
  assert.deepEqual([...new Set(second.map((c) => c.host))].map((h) => second.filter((c) => c.host === h).length), [2, 2, 2, 2, 2, 2, 2]);
  assert.equal((await claim()).length, 0, "two in flight per host is the limit");
  const [h] = await db.sql`select max(in_flight)::int as m from hosts where job_id = ${job.id}`;
  assert.equal(h.m, 2);
  await db.sql.begin(async (tx) => {
    await finishLease(tx, { id: second[0].id, workerId: "w-conn", status: "done" });
    await recordOutcome(tx, { jobId: job.id, host: second[0].host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  assert.deepEqual((await claim()).map((c) => c.host), [second[0].host]);
  await db.sql`update worker_heartbeats set last_beat_at = now() - interval '1 hour' where worker_id = 'w-conn'`;
  assert.equal(await reclaimExpiredLeases(db.sql, 30_000), 14);
  const [freed] = await db.sql`select max(in_flight)::int as m from hosts where job_id = ${job.id}`;
  assert.equal(freed.m, 0);
});

test("a host with a delay gets one request at a time, whatever its connection limit: the next waits a delay after the answer", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await seedUrls(job.id, 7 * 3, () => 0, { minDelayMs: 200, maxConnections: 2 });
  await alive("w-one");
  const claim = () => claimUrls(db.sql, { workerId: "w-one", limit: 100, ...LEASE, jobIds: [job.id] });
  const first = await claim();
  assert.equal(first.length, 7, "one URL per host");
  await db.sql`update hosts set next_fetch_at = now() where job_id = ${job.id}`; // as if the delay had passed
  assert.equal((await claim()).length, 0, "a second request waits for the first one's answer");
  const answeredAt = new Date();
  await db.sql.begin(async (tx) => {
    await finishLease(tx, { id: first[0].id, workerId: "w-one", status: "done" });
    await recordOutcome(tx, { jobId: job.id, host: first[0].host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0, answeredAt });
  });
  const [h] = await db.sql<{ waitMs: number }[]>`
    select extract(epoch from next_fetch_at)::float8 * 1000 - ${answeredAt.getTime()} as "waitMs" from hosts where job_id = ${job.id} and host = ${first[0].host}`;
  // At least a delay after the answer (never before it, whatever the clocks), and counted from it:
  // not from some later moment such as a retry's backoff.
  assert.ok(h.waitMs >= 199 && h.waitMs < 10_000, `the host's next fetch is a delay after the answer (${h.waitMs} ms)`);
  await db.sql`update hosts set next_fetch_at = now() where job_id = ${job.id} and host = ${first[0].host}`;
  assert.deepEqual((await claim()).map((c) => c.host), [first[0].host]);
});

test("exact and near duplicates are stored, marked as such, and their links are not followed", async () => {
  const { storePage } = await import("./pages");
  const job = await makeJob(db.url, { maxPages: 100 });
  await seedUrls(job.id, 4);
  await alive("w-dup");
  const got = await claimUrls(db.sql, { workerId: "w-dup", limit: 10, ...LEASE, jobIds: [job.id] });
  const four = got.filter((g) => g.url !== "http://seed.test/").slice(0, 4);
  assert.equal(four.length, 4);
  const base = 0x0123456789abcdefn;
  const page = (id: string, url: string, link: string, checksum = "same-checksum", simhash = base) => ({
    jobId: job.id, frontierId: id, workerId: "w-dup", url, finalUrl: url, host: new URL(url).host, depth: 1, httpStatus: 200,
    contentType: "text/html", charset: "utf-8", charsetSource: "header", title: "同一篇", mainText: "完全相同的正文", relevance: 0,
    isRelevant: false, explanation: {}, topicRevision: 1, pageKind: "content", checksum, simhash, contentBytes: 10,
    isTruncated: false, etag: null, lastModified: null, fetchMs: 1, answeredAt: new Date(), redirects: [], linksRejected: null, maxPagesPerHost: 0, maxQueryVariants: 100, merge: "keep" as const, isGraphRecomputed: false,
    politeness: { minDelayMs: 0, maxConnections: 2 },
    links: [{ url: link, host: "n.test", anchor: "" }], queue: [{ url: link, host: "n.test", anchor: "", priority: 0 },
      { url: "http://n.test/a/a/a/a", host: "n.test", anchor: "", priority: 0, skipReason: "trap:repeated-segment" }],
  });
  const first = await storePage(db.sql, page(four[0].id, four[0].url, "http://n.test/from-first"));
  const exact = await storePage(db.sql, page(four[1].id, four[1].url, "http://n.test/from-exact"));
  const near = await storePage(db.sql, page(four[2].id, four[2].url, "http://n.test/from-near", "other-1", base ^ 0b101n));
  const far = await storePage(db.sql, page(four[3].id, four[3].url, "http://n.test/from-far", "other-2", base ^ 0xffffn ^ (0xffffn << 32n)));
  assert.deepEqual([first.enqueued, exact.enqueued, near.enqueued, far.enqueued], [1, 0, 0, 1]);
  const dups = await db.sql`select id, duplicate_of from pages where id = any(${[exact.pageId, near.pageId, far.pageId]}::bigint[]) order by id`;
  assert.deepEqual(dups.map((d) => d.duplicate_of === null ? null : String(d.duplicate_of)), [first.pageId, first.pageId, null]);
  const queued = await db.sql`select url, status::text, skip_reason from frontier where job_id = ${job.id} and host = 'n.test' order by url`;
  assert.deepEqual(queued.map((q) => [q.url, q.status, q.skip_reason]), [
    ["http://n.test/a/a/a/a", "skipped", "trap:repeated-segment"], ["http://n.test/from-far", "pending", null],
    ["http://n.test/from-first", "pending", null],
  ]);
});

test("a job's own concurrency limit holds across claimers", async () => {
  const job = await makeJob(db.url, { maxPages: 100, maxConcurrency: 5 });
  await seedUrls(job.id, 40);
  await Promise.all([alive("w-c1"), alive("w-c2")]);
  const a = await claimUrls(db.sql, { workerId: "w-c1", limit: 50, ...LEASE, jobIds: [job.id] });
  const b = await claimUrls(db.sql, { workerId: "w-c2", limit: 50, ...LEASE, jobIds: [job.id] });
  assert.equal(a.length, 5);
  assert.equal(b.length, 0, "the job already has 5 URLs in flight");
  await db.sql.begin((tx) => finishLease(tx, { id: a[0].id, workerId: "w-c1", status: "done" }));
  assert.equal((await claimUrls(db.sql, { workerId: "w-c2", limit: 50, ...LEASE, jobIds: [job.id] })).length, 1);
});

test("for every strategy the claim serves the highest priority first; merges keep, raise or add up as the strategy says", async () => {
  const { STRATEGY_IDS, getStrategy } = await import("../strategy/registry");
  for (const strategy of STRATEGY_IDS) {
    const job = await makeJob(db.url, { maxPages: 100, strategy, ...(strategy === "tianwang" ? { strategyParams: { byWeight: 1000, random: 0 } } : {}) });
    await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
    await seedUrls(job.id, 3, (i) => [0.2, 0.9, 0.5][i], { minDelayMs: 0, maxConnections: 5 });
    // All on one host, so that the order is the claim's, one URL per claim.
    await db.sql`update frontier set host = 'one.test' where job_id = ${job.id}`;
    await db.sql`insert into hosts (job_id, host, robots_state, robots_expires_at) values (${job.id}, 'one.test', 'allow-all', now() + interval '1 hour') on conflict do nothing`;
    await alive("w-dir");
    const order: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [c] = await claimUrls(db.sql, { workerId: "w-dir", limit: 1, ...LEASE, jobIds: [job.id] });
      order.push(c.priority);
      await db.sql.begin(async (tx) => {
        await finishLease(tx, { id: c.id, workerId: "w-dir", status: "done" });
        await recordOutcome(tx, { jobId: job.id, host: c.host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
      });
    }
    assert.deepEqual(order, [0.9, 0.5, 0.2], strategy);
    // The same URL found again with priority 0.3, then 0.4.
    const merge = getStrategy(strategy).merge;
    for (const p of [0.3, 0.4]) {
      await db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 1, parentPageId: null, urls: ["http://one.test/again"], hosts: ["one.test"],
        anchors: [""], priorities: [p], details: [{ p }], merge }));
    }
    const [again] = await db.sql`select priority from frontier where job_id = ${job.id} and url = 'http://one.test/again'`;
    assert.ok(Math.abs(again.priority - { keep: 0.3, max: 0.4, sum: 0.7 }[merge]) < 1e-9, `${strategy} (${merge}): ${again.priority}`);
  }
});

test("a best-first claim leases the best URLs of the best ready hosts, whether or not its best URLs crowd onto a few hosts", async () => {
  for (const crowded of [false, true]) {
    const job = await makeJob(db.url, { maxPages: 10_000, strategy: "best-first" });
    await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
    // 200 hosts (all probed when needed: fewer than MAX_HOSTS_PROBED), 3 URLs each; when crowded, the 200 best URLs lie on 3 hosts.
    const urls = Array.from({ length: 600 }, (_, i) => `http://c${i % 200}.test/p${i}`);
    await db.sql.begin((tx) => ensureHosts(tx, job.id, urls.map((u) => new URL(u).host), { minDelayMs: 0, maxConnections: 5 }));
    await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${job.id}`;
    const priority = (i: number) => (crowded && i % 200 < 3 ? 0.9 + i / 100_000 : 0.5 + ((i * 7919) % 600) / 2000);
    await db.sql.begin((tx) => enqueueLinks(tx, {
      jobId: job.id, depth: 1, parentPageId: "0", urls, hosts: urls.map((u) => new URL(u).host), anchors: urls.map(() => ""),
      priorities: urls.map((_, i) => priority(i)),
    }));
    if (crowded) {
      for (let i = 0; i < 200; i++) urls.push(`http://c${i % 3}.test/extra${i}`);
      await db.sql.begin((tx) => enqueueLinks(tx, {
        jobId: job.id, depth: 1, parentPageId: "0", urls: urls.slice(600), hosts: urls.slice(600).map((u) => new URL(u).host),
        anchors: urls.slice(600).map(() => ""), priorities: urls.slice(600).map((_, i) => 0.95 + i / 100_000),
      }));
    }
    // The exact answer: each host's best pending URLs, as many as its free connections (no delay:
    // 5), the 16 best of those.
    const expected = await db.sql`select id::text from (
        select id, priority, depth, row_number() over (partition by host order by priority desc, depth, id) as r
        from frontier where job_id = ${job.id} and status = 'pending') b
      where r <= 5 order by priority desc, depth, id limit 16`;
    await alive("w-best");
    const got = await claimUrls(db.sql, { workerId: "w-best", limit: 16, ...LEASE, jobIds: [job.id] });
    assert.deepEqual(got.map((g) => g.id).sort(), expected.map((e) => e.id).sort(), crowded ? "crowded" : "spread");
  }
});

test("Tianwang's random turns draw from a host's best RANDOM_POOL URLs; its turns by priority take the best", async () => {
  // One claim by priority, then one at random, in turn.
  const job = await makeJob(db.url, { maxPages: 1000, strategy: "tianwang", strategyParams: { byWeight: 1, random: 1 } });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  const n = RANDOM_POOL + 40;
  await seedUrls(job.id, n, (i) => (i + 1) / n, { minDelayMs: 0, maxConnections: 5 });
  await db.sql`update frontier set host = 'one.test' where job_id = ${job.id}`;
  await db.sql`insert into hosts (job_id, host, robots_state, robots_expires_at) values (${job.id}, 'one.test', 'allow-all', now() + interval '1 hour') on conflict do nothing`;
  await alive("w-rand");
  const ranks: { isRandomTurn: boolean; rank: number }[] = [];
  for (let i = 0; i < 24; i++) {
    const [{ made }] = await db.sql`select claims_made as made from jobs where id = ${job.id}`;
    const [c] = await claimUrls(db.sql, { workerId: "w-rand", limit: 1, ...LEASE, jobIds: [job.id] });
    const [{ rank }] = await db.sql`select count(*)::int as rank from frontier where job_id = ${job.id} and status = 'pending' and priority > ${c.priority}`;
    ranks.push({ isRandomTurn: Number(made) % 2 === 1, rank });
    await db.sql.begin(async (tx) => {
      await finishLease(tx, { id: c.id, workerId: "w-rand", status: "done" });
      await recordOutcome(tx, { jobId: job.id, host: c.host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
    });
  }
  const byPriority = ranks.filter((r) => !r.isRandomTurn), random = ranks.filter((r) => r.isRandomTurn);
  assert.equal(byPriority.length, 12);
  assert.ok(byPriority.every((r) => r.rank === 0), `a turn by priority took a URL that was not the best: ${JSON.stringify(byPriority)}`);
  assert.ok(random.every((r) => r.rank < RANDOM_POOL), `a random turn went below the pool: ${JSON.stringify(random)}`);
  // Twelve draws of the best out of 50 by chance: about 1 in 10^20.
  assert.ok(random.some((r) => r.rank > 0), "every random turn took the best URL");
});

test("the dashboard's next-URL list is the pending URLs best first across hosts, leased and finished URLs left out", async () => {
  const { listQueued } = await import("./frontier-queries");
  const { createPrisma } = await import("./infra/prisma");
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  // 14 URLs over 7 hosts; two of the best are taken out of the queue.
  const urls = await seedUrls(job.id, 14, (i) => (i * 37) % 14 / 10);
  await db.sql`update frontier set status = 'leased' where job_id = ${job.id} and url = ${urls[3]}`; // priority 1.3
  await db.sql`update frontier set status = 'done' where job_id = ${job.id} and url = ${urls[9]}`; // priority 1.1
  const prisma = createPrisma(db.url);
  try {
    const got = await listQueued(prisma, job.id, 5);
    const expected = urls.map((url, i) => ({ url, p: (i * 37) % 14 / 10 })).filter((u) => u.url !== urls[3] && u.url !== urls[9])
      .sort((a, b) => b.p - a.p).slice(0, 5);
    assert.deepEqual(got.map((g) => g.url), expected.map((e) => e.url));
    assert.deepEqual(got.map((g) => g.priority), expected.map((e) => e.p));
  } finally {
    await prisma.$disconnect();
  }
});

test("failed robots.txt fetches in a row are counted and the wait before the next try doubles; an answer resets the count", async () => {
  const { robotsFromResponse } = await import("../rules/robots");
  const job = await makeJob(db.url, { maxPages: 10 });
  await db.sql.begin((tx) => ensureHosts(tx, job.id, ["down.test"], { minDelayMs: 0, maxConnections: 1 }));
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { known, failures } = await readRobots(db.sql, job.id, "down.test");
    assert.equal(known, null, "an unknown or expired record is fetched again");
    assert.equal(failures, i);
    const now = Date.now();
    const record = robotsFromResponse("down.test", null, "FocusCrawl/0.1", now, failures);
    waits.push(record.expiresAt.getTime() - now);
    await saveRobots(db.sql, job.id, "down.test", record, new Date(now));
    assert.equal((await readRobots(db.sql, job.id, "down.test")).known?.state, "unreachable");
    await db.sql`update hosts set robots_expires_at = now() - interval '1 second' where job_id = ${job.id}`; // time passes
  }
  assert.deepEqual(waits, [30_000, 60_000, 120_000]);
  await saveRobots(db.sql, job.id, "down.test", robotsFromResponse("down.test", { status: 404, body: "" }, "FocusCrawl/0.1"), new Date());
  const after = await readRobots(db.sql, job.id, "down.test");
  assert.equal(after.known?.state, "allow-all");
  assert.equal(after.failures, 0, "an answer resets the count");
});

test("ending a job notifies the dashboard's listeners (the page shows it done without another change)", async () => {
  const heard: number[] = [];
  const listening = await db.sql.listen("focuscrawl_job", (payload) => heard.push(Number(payload)));
  try {
    const job = await makeJob(db.url, { maxPages: 10 });
    await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed: nothing pending or leased
    const ended = await finishJobs(db.sql);
    assert.deepEqual(ended.filter((e) => e.id === job.id), [{ id: job.id, status: "done", finishReason: "frontier-empty" }]);
    for (let i = 0; i < 50 && !heard.includes(job.id); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(heard.includes(job.id), `notified: ${heard.join(",")}`);
  } finally {
    await listening.unlisten();
  }
});

test("tries a database outage cut are given back untried: leased ones free budget and host, reclaimed ones get their attempt back", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  await seedUrls(job.id, 4, () => 0, { minDelayMs: 0, maxConnections: 1 });
  await alive("w-cut");
  const got = await claimUrls(db.sql, { workerId: "w-cut", limit: 4, ...LEASE, jobIds: [job.id] });
  assert.equal(got.length, 4);
  const [working, cut, reclaimed, stored] = got;
  await db.sql.begin(async (tx) => {
    await finishLease(tx, { id: stored.id, workerId: "w-cut", status: "done" });
    await recordOutcome(tx, { jobId: job.id, host: stored.host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  // Another worker took one lease back while this one was cut off (its lease ran out).
  await db.sql`update frontier set lease_expires_at = now() - interval '1 second' where id = ${reclaimed.id}`;
  await reclaimExpiredLeases(db.sql, 60_000);
  const [back] = await db.sql`select status::text, attempts from frontier where id = ${reclaimed.id}`;
  assert.deepEqual({ ...back }, { status: "pending", attempts: 1 }, "the reclaim counts the try");
  const before = await db.sql`select pages_reserved from jobs where id = ${job.id}`;

  assert.equal(await giveBackCutTries(db.sql, { workerId: "w-cut", workingIds: [working.id] }), 2);
  const rows = await db.sql<{ id: string; status: string; attempts: number; lease_owner: string | null }[]>`
    select id::text, status::text, attempts, lease_owner from frontier where id = any(${got.map((g) => g.id)}::bigint[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(working.id), { id: working.id, status: "leased", attempts: 1, lease_owner: "w-cut" }, "a URL still in flight is kept");
  assert.deepEqual(byId.get(cut.id), { id: cut.id, status: "pending", attempts: 0, lease_owner: null });
  assert.deepEqual(byId.get(reclaimed.id), { id: reclaimed.id, status: "pending", attempts: 0, lease_owner: null });
  assert.equal(byId.get(stored.id)!.status, "done");
  const [after] = await db.sql`select pages_reserved from jobs where id = ${job.id}`;
  assert.equal(after.pages_reserved, before[0].pages_reserved - 1, "only the leased URL gives its budget back (the reclaim did for the other)");
  const hosts = await db.sql<{ host: string; in_flight: number }[]>`select host, in_flight from hosts where job_id = ${job.id} and in_flight > 0`;
  assert.deepEqual(hosts.map((h) => h.host), [working.host], "only the host in flight still holds its connection");
  assert.equal(await giveBackCutTries(db.sql, { workerId: "w-cut", workingIds: [working.id] }), 0, "given back once");
});
