/**
 * Looking into new hosts within a share of the job's pages (rule 4, lib/rules/focus.ts): a host
 * tried fewer than EXPLORE_PAGES times is not held back, but the URLs taken below the bar for that
 * (jobs.look_ins) stay within LOOK_IN_FREE plus LOOK_IN_SHARE of the job's pages, the most promising
 * first. Without the share a web of hundreds of hosts spent the whole budget looking into them.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks, requeueUntried } from "./frontier";
import { claimUrls } from "./claim/claim";
import { ensureHosts } from "./hosts";
import { beat } from "./workers";
import { LOOK_IN_FREE, LOOK_IN_SHARE } from "../rules/focus";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
  await beat(db.sql, { workerId: "w-look", hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
});
after(() => db.drop());

/** New hosts (never tried), each with one URL far below the bar; the i-th at priority 0.001·(i+1). */
const NEW_HOSTS = 50;

/**
 * A job whose best URL (priority 1) waits half a second for good.test (tried 5 times), and
 * NEW_HOSTS never-tried hosts, ready, each with one URL below the bar. Idle capacity is off, so
 * every URL below the bar that a claim takes is a look-in.
 */
async function jobWithNewHosts(priorityFeedback = true): Promise<number> {
  const job = await makeJob(db.url, { strategy: "best-first", priorityFeedback, idleCapacity: false, maxPages: 1000, minDelayMs: 1000 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const fresh = Array.from({ length: NEW_HOSTS }, (_, i) => `n${String(i).padStart(2, "0")}.test`);
  const hosts = ["good.test", ...fresh];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, hosts, { minDelayMs: 1000, maxConnections: 1 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${job.id}`;
  await db.sql`update hosts set pages_fetched = 5, next_fetch_at = now() + interval '500 milliseconds' where job_id = ${job.id} and host = 'good.test'`;
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: hosts.map((h) => `http://${h}/a.html`),
    hosts, anchors: hosts.map(() => ""), priorities: [1, ...fresh.map((_, i) => 0.001 * (i + 1))],
  }));
  return job.id;
}

const claim = (jobId: number) => claimUrls(db.sql, { workerId: "w-look", limit: 64, leaseMs: 60_000, jobIds: [jobId] });
const lookIns = async (jobId: number) => (await db.sql<{ n: number }[]>`select look_ins as n from jobs where id = ${jobId}`)[0].n;

test("new hosts are looked into, those begun and then the most promising first, only within the look-in share of the job's pages", async () => {
  const jobId = await jobWithNewHosts();
  // n00, the least promising, has been looked into once already: it goes first.
  await db.sql`update hosts set pages_fetched = 1 where job_id = ${jobId} and host = 'n00.test'`;
  const first = await claim(jobId);
  // A fresh job may take LOOK_IN_FREE look-ins; good.test is not ready, so nothing else is taken.
  assert.equal(first.length, LOOK_IN_FREE, first.map((c) => c.host).join(", "));
  assert.ok(first.every((c) => c.priority < 0.5), "every URL taken is below the bar");
  assert.ok(first.some((c) => c.host === "n00.test"), "the host begun is looked into further");
  const best = [0.001, ...Array.from({ length: LOOK_IN_FREE - 1 }, (_, i) => 0.001 * (NEW_HOSTS - i))];
  assert.deepEqual(first.map((c) => c.priority).sort((a, b) => a - b).map((p) => p.toFixed(3)), best.sort((a, b) => a - b).map((p) => p.toFixed(3)));
  assert.equal(await lookIns(jobId), LOOK_IN_FREE);

  // The share grows with the job's pages: each claim may take LOOK_IN_SHARE of the pages taken
  // so far beyond LOOK_IN_FREE, until the look-ins are that share of the job's pages.
  let taken = first.length;
  for (let round = 0; round < 20; round++) {
    const next = await claim(jobId);
    if (next.length === 0) break;
    taken += next.length;
  }
  const [{ reserved }] = await db.sql<{ reserved: number }[]>`select pages_reserved as reserved from jobs where id = ${jobId}`;
  assert.equal(await lookIns(jobId), taken);
  assert.equal(taken, Math.floor(LOOK_IN_FREE + LOOK_IN_SHARE * reserved), "the look-ins stopped at their share of the job's pages");
  assert.ok(taken < NEW_HOSTS, `${taken} of ${NEW_HOSTS} hosts looked into: the others wait until the job has taken more pages`);

  // Once the job has taken more pages (here: 400 more reserved), the rest are looked into.
  await db.sql`update jobs set pages_reserved = pages_reserved + 400 where id = ${jobId}`;
  const rest = await claim(jobId);
  assert.equal(rest.length, NEW_HOSTS - taken);
});

test("a job that does not learn from hosts looks into none: it holds every URL below the bar back", async () => {
  const jobId = await jobWithNewHosts(false);
  assert.deepEqual(await claim(jobId), []);
  assert.equal(await lookIns(jobId), 0);
});

test("a look-in that yields no page (the host's robots.txt fetched first) gives its look-in back with its page", async () => {
  const jobId = await jobWithNewHosts();
  const first = await claim(jobId);
  assert.equal(await lookIns(jobId), first.length);
  await requeueUntried(db.sql, { id: first[0].id, workerId: "w-look" });
  assert.equal(await lookIns(jobId), first.length - 1);
  const [{ reserved }] = await db.sql<{ reserved: number }[]>`select pages_reserved as reserved from jobs where id = ${jobId}`;
  assert.equal(reserved, first.length - 1);
});
