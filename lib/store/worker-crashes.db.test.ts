import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks, giveBackCutTries, MAX_CRASHES, reclaimExpiredLeases, WORKER_CRASH } from "./frontier";
import { claimUrls } from "./claim/claim";
import { ensureHosts } from "./hosts";
import { beat } from "./workers";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

/** A job with one URL queued on a ready host (its seed done), and that URL's frontier id. */
async function jobWithOneUrl() {
  const job = await makeJob(db.url, { maxPages: 100 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const url = `http://crash${job.id}.test/page`, host = new URL(url).host;
  await db.sql.begin((tx) => ensureHosts(tx, job.id, [host], { minDelayMs: 0, maxConnections: 10 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${job.id}`;
  await db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 1, parentPageId: "0", urls: [url], hosts: [host], anchors: [""], priorities: [1] }));
  const [{ id }] = await db.sql<{ id: string }[]>`select id::text from frontier where job_id = ${job.id} and url = ${url}`;
  return { jobId: job.id, id, url };
}

/** `workerId` beats, claims the job's URL (asserting it got it), and returns what it claimed. */
async function claimAs(workerId: string, jobId: number) {
  await beat(db.sql, { workerId, hostname: "test", pid: 1, status: "running", inFlight: 1, fetchedTotal: 0 });
  return claimUrls(db.sql, { workerId, limit: 5, leaseMs: 60_000, jobIds: [jobId] });
}

/** The worker holding `id` dies: it never beats again and its lease runs out (backdated, not waited for). */
async function dieHolding(id: string) {
  await db.sql`update frontier set lease_expires_at = now() - interval '1 second' where id = ${id}`;
  assert.ok(await reclaimExpiredLeases(db.sql, 60_000) >= 1, "the dead worker's lease is reclaimed");
}

const row = async (id: string) => (await db.sql<{ status: string; last_error: string | null; crashed: number; attempts: number }[]>`
  select status::text, last_error, cardinality(coalesce(crashed_by, '{}'))::int as crashed, attempts from frontier where id = ${id}`)[0];
const hostCounts = async (jobId: number, url: string) => (await db.sql<{ inFlight: number; errors: number }[]>`
  select in_flight as "inFlight", errors from hosts where job_id = ${jobId} and host = ${new URL(url).host}`)[0];
const jobCounts = async (jobId: number) => (await db.sql<{ reserved: number; failed: number }[]>`
  select pages_reserved as reserved, pages_failed as failed from jobs where id = ${jobId}`)[0];

test("a URL whose handling took a worker down twice is set aside with its reason and never claimed a third time", async () => {
  assert.equal(MAX_CRASHES, 2);
  const { jobId, id, url } = await jobWithOneUrl();
  assert.deepEqual((await claimAs("w-crash-1", jobId)).map((c) => c.id), [id]);
  await dieHolding(id);
  assert.deepEqual(await row(id), { status: "pending", last_error: null, crashed: 1, attempts: 1 }, "one crash: queued again");

  // The restarted worker (a new id) claims it again and dies again.
  assert.deepEqual((await claimAs("w-crash-2", jobId)).map((c) => c.id), [id]);
  await dieHolding(id);
  assert.deepEqual(await row(id), { status: "failed", last_error: WORKER_CRASH, crashed: 2, attempts: 2 }, "two crashes: set aside");
  assert.deepEqual(await claimAs("w-crash-3", jobId), [], "never claimed a third time");
  assert.deepEqual(await hostCounts(jobId, url), { inFlight: 0, errors: 1 }, "the host's connection is free and the failure counted");
  assert.deepEqual(await jobCounts(jobId), { reserved: 1, failed: 1 }, "its page budget stays spent, the failure counted");
  const logged = await db.sql`select outcome, reason from request_log where job_id = ${jobId} and url = ${url}`;
  assert.deepEqual(logged.map((r) => [r.outcome, r.reason]), [["failed", WORKER_CRASH]], "the request log says why");

  await db.sql`update jobs set status = 'running' where id = ${jobId}`;
  assert.equal(await reclaimExpiredLeases(db.sql, 60_000), 0, "a set-aside URL is not reclaimed again");
});

test("a URL whose try a database outage cut is not counted as a crash, even when another worker reclaimed it meanwhile", async () => {
  const { jobId, id } = await jobWithOneUrl();
  for (const round of [1, 2, 3]) {
    // The worker is cut off: its heartbeat goes stale and another worker's sweep reclaims the URL...
    const workerId = `w-cut-${round}`;
    assert.equal((await claimAs(workerId, jobId)).length, 1, `round ${round}: claimed`);
    await dieHolding(id);
    // ...then the database answers it again and it gives back the tries the outage cut.
    assert.equal(await giveBackCutTries(db.sql, { workerId, workingIds: [] }), 1);
    assert.deepEqual(await row(id), { status: "pending", last_error: null, crashed: 0, attempts: 0 }, `round ${round}: not counted`);
  }
  // A try cut while still leased (given back before anyone reclaimed it) is not counted either.
  assert.equal((await claimAs("w-cut-leased", jobId)).length, 1);
  assert.equal(await giveBackCutTries(db.sql, { workerId: "w-cut-leased", workingIds: [] }), 1);
  assert.deepEqual(await row(id), { status: "pending", last_error: null, crashed: 0, attempts: 0 });
  assert.equal((await claimAs("w-cut-after", jobId)).length, 1, "still claimed");
});

test("a URL set aside because a cut-off worker looked dead is queued again when that worker returns", async () => {
  const { jobId, id, url } = await jobWithOneUrl();
  const before = await jobCounts(jobId);
  assert.equal((await claimAs("w-real-crash", jobId)).length, 1);
  await dieHolding(id); // a real crash: that worker never returns
  assert.equal((await claimAs("w-cut-off", jobId)).length, 1);
  await dieHolding(id); // this one was only cut off by an outage
  assert.equal((await row(id)).status, "failed");
  assert.equal(await giveBackCutTries(db.sql, { workerId: "w-cut-off", workingIds: [] }), 1);
  assert.deepEqual(await row(id), { status: "pending", last_error: null, crashed: 1, attempts: 1 }, "one crash left, the real one");
  assert.deepEqual(await jobCounts(jobId), before, "budget and failure count given back");
  assert.deepEqual(await hostCounts(jobId, url), { inFlight: 0, errors: 0 });
  assert.equal((await claimAs("w-next", jobId)).length, 1, "claimed again");
});
