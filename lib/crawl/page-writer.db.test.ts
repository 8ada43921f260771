import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { leaseTestUrls, testPageRecord } from "../testing/page-records";
import { LeaseLostError } from "../store/frontier";
import { createPageWriter } from "./page-writer";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

test("pages finished while a batch is written go together in the next; a page whose lease was lost fails alone", async () => {
  const job = await makeJob(db.url, { maxPages: 100 });
  const items = await leaseTestUrls(db.sql, job.id, 8);
  // Another worker took the sixth URL's lease over (its own expired meanwhile).
  await db.sql`update frontier set lease_owner = 'w-other' where id = ${items[5].id}`;
  const writer = createPageWriter(db.sql);
  const results = await Promise.allSettled(items.map((item) => writer.store(testPageRecord(job.id, item, {}))));
  assert.deepEqual(results.map((r) => r.status), ["fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
  assert.ok((results[5] as PromiseRejectedResult).reason instanceof LeaseLostError);
  const [{ pages, fetched }] = await db.sql<{ pages: number; fetched: number }[]>`
    select (select count(*)::int from pages where job_id = ${job.id}) as pages, pages_fetched as fetched from jobs where id = ${job.id}`;
  assert.deepEqual({ pages, fetched }, { pages: 7, fetched: 7 });
  // The first page went alone (nothing was being written), the six after it waited and went in one batch.
  const [{ transactions }] = await db.sql<{ transactions: number }[]>`
    select count(distinct xmin::text)::int as transactions from pages where job_id = ${job.id}`;
  assert.equal(transactions, 2);
});
