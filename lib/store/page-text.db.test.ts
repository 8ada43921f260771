import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { MAX_TITLE_CHARS } from "./page-text";

const ctx = useTestDatabase();

test("a page with a 2 MB <title> is stored with its title cut, and found by the words it keeps", async () => {
  const job = await makeJob(ctx.db.url, {});
  const title = `水稻${"长".repeat(2 * 1024 * 1024)}`;
  const id = await storeTestPage(ctx.db.sql, job.id, { url: "http://big.test/", title, mainText: "水稻 种植" });
  const [row] = await ctx.db.sql`select length(title)::int as n, left(title, 2) as head, search_vector @@ plainto_tsquery('simple', '水稻') as found from pages where id = ${id}`;
  assert.deepEqual([row.n, row.head], [MAX_TITLE_CHARS, "水稻"]);
  assert.equal(row.found, true);
  const [{ n }] = await ctx.db.sql`select count(*)::int as n from frontier where job_id = ${job.id} and status = 'done'`;
  assert.equal(n, 1, "the page and its lease were written together");
});
