/**
 * Pages stored at the same moment by different workers: the per-host page limit, the query-variant
 * limit and exact duplicates each hold as if the pages had been stored one after the other.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storePage, storePages } from "./pages";
import { ensureHosts } from "./hosts";
import { leaseTestUrls, testPageRecord as record } from "../testing/page-records";
import { applyQueryVariantLimit } from "./query-shapes";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

const PARALLEL = 8;

const leasedUrls = (jobId: number, n: number) => leaseTestUrls(db.sql, jobId, n);

test(`${PARALLEL} pages stored at once, each linking 3 new URLs of one host with maxPagesPerHost 5, queue exactly 5`, async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  const items = await leasedUrls(job.id, PARALLEL);
  await Promise.all(items.map((item, i) => storePage(db.sql, record(job.id, item, {
    maxPagesPerHost: 5, queueUrls: [0, 1, 2].map((k) => `http://limited.test/p${i}-${k}`),
  }))));
  const [r] = await db.sql<{ pending: number; limited: number; queued: number }[]>`
    select count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where skip_reason = 'trap:max-pages-per-host')::int as limited,
      (select urls_queued from hosts where job_id = ${job.id} and host = 'limited.test') as queued
    from frontier where job_id = ${job.id} and host = 'limited.test'`;
  assert.deepEqual(r, { pending: 5, limited: PARALLEL * 3 - 5, queued: 5 });
});

test(`${PARALLEL} pages with the same main text stored at once: one original, the others its duplicates`, async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  const items = await leasedUrls(job.id, PARALLEL);
  await Promise.all(items.map((item, i) => storePage(db.sql, record(job.id, item, {
    mainText: "同一篇转载的文章", checksum: "same-text", queueUrls: [`http://child.test/from-${i}`],
  }))));
  const pages = await db.sql<{ id: string; duplicate_of: string | null }[]>`select id, duplicate_of from pages where job_id = ${job.id} order by id`;
  const originals = pages.filter((p) => p.duplicate_of === null);
  assert.equal(originals.length, 1, `originals: ${originals.map((p) => p.id).join(", ")}`);
  assert.ok(pages.every((p) => p.duplicate_of === null || String(p.duplicate_of) === String(originals[0].id)));
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from frontier where job_id = ${job.id} and host = 'child.test'`;
  assert.equal(n, 1, "only the original's links are followed");
});

test("query shapes are counted per job in the database: ids pass, a calendar stops at the limit, pages at once share it", async () => {
  const [a, b] = [await makeJob(db.url, { maxPages: 10 }), await makeJob(db.url, { maxPages: 10 })];
  const apply = (jobId: number, urls: string[], limit: number) =>
    db.sql.begin((tx) => applyQueryVariantLimit(tx, jobId, urls.map((url) => ({ url, skipReason: null as string | null })), limit));
  const ids = await apply(a.id, Array.from({ length: 2000 }, (_, i) => `http://site.test/view?id=${i + 1}&lang=zh`), 5);
  assert.equal(ids.filter((l) => !l.skipReason).length, 2000, "every article of an id-addressed site passes");

  const months = Array.from({ length: 48 }, (_, i) => `http://site.test/cal?month=${2000 + Math.floor(i / 12)}-${(i % 12) + 1}`);
  const batches = Array.from({ length: PARALLEL }, (_, k) => months.slice(k * 6, k * 6 + 6));
  // The path's row exists before the pages race for its last places.
  assert.equal((await apply(a.id, ["http://site.test/cal?month=1999-12"], 5))[0].skipReason, null);
  const results = await Promise.all(batches.map((urls) => apply(a.id, urls, 5)));
  assert.equal(results.flat().filter((l) => !l.skipReason).length, 4, "an endless calendar stops at 5 shapes across pages stored at once");
  assert.ok(results.flat().filter((l) => l.skipReason).every((l) => l.skipReason === "trap:query-variants"));
  const counted = results.flat().find((l) => !l.skipReason)!.url;
  const refused = results.flat().find((l) => l.skipReason)!.url;
  const again = await apply(a.id, [counted, refused], 5);
  assert.deepEqual(again.map((l) => l.skipReason), [null, "trap:query-variants"], "a shape already counted passes again; a new one does not");

  const other = await apply(b.id, months.slice(0, 6), 5);
  assert.equal(other.filter((l) => !l.skipReason).length, 5, "another job counts its own shapes");
  const [{ shapes }] = await db.sql<{ shapes: string[] }[]>`select shapes from query_paths where job_id = ${a.id} and path = 'http://site.test/cal'`;
  assert.equal(shapes.length, 5);
});

test("a page whose query shapes and hosts are known already does not wait for another page's store on the same path and host", async () => {
  const job = await makeJob(db.url, { maxPages: 10 });
  const politeness = { minDelayMs: 0, maxConnections: 10 };
  await db.sql.begin((tx) => applyQueryVariantLimit(tx, job.id, [{ url: "http://busy.test/view?id=1&lang=zh", skipReason: null }], 5));
  await db.sql.begin((tx) => ensureHosts(tx, job.id, ["busy.test"], politeness));
  // Another page's store adds a new shape to the path and counts a page on the host, and has not committed yet.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const isHolding = new Promise<void>((r) => (holding = r));
  const other = db.sql.begin(async (tx) => {
    const [l] = await applyQueryVariantLimit(tx, job.id, [{ url: "http://busy.test/view?page=2", skipReason: null }], 5);
    assert.equal(l.skipReason, null);
    await tx`update hosts set pages_fetched = pages_fetched + 1 where job_id = ${job.id} and host = 'busy.test'`;
    holding();
    await released;
  });
  await isHolding;
  try {
    const [l] = await db.sql.begin(async (tx) => {
      await tx`set local lock_timeout = '3s'`; // waiting on the other store would end in an error here
      await ensureHosts(tx, job.id, ["busy.test"], politeness);
      return applyQueryVariantLimit(tx, job.id, [{ url: "http://busy.test/view?id=2&lang=zh", skipReason: null }], 5);
    });
    assert.equal(l.skipReason, null);
  } finally {
    release();
    await other;
  }
});

test("pages stored in one batch: the counters count each page, each host's connections are freed, a host's irrelevant run restarts after its last relevant page", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  // No delay and robots.txt known: one claim takes all four URLs of one.test (as many as its free connections).
  const items = await leaseTestUrls(db.sql, job.id, 6, (i) => (i < 4 ? "one.test" : "two.test"));
  const relevant = (item: { host: string; url: string }) => item.host === "one.test" && /page[02]$/.test(item.url);
  const [before] = await db.sql<{ n: number }[]>`select in_flight as n from hosts where job_id = ${job.id} and host = 'one.test'`;
  assert.equal(before.n, 4);
  await storePages(db.sql, items.map((item) => record(job.id, item, { isRelevant: relevant(item), relevance: relevant(item) ? 0.5 : 0 })));
  const [j] = await db.sql<{ fetched: number; relevant: number }[]>`select pages_fetched as fetched, pages_relevant as relevant from jobs where id = ${job.id}`;
  assert.deepEqual(j, { fetched: 6, relevant: 2 });
  const hosts = await db.sql<{ host: string; inFlight: number; fetched: number; relevant: number; run: number }[]>`
    select host, in_flight as "inFlight", pages_fetched as fetched, pages_relevant as relevant, irrelevant_run as run
    from hosts where job_id = ${job.id} and host in ('one.test', 'two.test') order by host`;
  assert.deepEqual(hosts.map((h) => ({ ...h })), [
    { host: "one.test", inFlight: 0, fetched: 4, relevant: 2, run: 1 },
    { host: "two.test", inFlight: 0, fetched: 2, relevant: 0, run: 2 },
  ]);
  const [{ fetched }] = await db.sql<{ fetched: number }[]>`select sum(fetched)::int as fetched from job_stats_minute where job_id = ${job.id}`;
  assert.equal(fetched, 6);
});

test("pages with the same main text in one batch: the first is the original, the others its duplicates", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  const items = await leasedUrls(job.id, 4);
  const stored = await storePages(db.sql, items.map((item, i) => record(job.id, item, {
    mainText: "同一篇转载的文章", checksum: "same-in-batch", queueUrls: [`http://child.test/from-${i}`],
  })));
  const pages = await db.sql<{ id: string; duplicateOf: string | null }[]>`
    select id::text, duplicate_of::text as "duplicateOf" from pages where job_id = ${job.id} order by id`;
  assert.deepEqual(pages.map((p) => p.duplicateOf), [null, stored[0].pageId, stored[0].pageId, stored[0].pageId]);
  assert.deepEqual(stored.map((s) => s.enqueued), [1, 0, 0, 0], "only the original's links are queued");
});
