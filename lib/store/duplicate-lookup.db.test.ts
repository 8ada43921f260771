import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { openSql } from "./infra/sql";

const ctx = useTestDatabase();

test("the duplicate lookup is planned with each page's values, never kept as a prepared statement", async () => {
  // One connection, so the pages are stored and the session's statements read on the same one.
  const sql = openSql(ctx.db.url, { max: 1, app: "focuscrawl-test-duplicates" });
  try {
    const job = await makeJob(ctx.db.url, {});
    // SimHashes far apart (a Weyl sequence): only the exact copies are duplicates.
    // A prepared statement past its fifth run keeps one plan; made while the job had these few
    // pages, it would read every page of the job for every page stored after them.
    for (let i = 0; i < 8; i++) {
      await storeTestPage(sql, job.id, { url: `http://dup.test/${i}`, title: `页${i}`, mainText: `正文 ${i}`, relevance: 0.5, checksum: `c-${i % 4}`,
        simhash: BigInt(i + 1) * 0x9e37_79b9_7f4a_7c15n % (1n << 63n) });
    }
    const marked = await sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${job.id} and duplicate_of is not null`;
    assert.equal(marked[0].n, 4, "the second copy of each main text is marked: the lookup ran");
    const prepared = await sql<{ statement: string }[]>`select statement from pg_prepared_statements where statement like '%bit_count(%' and statement not like '%pg_prepared_statements%'`;
    assert.deepEqual(prepared.map((p) => p.statement.trim().slice(0, 60)), [], "no prepared near-duplicate lookup in the session");
    const kept = await sql<{ n: number }[]>`select count(*)::int as n from pg_prepared_statements`;
    assert.ok(kept[0].n > 0, "the session does keep its other statements prepared");
  } finally {
    await sql.end();
  }
});
