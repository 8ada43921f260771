/**
 * Hosts that sink (docs/ALGORITHMS.md §2.8): a site whose relevant home page passes a little
 * priority to hundreds of irrelevant pages stays the best of URLs that have all decayed to about 0
 * unless its run of irrelevant pages puts it below every other host's URLs.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks, finishLease, recordOutcome } from "./frontier";
import { claimUrls } from "./claim/claim";
import { ensureHosts } from "./hosts";
import { reweighHost } from "./host-feedback";
import { isHostSunk, SINK_RUN } from "../strategy/feedback";
import { beat } from "./workers";

const WORKER = "w-sink";
const DECOY = "decoy.test";
const OTHERS = ["a.test", "b.test", "c.test"];
/** The decoy's pages a crawl may spend before it leaves (the lab's bar, bench/LAB.md). */
const DECOY_BUDGET = 30;

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
  await beat(db.sql, { workerId: WORKER, hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
});
after(() => db.drop());

/**
 * A job whose decoy served one relevant page (its home) and has 100 download pages queued at
 * the 0.07 they inherited from it, beside three hosts whose 40 URLs each scored 0 (a portal's
 * links, links of irrelevant pages). Every page fetched is irrelevant. Returns the job's id.
 */
async function makeDecoyJob(): Promise<number> {
  const job = await makeJob(db.url, { strategy: "best-first", priorityFeedback: true, maxPages: 1000, minDelayMs: 0 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const hosts = [DECOY, ...OTHERS];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, hosts, { minDelayMs: 0, maxConnections: 10 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${job.id}`;
  await db.sql.begin((tx) => recordOutcome(tx, { jobId: job.id, host: DECOY, fetched: 1, relevant: 1, failed: 0, enqueued: 0, bytes: 0 }));
  const links = [
    ...Array.from({ length: 100 }, (_, i) => ({ url: `http://${DECOY}/item/${i + 1}.html`, host: DECOY, priority: 0.07 })),
    ...OTHERS.flatMap((host) => Array.from({ length: 40 }, (_, i) => ({ url: `http://${host}/p/${i + 1}.html`, host, priority: 0 }))),
  ];
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: links.map((l) => l.url), hosts: links.map((l) => l.host),
    anchors: links.map(() => ""), priorities: links.map((l) => l.priority),
  }));
  for (const h of hosts) await reweighHost(db.sql, job.id, h);
  return job.id;
}

/** Claim one URL at a time, `n` times, each fetched as an irrelevant page (as the worker stores it); returns the hosts in order. */
async function crawlIrrelevant(jobId: number, n: number): Promise<string[]> {
  const hosts: string[] = [];
  for (let i = 0; i < n; i++) {
    const [url] = await claimUrls(db.sql, { workerId: WORKER, limit: 1, leaseMs: 60_000, jobIds: [jobId] });
    if (!url) break;
    hosts.push(url.host);
    await db.sql.begin(async (tx) => {
      await finishLease(tx, { id: url.id, workerId: WORKER, status: "done" });
      await recordOutcome(tx, { jobId, host: url.host, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
    });
    await reweighHost(db.sql, jobId, url.host);
  }
  return hosts;
}

test(`a decoy whose pages stay the best remaining URLs is left after ${SINK_RUN} irrelevant pages, within ${DECOY_BUDGET}`, async () => {
  const jobId = await makeDecoyJob();
  const hosts = await crawlIrrelevant(jobId, 100);
  const decoy = hosts.filter((h) => h === DECOY).length;
  assert.equal(hosts.length, 100);
  assert.ok(decoy <= DECOY_BUDGET, `${decoy} of the first 100 pages on the decoy`);
  assert.ok(decoy >= SINK_RUN, `${decoy} pages on the decoy: it is sunk by its run of irrelevant pages, not before`);
  const [h] = await db.sql<{ isSunk: boolean }[]>`select is_sunk as "isSunk" from hosts where job_id = ${jobId} and host = ${DECOY}`;
  assert.equal(h.isSunk, true);
  const [best] = await db.sql<{ priority: number }[]>`
    select max(priority) as priority from frontier where job_id = ${jobId} and host = ${DECOY} and status = 'pending'`;
  assert.ok(best.priority < 0, `the decoy's best pending priority ${best.priority} lies below every other host's`);
});

test("a sunk host rises again as soon as one of its pages is relevant", async () => {
  const jobId = await makeDecoyJob();
  await crawlIrrelevant(jobId, 40);
  await db.sql.begin((tx) => recordOutcome(tx, { jobId, host: DECOY, fetched: 1, relevant: 1, failed: 0, enqueued: 0, bytes: 0 }));
  await reweighHost(db.sql, jobId, DECOY);
  const [h] = await db.sql<{ isSunk: boolean; priority: number }[]>`
    select h.is_sunk as "isSunk", (select max(priority) from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending') as priority
    from hosts h where h.job_id = ${jobId} and h.host = ${DECOY}`;
  assert.equal(h.isSunk, false);
  assert.ok(h.priority > 0, `priority ${h.priority}`);
});

test("a productive host is not sunk by a run of irrelevant pages: 1 in 10 of its pages relevant, as a news site the filter misjudges", async () => {
  const jobId = await makeDecoyJob();
  // The decoy turns out productive: 8 more relevant pages (9 of 30), then 25 irrelevant in a row.
  await db.sql.begin(async (tx) => {
    for (let i = 0; i < 8; i++) await recordOutcome(tx, { jobId, host: DECOY, fetched: 1, relevant: 1, failed: 0, enqueued: 0, bytes: 0 });
    for (let i = 0; i < 21; i++) await recordOutcome(tx, { jobId, host: DECOY, fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  await reweighHost(db.sql, jobId, DECOY);
  const [h] = await db.sql<{ fetched: number; relevant: number; run: number; isSunk: boolean; priority: number }[]>`
    select h.pages_fetched as fetched, h.pages_relevant as relevant, h.irrelevant_run as run, h.is_sunk as "isSunk",
      (select max(priority) from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending') as priority
    from hosts h where h.job_id = ${jobId} and h.host = ${DECOY}`;
  assert.deepEqual([h.fetched, h.relevant, h.run], [30, 9, 21]);
  assert.equal(h.isSunk, false);
  assert.equal(isHostSunk(h.fetched, h.relevant, 0, h.run), false, "the rule as the crawler states it agrees with the SQL");
  assert.ok(h.priority > 0, `priority ${h.priority}`);
  // The same run on a host with 2 relevant pages of 30 sinks it.
  assert.equal(isHostSunk(30, 2, 0, 21), true);
});
