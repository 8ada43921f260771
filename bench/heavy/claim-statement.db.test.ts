import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import postgres from "postgres";
import { reclaimExpiredLeases } from "../../lib/store/frontier";
import { claimUrls } from "../../lib/store/claim/claim";
import { createTestDatabase, type TestDatabase } from "../../lib/testing/db";
import { makeJob } from "../../lib/testing/fixtures";
import { isClaimStatement, labelStatement } from "./db-activity";
import { statementDurations } from "./scale-figures";

let db: TestDatabase;
before(async () => {
  db = await createTestDatabase();
  await makeJob(db.url, {}); // a running job, so the claim goes on past locking it
});
after(() => db.drop());

/** Every statement text `fn` sends through a client of the test database. */
async function statementsOf(fn: (sql: postgres.Sql) => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  // The test database may be reached on a Unix socket named by the URL's host parameter (as openSql reads it).
  const u = new URL(db.url);
  const dir = u.searchParams.get("host");
  u.searchParams.delete("host");
  const sql = postgres(u.toString(), { max: 1, path: dir ? `${dir}/.s.PGSQL.${u.port || 5432}` : undefined, onnotice: () => {}, fetch_types: false,
    debug: (_conn, query) => texts.push(query) });
  try {
    await fn(sql);
  } finally {
    await sql.end();
  }
  return texts;
}

test("the scale-out benchmark recognises the worker's claim statement, and only it, in the server's views and log", async () => {
  const claim = await statementsOf((sql) => claimUrls(sql, { workerId: "w1", limit: 4, leaseMs: 60_000 }));
  const reclaim = await statementsOf((sql) => reclaimExpiredLeases(sql, 20_000));
  assert.ok(claim.length >= 1 && reclaim.length >= 1);
  // The claim is a transaction: the job's row locked by a statement of its own, then the claim itself.
  const claims = claim.filter(isClaimStatement);
  assert.equal(claims.length, 1, claim.map((t) => t.slice(0, 60)).join(" | "));
  assert.ok(claim.filter((t) => !isClaimStatement(t)).every((t) => /^(begin|commit)$/i.test(t.trim()) || /for no key update of j\b/i.test(t)));
  assert.ok(!reclaim.some(isClaimStatement), "the lease reclaim also uses SKIP LOCKED but is not a claim");
  assert.equal(labelStatement(claims[0]), "claim (claimUrls)");
  const lock = claim.find((t) => /for no key update of j\b/i.test(t));
  assert.ok(lock, "the job lock is a statement of its own");
  assert.equal(labelStatement(lock.replace(/\s+/g, " ")), "claim's job lock (claimUrls)");
  // pg_stat_statements replaces constants by $n: the claim is still recognised.
  assert.ok(isClaimStatement(claims[0].replace(/'[^'\n]*'/g, () => "$9")));
  const log = `2026-11-26 13:26:52.527 UTC [9963] LOG:  duration: 7.250 ms  execute s12: ${claims[0]}\n` +
    `2026-11-26 13:26:52.530 UTC [9964] LOG:  duration: 3.100 ms  execute s3: ${reclaim[0]}`;
  assert.deepEqual(statementDurations(log, isClaimStatement), [7.25]);
});
