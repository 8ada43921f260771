/**
 * Host feedback in the frontier (docs/ALGORITHMS.md §2.8): a host's pending URLs weigh its harvest
 * so far, under a prior that keeps one bad page from sinking a good host.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks, recordOutcome } from "./frontier";
import { claimUrls } from "./claim/claim";
import { ensureHosts } from "./hosts";
import { reweighHost } from "./host-feedback";
import { hostFeedback } from "../strategy/feedback";
import { beat } from "./workers";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
  await beat(db.sql, { workerId: "w-feedback", hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
});
after(() => db.drop());

/**
 * A good host whose first page (its plain home page) was not relevant, and a site that served one
 * relevant page among `decoyFetched`; each has one pending URL, the site's a little higher.
 * Returns the host of the URL the claim serves first.
 */
async function claimFirst(priorityFeedback: boolean, decoyFetched: number): Promise<string> {
  const job = await makeJob(db.url, { strategy: "best-first", priorityFeedback, maxPages: 100, minDelayMs: 0 });
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`; // the seed
  const hosts = ["good.test", "decoy.test"];
  await db.sql.begin((tx) => ensureHosts(tx, job.id, hosts, { minDelayMs: 0, maxConnections: 10 }));
  await db.sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${job.id}`;
  await db.sql.begin(async (tx) => {
    await recordOutcome(tx, { jobId: job.id, host: "good.test", fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
    await recordOutcome(tx, { jobId: job.id, host: "decoy.test", fetched: 1, relevant: 1, failed: 0, enqueued: 0, bytes: 0 });
    for (let i = 1; i < decoyFetched; i++) await recordOutcome(tx, { jobId: job.id, host: "decoy.test", fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  await db.sql.begin((tx) => enqueueLinks(tx, {
    jobId: job.id, depth: 2, parentPageId: null, urls: ["http://good.test/article/1.html", "http://decoy.test/item/1.html"],
    hosts, anchors: ["", ""], priorities: [0.1, 0.12],
  }));
  for (const h of hosts) await reweighHost(db.sql, job.id, h);
  const [first] = await claimUrls(db.sql, { workerId: "w-feedback", limit: 1, leaseMs: 60_000, jobIds: [job.id] });
  return first.host;
}

test("one irrelevant page does not sink a good host: its URL is served before a site's that served 1 relevant page of 10", async () => {
  assert.equal(await claimFirst(true, 10), "good.test");
});

test("without the feedback (the papers' strategies as published) the higher priority is served first whatever its host served", async () => {
  assert.equal(await claimFirst(false, 10), "decoy.test");
});

test("a host's pending URLs and new links take its feedback: base priority × host_feedback, the base kept for the next change", async () => {
  const job = await makeJob(db.url, { strategy: "best-first", maxPages: 100, minDelayMs: 0 });
  await db.sql.begin((tx) => ensureHosts(tx, job.id, ["site.test"], { minDelayMs: 0, maxConnections: 10 }));
  const queue = (url: string) => db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 1, parentPageId: null, urls: [url], hosts: ["site.test"], anchors: [""], priorities: [0.2] }));
  await queue("http://site.test/a");
  await db.sql.begin(async (tx) => {
    for (let i = 0; i < 16; i++) await recordOutcome(tx, { jobId: job.id, host: "site.test", fetched: 1, relevant: 0, failed: 0, enqueued: 0, bytes: 0 });
  });
  assert.equal(await reweighHost(db.sql, job.id, "site.test"), 1);
  await queue("http://site.test/b");
  const rows = await db.sql<{ priority: number; base: number }[]>`
    select priority, base_priority as base from frontier where job_id = ${job.id} and host = 'site.test' order by url`;
  // 0 relevant of 16, all in a row: 2 · (0 + 2) / (16 + 4) · 0.5^(16 / 10), as the SQL function host_feedback computes it.
  for (const r of rows) {
    assert.equal(r.base, 0.2);
    assert.ok(Math.abs(r.priority - 0.2 * hostFeedback(16, 0, 0, 16)) < 1e-9, `priority ${r.priority}`);
  }
  assert.equal(await reweighHost(db.sql, job.id, "site.test"), 0, "nothing changed since: nothing rewritten");
});
