import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { claimUrls, MAX_HOSTS_PROBED } from "./claim/claim";
import { beat } from "./workers";
import { markHostsPending, repairHostsPending } from "./host-pending";
import { findStalledJobs } from "./stall";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

const HOSTS = 10_000;
const EMPTY = 9_000;

/** A job whose hosts h1..h10000 are all ready; the first EMPTY (ready longest) have only fetched URLs. */
async function jobWithEmptyHosts() {
  const job = await makeJob(db.url, { keywords: "计算机", seeds: "http://h1.test/", maxPages: 1_000_000, minDelayMs: 0 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await db.sql`insert into hosts (job_id, host, min_delay_ms, max_connections, robots_state, next_fetch_at)
    select ${job.id}, 'h' || g || '.test', 0, 2, 'allow-all', now() - (${HOSTS} - g) * interval '1 second' from generate_series(1, ${HOSTS}) g
    on conflict (job_id, host) do update set robots_state = 'allow-all', next_fetch_at = excluded.next_fetch_at`;
  await db.sql`insert into frontier (job_id, url, url_key, host, depth, priority, status)
    select ${job.id}, u, u, 'h' || g || '.test', 1, 0.5, case when g <= ${EMPTY} then 'done'::frontier_status else 'pending'::frontier_status end
    from generate_series(1, ${HOSTS}) g, lateral (select 'http://h' || g || '.test/p' as u) x`;
  await beat(db.sql, { workerId: "w-empty", hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
  return job;
}

test(`a claim finds a URL although the ${EMPTY} hosts ready longest (far more than ${MAX_HOSTS_PROBED}) have nothing pending, and every URL is claimed in the end`, async () => {
  const job = await jobWithEmptyHosts();
  const first = await claimUrls(db.sql, { workerId: "w-empty", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
  assert.equal(first.length, 16, "the first claim must find URLs on the hosts that have them");
  const seen = new Set(first.map((c) => c.url));
  for (let round = 0; round < HOSTS && seen.size < HOSTS - EMPTY; round++) {
    const got = await claimUrls(db.sql, { workerId: "w-empty", limit: 64, leaseMs: 60_000, jobIds: [job.id] });
    assert.ok(got.length > 0, `claim ${round} found nothing with ${HOSTS - EMPTY - seen.size} URLs pending on ready hosts`);
    for (const c of got) seen.add(c.url);
  }
  assert.equal(seen.size, HOSTS - EMPTY);
  const [{ flagged }] = await db.sql<{ flagged: number }[]>`select count(*)::int as flagged from hosts where job_id = ${job.id} and has_pending and host <> 'seed.test'`;
  assert.ok(flagged <= HOSTS - EMPTY, `${flagged} hosts still flagged as having pending URLs`);
});

test("a host found empty is claimed again once a URL is queued on it, and the repair finds one a claim unflagged wrongly", async () => {
  const job = await jobWithEmptyHosts();
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  assert.equal((await claimUrls(db.sql, { workerId: "w-empty", limit: 16, leaseMs: 60_000, jobIds: [job.id] })).length, 0);
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from hosts where job_id = ${job.id} and not has_pending`;
  assert.ok(n > 0, "claims that find hosts empty unflag them");
  await db.sql`update frontier set status = 'pending' where job_id = ${job.id} and url in ('http://h5.test/p', 'http://h6.test/p')`;
  await db.sql.begin((tx) => markHostsPending(tx, job.id, ["h5.test"]));
  // h6 got its URL without being flagged again (as a claim racing an insert could leave it): the repair does it.
  assert.deepEqual((await findStalledJobs(db.sql, [job.id], 0)).map((s) => s.jobId), [job.id], "the stall check sees a ready host with a URL due");
  assert.ok((await repairHostsPending(db.sql)) >= 1);
  const got = await claimUrls(db.sql, { workerId: "w-empty", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
  assert.deepEqual(got.map((c) => c.url).sort(), ["http://h5.test/p", "http://h6.test/p"]);
  assert.deepEqual([...await findStalledJobs(db.sql, [job.id], 0)], [], "nothing left pending, no stall");
});

test("holding back low-priority URLs, a claim still reaches the best ready host behind hundreds of hosts ready longer, and takes only what is near the best", async () => {
  // The hold-back alone: hosts are not looked into first (priorityFeedback, docs/ALGORITHMS.md §2.8).
  const job = await makeJob(db.url, { keywords: "计算机", seeds: "http://g.test/", strategy: "best-first", priorityFeedback: false, maxPages: 100_000, minDelayMs: 1000 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await db.sql`insert into hosts (job_id, host, min_delay_ms, max_connections, robots_state, next_fetch_at)
    select ${job.id}, 'j' || g || '.test', 1000, 2, 'allow-all', now() - interval '1 hour' + g * interval '1 second' from generate_series(1, 600) g`;
  await db.sql`update hosts set robots_state = 'allow-all', next_fetch_at = now() - interval '1 second' where job_id = ${job.id} and host = 'g.test'`;
  await db.sql`insert into frontier (job_id, url, url_key, host, depth, priority)
    select ${job.id}::int, u, u, 'j' || g || '.test', 1, 0.05 from generate_series(1, 600) g, lateral (select 'http://j' || g || '.test/' as u) x
    union all select ${job.id}::int, 'http://g.test/a', 'http://g.test/a', 'g.test', 1, 0.9
    union all select ${job.id}::int, 'http://g.test/b', 'http://g.test/b', 'g.test', 1, 0.8`;
  await beat(db.sql, { workerId: "w-hold", hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
  const got = await claimUrls(db.sql, { workerId: "w-hold", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
  assert.deepEqual(got.map((c) => c.url), ["http://g.test/a"], "the best URL, and none of the 600 far below it");
  const next = await claimUrls(db.sql, { workerId: "w-hold", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
  assert.deepEqual(next, [], "g.test waits out its delay; its next URL (0.8) holds the others back");
  await db.sql`update jobs set claim_hold_back = 0 where id = ${job.id}`;
  const all = await claimUrls(db.sql, { workerId: "w-hold", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
  assert.equal(all.length, 16, "with focusHoldBack 0 every ready host's best URL may be taken");
});
