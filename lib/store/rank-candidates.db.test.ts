import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { parseResultFilters } from "../results/filters";
import { prepareResultQuery, whereSql } from "./results";
import { findRankCandidates } from "./rank-candidates";

const ctx = useTestDatabase();

/** The exact answer: the view's matches by relevance then id, read in full. */
async function topByRelevance(jobId: number, query: string, needed: number): Promise<string[]> {
  const rq = view(jobId, query);
  const rows = await ctx.db.sql<{ id: string }[]>`
    select p.id from pages p where ${whereSql(ctx.db.sql, rq)} order by p.relevance desc, p.id desc limit ${needed}`;
  return rows.map((r) => r.id);
}

function view(jobId: number, query: string) {
  const r = parseResultFilters(new URLSearchParams(query));
  if (!r.ok) throw new Error(r.problem.message);
  return prepareResultQuery(jobId, r.value);
}

test("ranked-search candidates found under a relevance floor are exactly the view's top pages by relevance", async () => {
  const job = await makeJob(ctx.db.url, {});
  // 360 pages: 农业 on every third, 罕见 only on some of the least relevant (a floor set from the
  // job's top pages finds none of them, so the search must go on without one).
  for (let i = 0; i < 360; i++) {
    const relevance = ((i * 7919) % 360) / 360;
    const words = [i % 3 === 0 ? "农业" : "城市", relevance < 0.1 && i % 2 === 0 ? "罕见" : "常见"];
    await storeTestPage(ctx.db.sql, job.id, {
      url: `http://h${i % 4}.test/p${i}`, title: words.join(""), mainText: `${words.join("，")}。`, relevance });
  }
  await ctx.db.sql`update jobs set pages_fetched = 360 where id = ${job.id}`;
  await ctx.db.sql`analyze pages`;
  for (const [query, needed] of [["q=农业", 10], ["q=农业&host=h1.test", 5], ["q=罕见", 2], ["q=城市", 200], ["q=农业", 500]] as const) {
    const rq = view(job.id, query);
    const expected = await topByRelevance(job.id, query, needed);
    assert.ok(expected.length > 0, `${query} matches`);
    const found = await ctx.db.sql.begin((tx) => findRankCandidates(tx as never, job.id, whereSql(tx as never, rq), needed, { floorFromPages: 0 }));
    assert.deepEqual(found, expected, `${query}, ${needed} wanted`);
  }
});
