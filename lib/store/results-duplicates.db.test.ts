import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { parseView as view, storeTestPage } from "../testing/results-fixtures";
import { RESULT_SORTS } from "../results/filters";
import { countHosts, countResults, listResults, prepareResultQuery } from "./results";
import { readExportRows } from "./export-rows";
import { findDuplicateGroup } from "./duplicate-groups";

const ctx = useTestDatabase();

/** Each row of a screen as "title" or, grouped, "title+N". */
async function rows(jobId: number, query: string, perScreen = 100) {
  const screen = await listResults(ctx.db.sql, prepareResultQuery(jobId, view(query)), perScreen);
  return screen.rows.map((r) => (r.duplicates === null ? r.title : `${r.title}+${r.duplicates}`));
}

const NEAR = 0x2345_6789_abcd_ef01n;
let serial = 0;
/** SimHashes far apart (a Weyl sequence), so that only the copies a test means are near-duplicates. */
const farSimhash = () => BigInt(++serial) * 0x9e37_79b9_7f4a_7c15n % (1n << 63n);

/**
 * Originals 甲 (three near-duplicates: an exact copy, a SimHash 1 bit away on another site, and an
 * exact copy of that one, which joins 甲's group), 乙 (one) and 丙 (none), stored through the real
 * page store, which marks them.
 */
async function storeGroups(jobId: number) {
  const page = (url: string, title: string, relevance: number, extra: { checksum?: string; simhash?: bigint; text?: string } = {}) =>
    storeTestPage(ctx.db.sql, jobId, { url, title, mainText: `${title} 农业机械 ${extra.text ?? ""}`, relevance, simhash: farSimhash(), ...extra });
  const ids = {
    jia: await page("http://nong.test/jia", "甲", 0.9, { checksum: "c-jia", simhash: NEAR, text: "拖拉机" }),
    yi: await page("http://shop.test/yi", "乙", 0.7, { checksum: "c-yi" }),
    bing: await page("http://nong.test/bing", "丙", 0.5),
    jia1: await page("http://nong.test/jia-copy", "甲一", 0.88, { checksum: "c-jia" }),
    jia2: await page("http://shop.test/jia-mirror", "甲二", 0.87, { checksum: "c-jia2", simhash: NEAR ^ 1n, text: "拖拉机" }),
    jia3: await page("http://nong.test/jia-print", "甲三", 0.86, { checksum: "c-jia2" }),
    yi1: await page("http://shop.test/yi-copy", "乙一", 0.69, { checksum: "c-yi" }),
  };
  const marked = await ctx.db.sql<{ id: string; duplicateOf: string | null }[]>`
    select id, duplicate_of as "duplicateOf" from pages where job_id = ${jobId} order by id`;
  const of = Object.fromEntries(marked.map((m) => [m.id, m.duplicateOf]));
  assert.deepEqual([of[ids.jia1], of[ids.jia2], of[ids.jia3], of[ids.yi1], of[ids.jia], of[ids.bing]],
    [ids.jia, ids.jia, ids.jia, ids.yi, null, null], "the page store marked the copies");
  return ids;
}

test("grouped: each original once with its near-duplicates counted within the view's other filters", async () => {
  const job = await makeJob(ctx.db.url, {});
  await storeGroups(job.id);
  assert.deepEqual(await rows(job.id, "dup=group"), ["甲+3", "乙+1", "丙+0"]);
  assert.deepEqual(await rows(job.id, "dup=show"), ["甲", "甲一", "甲二", "甲三", "乙", "乙一", "丙"]);
  assert.deepEqual(await rows(job.id, ""), ["甲", "甲一", "甲二", "甲三", "乙", "乙一", "丙"], "the API and export show every page by default");
  assert.deepEqual(await rows(job.id, "dup=hide"), ["甲", "乙", "丙"]);
  // The counts follow the other filters; a duplicate whose original the view leaves out is not listed.
  assert.deepEqual(await rows(job.id, "dup=group&host=nong.test"), ["甲+2", "丙+0"]);
  assert.deepEqual(await rows(job.id, "dup=group&host=shop.test"), ["乙+1"]);
  assert.deepEqual(await rows(job.id, "dup=group&min=0.865"), ["甲+2"]);
  assert.deepEqual(await rows(job.id, "dup=group&q=拖拉机"), ["甲+1"], "a search counts the duplicates that match it");
  assert.deepEqual(await rows(job.id, "dup=group&q=拖拉机&sort=depth"), ["甲+1"]);
  assert.deepEqual(await countResults(ctx.db.sql, prepareResultQuery(job.id, view("dup=group"))), { count: 3, isMore: false }, "a group counts once");
  assert.deepEqual(await countHosts(ctx.db.sql, prepareResultQuery(job.id, view("dup=group"))), [{ host: "nong.test", pages: 2 }, { host: "shop.test", pages: 1 }]);
});

test("group view: dupOf lists exactly the group, within the other filters; another job's page lists nothing", async () => {
  const job = await makeJob(ctx.db.url, {});
  const other = await makeJob(ctx.db.url, {});
  const ids = await storeGroups(job.id);
  const foreign = await storeTestPage(ctx.db.sql, other.id, { url: "http://nong.test/jia", title: "别的任务", mainText: "甲 农业机械", relevance: 0.9 });
  assert.deepEqual(await rows(job.id, `dupOf=${ids.jia}`), ["甲", "甲一", "甲二", "甲三"]);
  assert.deepEqual(await rows(job.id, `dupOf=${ids.jia}&dup=group`), ["甲", "甲一", "甲二", "甲三"], "dup does not apply to a group");
  assert.deepEqual(await rows(job.id, `dupOf=${ids.jia}&host=shop.test`), ["甲二"]);
  assert.deepEqual(await rows(job.id, `dupOf=${ids.yi}&sort=fetched`), ["乙一", "乙"]);
  assert.deepEqual(await rows(job.id, `dupOf=${ids.bing}`), ["丙"], "a page without duplicates is a group of one");
  assert.deepEqual(await rows(job.id, `dupOf=${foreign}`), [], "another job's page");
  assert.deepEqual(await rows(other.id, `dupOf=${ids.jia}`), [], "this job's group seen from another job");
  assert.deepEqual(await rows(job.id, "dupOf=999999999"), []);
  assert.deepEqual(await countResults(ctx.db.sql, prepareResultQuery(job.id, view(`dupOf=${ids.jia}`))), { count: 4, isMore: false });
  assert.deepEqual(await countResults(ctx.db.sql, prepareResultQuery(job.id, view(`dupOf=${foreign}`))), { count: 0, isMore: false });

  // Export takes the same filters: grouped it holds the originals, a group view the group.
  const exported = async (query: string) => {
    const out: string[] = [];
    for await (const batch of readExportRows(ctx.db.sql, prepareResultQuery(job.id, view(query)), { withBodies: false })) out.push(...batch.map((r) => r.title));
    return out;
  };
  assert.deepEqual(await exported("dup=group"), ["甲", "乙", "丙"]);
  assert.deepEqual(await exported(`dupOf=${ids.jia}`), ["甲", "甲一", "甲二", "甲三"]);
});

test("keyset screens over groups join up to the whole grouped list in every order", async () => {
  const job = await makeJob(ctx.db.url, {});
  // Nine originals with 0, 1 or 2 copies each; ties in relevance, depth and host, so the id must break them.
  const want = new Map<string, number>();
  for (let i = 0; i < 9; i++) {
    const base = { title: `原始${i}`, mainText: `农业 原文${i}`, relevance: [0.3, 0.6, 0.6][i % 3], depth: i % 2, checksum: `g${i}` };
    const id = await storeTestPage(ctx.db.sql, job.id, { ...base, url: `http://h${i % 3}.test/${i}`, simhash: farSimhash() });
    for (let c = 0; c < i % 3; c++) {
      await storeTestPage(ctx.db.sql, job.id, { ...base, title: `副本${i}-${c}`, url: `http://h${(i + c + 1) % 3}.test/${i}-${c}`, simhash: farSimhash() });
    }
    want.set(id, i % 3);
  }
  await ctx.db.sql`update pages set fetched_at = now() - (id % 2) * interval '1 minute' where job_id = ${job.id}`;
  for (const sort of RESULT_SORTS) {
    const base = `dup=group&q=农业&sort=${sort}`;
    const all = (await listResults(ctx.db.sql, prepareResultQuery(job.id, view(base)), 100)).rows;
    const seen: { id: string; duplicates: number | null }[] = [];
    let after = "";
    for (let screen = 0; screen < 20; screen++) {
      const r = await listResults(ctx.db.sql, prepareResultQuery(job.id, view(base + (after ? `&after=${after}` : ""))), 2);
      seen.push(...r.rows.map((x) => ({ id: x.id, duplicates: x.duplicates })));
      if (!r.next) break;
      after = r.next;
    }
    assert.equal(all.length, 9, sort);
    assert.deepEqual(seen, all.map((x) => ({ id: x.id, duplicates: x.duplicates })), `sort=${sort}: screens join up to the whole list`);
    assert.deepEqual(new Map(seen.map((x) => [x.id, x.duplicates])), want, `sort=${sort}: every original with its count`);
  }
});

test("the page view's group: an original's duplicates, a duplicate's original and siblings", async () => {
  const job = await makeJob(ctx.db.url, {});
  const ids = await storeGroups(job.id);
  const original = await findDuplicateGroup(ctx.db.sql, job.id, ids.jia);
  assert.deepEqual(original, {
    originalId: ids.jia, original: null, count: 3,
    duplicates: [{ id: ids.jia1, title: "甲一", url: "http://nong.test/jia-copy" }, { id: ids.jia2, title: "甲二", url: "http://shop.test/jia-mirror" },
      { id: ids.jia3, title: "甲三", url: "http://nong.test/jia-print" }],
  });
  const firstTwo = await findDuplicateGroup(ctx.db.sql, job.id, ids.jia, 2);
  assert.deepEqual([firstTwo?.duplicates.map((d) => d.title), firstTwo?.count], [["甲一", "甲二"], 3], "the list is cut, the count is not");
  assert.deepEqual(await findDuplicateGroup(ctx.db.sql, job.id, ids.jia2), {
    originalId: ids.jia, original: { id: ids.jia, title: "甲", url: "http://nong.test/jia" }, duplicates: [], count: 3,
  });
  assert.deepEqual(await findDuplicateGroup(ctx.db.sql, job.id, ids.bing), { originalId: ids.bing, original: null, duplicates: [], count: 0 });
  assert.equal(await findDuplicateGroup(ctx.db.sql, job.id + 1, ids.jia), null, "not for another job");
});

test("the migration points duplicates of duplicates, stored before groups, at their original", async () => {
  const job = await makeJob(ctx.db.url, {});
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await storeTestPage(ctx.db.sql, job.id, { url: `http://nong.test/c${i}`, title: `链${i}`, mainText: `链${i}`, simhash: farSimhash() }));
  // As an older page store could leave them: 1 → 0, 2 → 1, 3 → 2, and 4 an original.
  for (let i = 1; i < 4; i++) await ctx.db.sql`update pages set duplicate_of = ${ids[i - 1]} where id = ${ids[i]}`;
  const migration = fs.readFileSync(new URL("../../prisma/migrations/20261123190000_page_duplicate_groups/migration.sql", import.meta.url), "utf8");
  const flatten = /DO \$\$[\s\S]*?END \$\$;/.exec(migration)?.[0];
  assert.ok(flatten, "the migration has its DO block");
  await ctx.db.sql.unsafe(flatten);
  const rows = await ctx.db.sql<{ duplicateOf: string | null }[]>`select duplicate_of as "duplicateOf" from pages where id = any(${ids}::bigint[]) order by id`;
  assert.deepEqual(rows.map((r) => r.duplicateOf), [null, ids[0], ids[0], ids[0], null]);
});
