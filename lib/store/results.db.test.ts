import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { parseView as view, storeTestPage } from "../testing/results-fixtures";
import { RESULT_SORTS } from "../results/filters";
import { countHosts, countResults, estimateJobPrecision, listResults, prepareResultQuery } from "./results";
import { fillSearchVectors } from "./search-vector";
import { readRawBody } from "./page-bodies";
import { judgePage, judgePages } from "./judgements";
import { findInlinks, findOutlinks, findPageOrigin, findSeedPath } from "./page-origin";
import { parseHtml } from "../rules/parse";

const ctx = useTestDatabase();

async function titles(jobId: number, query: string, perScreen = 100) {
  return (await listResults(ctx.db.sql, prepareResultQuery(jobId, view(query)), perScreen)).rows.map((r) => r.title);
}

const PAGES = [
  { url: "http://nong.test/1", title: "农业机械化发展", mainText: "拖拉机和收割机让农业机械化水平不断提高。", relevance: 0.8, depth: 1 },
  { url: "http://nong.test/2", title: "玉米种植技术", mainText: "玉米的播种要用播种机，农业机械在春耕中很重要。", relevance: 0.5, depth: 2 },
  { url: "http://nong.test/3", title: "农村集市", mainText: "集市上卖蔬菜和水果。", relevance: 0.1, depth: 2, pageKind: "hub" },
  { url: "http://shop.test/a", title: "Tractor shop", mainText: "We sell tractors. =HYPERLINK(\"http://evil\")", relevance: 0.3, depth: 3, httpStatus: 203 },
  { url: "http://shop.test/b", title: "关于我们", mainText: "公司简介", relevance: 0.05, depth: 1, pageKind: "home" },
];

test("the page store keeps the host, a jieba search vector and the gzip-compressed raw body", async () => {
  const job = await makeJob(ctx.db.url, {});
  const id = await storeTestPage(ctx.db.sql, job.id, { ...PAGES[0], html: "<html><body><h1>农业机械化发展</h1></body></html>" });
  const [p] = await ctx.db.sql`select host, search_vector::text as v from pages where id = ${id}`;
  assert.equal(p.host, "nong.test");
  assert.match(p.v, /'机械化':\d+A/, "title terms weigh A");
  assert.match(p.v, /'拖拉机':\d+B/, "main-text terms weigh B");
  assert.match(p.v, /'农业':/, "search mode also indexes the words inside long words");
  const kept = await readRawBody(ctx.db.sql, job.id, id);
  assert.equal(kept?.body.toString("utf8"), "<html><body><h1>农业机械化发展</h1></body></html>");
  assert.equal(kept?.statusLine, "HTTP/1.1 200 OK");
  assert.equal(await readRawBody(ctx.db.sql, job.id + 1, id), null, "another job's page has no body for this job");
  const [{ stored }] = await ctx.db.sql`select octet_length(body_gzip) as stored from page_bodies where page_id = ${id}`;
  assert.ok(stored > 0 && stored !== kept?.body.length, "the body is stored compressed");
});

test("filters, Chinese search with ranking and snippets, and host counts", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const p of PAGES) await storeTestPage(ctx.db.sql, job.id, p);
  const [first] = await ctx.db.sql`select id from pages where job_id = ${job.id} and title = '玉米种植技术'`;
  await ctx.db.sql`update pages set duplicate_of = ${first.id} where job_id = ${job.id} and title = '农村集市'`;

  assert.deepEqual(await titles(job.id, ""), ["农业机械化发展", "玉米种植技术", "Tractor shop", "农村集市", "关于我们"]);
  assert.deepEqual(await titles(job.id, "view=relevant"), ["农业机械化发展", "玉米种植技术", "Tractor shop"]);
  assert.deepEqual(await titles(job.id, "view=not-relevant&host=shop.test"), ["关于我们"]);
  assert.deepEqual(await titles(job.id, "min=0.2&max=0.6"), ["玉米种植技术", "Tractor shop"]);
  assert.deepEqual(await titles(job.id, "kind=hub"), ["农村集市"]);
  assert.deepEqual(await titles(job.id, "depth=2"), ["玉米种植技术", "农村集市"]);
  assert.deepEqual(await titles(job.id, "status=203"), ["Tractor shop"]);
  assert.deepEqual(await titles(job.id, "dup=hide&host=nong.test"), ["农业机械化发展", "玉米种植技术"]);
  await ctx.db.sql`update pages set content_type = 'application/xhtml+xml', topic_revision = 2, fetched_at = '2026-01-15T23:30:00Z' where job_id = ${job.id} and title = '关于我们'`;
  assert.deepEqual(await titles(job.id, "mime=application/xhtml%2Bxml"), ["关于我们"]);
  assert.deepEqual(await titles(job.id, "rev=2"), ["关于我们"]);
  assert.deepEqual(await titles(job.id, "from=2026-01-15&to=2026-01-15"), ["关于我们"], "a day is a whole UTC day");
  assert.deepEqual(await titles(job.id, "to=2026-01-14"), []);

  // 农业机械 is in the first page's title (weight A) and the second's text (weight B).
  const search = await listResults(ctx.db.sql, prepareResultQuery(job.id, view("q=农业机械")));
  assert.deepEqual(search.rows.map((r) => r.title), ["农业机械化发展", "玉米种植技术"]);
  assert.ok(search.rows[0].rank! > search.rows[1].rank!, "a title match ranks higher");
  assert.deepEqual(await titles(job.id, "q=农业机械", 1), ["农业机械化发展"], "a screen of one holds the best match");
  assert.match(search.rows[1].snippet, /农业机械/);
  assert.deepEqual(await titles(job.id, "q=TRACTORS"), ["Tractor shop"], "Latin words match case-insensitively");
  assert.deepEqual(await titles(job.id, "q=农业机械 集市"), [], "all words must match");
  assert.deepEqual(await titles(job.id, "q=' | ! :* & ("), [], "operators in the text are not query syntax");
  assert.deepEqual(await titles(job.id, "q=的"), [], "a query of stop words only matches nothing");
  assert.deepEqual(await titles(job.id, "q=农业&sort=depth"), ["农业机械化发展", "玉米种植技术"]);
  await ctx.db.sql`update jobs set page_threshold = 0.35 where id = ${job.id}`;
  assert.deepEqual(await titles(job.id, "sort=nearest"), ["Tractor shop", "玉米种植技术", "农村集市", "关于我们", "农业机械化发展"], "nearest the job's threshold first");
  await ctx.db.sql`update jobs set page_threshold = 0.035 where id = ${job.id}`;

  const rq = prepareResultQuery(job.id, view("view=relevant&host=nong.test"));
  assert.deepEqual(await countResults(ctx.db.sql, rq), { count: 2, isMore: false });
  assert.deepEqual(await countResults(ctx.db.sql, prepareResultQuery(job.id, view("")), 3), { count: 3, isMore: true }, "counts stop at the cap");
  assert.deepEqual(await countHosts(ctx.db.sql, rq), [{ host: "nong.test", pages: 2 }, { host: "shop.test", pages: 1 }]);
  await ctx.db.sql`insert into hosts (job_id, host, pages_fetched) values (${job.id}, 'shop.test', 2), (${job.id}, 'nong.test', 3)
    on conflict (job_id, host) do update set pages_fetched = excluded.pages_fetched`;
  assert.deepEqual(await countHosts(ctx.db.sql, prepareResultQuery(job.id, view("")), 30, 4), [{ host: "nong.test", pages: null }, { host: "shop.test", pages: null }],
    "past the cap the job's sites are listed without counts");
});

test("a stored list page keeps its items apart: in its search snippet and in its search index", async () => {
  const job = await makeJob(ctx.db.url, {});
  const items = ["大豆不同前处理方式对豆浆品质的影响", "面窝加工工艺参数优化研究", "比较研究", "无线传感器网络中的组划分算法", "并行学习"];
  const html = `<html><head><title>论文列表</title></head><body><ul>${items.map((t, i) => `<li><a href="/a/${i}">${t}</a></li>`).join("")}</ul>` +
    `<div class="pager"><a href="/p/1">1</a> <a href="/p/2">下一页</a></div></body></html>`;
  const url = "http://lunwen.test/list/1.html";
  const parsed = parseHtml(html, url);
  const id = await storeTestPage(ctx.db.sql, job.id, { url, title: parsed.title, mainText: parsed.mainText, html, pageKind: "hub" });
  const [row] = (await listResults(ctx.db.sql, prepareResultQuery(job.id, view("q=无线传感器")))).rows;
  assert.equal(row.id, id);
  assert.match(row.snippet, /\n比较研究\n无线传感器网络中的组划分算法\n并行学习$/, "items one per line, the pager left out");
  // Glued, the end of the first title and the start of the second make one word for jieba.
  const [{ v }] = await ctx.db.sql`select search_vector::text as v from pages where id = ${id}`;
  assert.doesNotMatch(v, /'影响面'/);
  assert.match(v, /'影响'/);
});

test("keyset pagination visits every page once in every order", async () => {
  const job = await makeJob(ctx.db.url, {});
  // Ties in every sort key, so that the id must break them.
  for (let i = 0; i < 23; i++) {
    await storeTestPage(ctx.db.sql, job.id, { url: `http://h${i % 3}.test/${i}`, title: `页面${i}`, mainText: `农业 第${i}页`, relevance: [0.1, 0.5, 0.5][i % 3], depth: i % 4 });
  }
  await ctx.db.sql`update pages set fetched_at = now() - (id % 2) * interval '1 minute' where job_id = ${job.id}`;
  for (const sort of RESULT_SORTS) {
    const base = `q=农业&sort=${sort}`;
    const all = (await listResults(ctx.db.sql, prepareResultQuery(job.id, view(base)), 100)).rows.map((r) => r.id);
    const seen: string[] = [];
    let after = "";
    for (let screen = 0; screen < 20; screen++) {
      const r = await listResults(ctx.db.sql, prepareResultQuery(job.id, view(base + (after ? `&after=${after}` : ""))), 5);
      seen.push(...r.rows.map((x) => x.id));
      if (!r.next) break;
      after = r.next;
    }
    assert.equal(all.length, 23, sort);
    assert.deepEqual(seen, all, `sort=${sort}: screens join up to the whole list`);
  }
});

test("judging a page: values, another job's page, and the precision estimate", async () => {
  const job = await makeJob(ctx.db.url, {});
  const other = await makeJob(ctx.db.url, {});
  const ids = [];
  for (const p of PAGES) ids.push(await storeTestPage(ctx.db.sql, job.id, p));
  assert.equal(await estimateJobPrecision(ctx.db.sql, job.id), null);
  assert.deepEqual(await judgePage(ctx.db.sql, job.id, ids[0], "relevant"), { ok: true, pageId: ids[0], judgement: "relevant" });
  await judgePage(ctx.db.sql, job.id, ids[1], "irrelevant");
  await judgePage(ctx.db.sql, job.id, ids[4], "relevant");
  assert.equal((await judgePage(ctx.db.sql, other.id, ids[2], "relevant")).ok, false, "a page of another job is not found");
  assert.deepEqual(await estimateJobPrecision(ctx.db.sql, job.id), { judged: 3, precision: 0.5, recall: 0.5 });
  assert.deepEqual(await titles(job.id, "view=judged-relevant"), ["农业机械化发展", "关于我们"]);
  assert.deepEqual(await titles(job.id, "view=judged-irrelevant"), ["玉米种植技术"]);
  assert.deepEqual(await titles(job.id, "view=unjudged"), ["Tractor shop", "农村集市"]);
  await judgePage(ctx.db.sql, job.id, ids[1], null);
  assert.deepEqual(await titles(job.id, "view=judged-irrelevant"), []);
  const [otherPage] = await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth) values (${other.id}, 'http://o.test/', 'http://o.test/', 'o.test', 0) returning id`;
  const [op] = await ctx.db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, depth) values (${other.id}, ${otherPage.id}, 'http://o.test/', 'http://o.test/', 200, 0) returning id`;
  assert.deepEqual((await judgePages(ctx.db.sql, job.id, [ids[2], ids[3], String(op.id)], "irrelevant")).sort(), [ids[2], ids[3]].sort(), "another job's page is left alone");
  assert.deepEqual(await titles(job.id, "view=judged-irrelevant"), ["Tractor shop", "农村集市"]);
});

test("pages stored before search existed get their vectors filled", async () => {
  const job = await makeJob(ctx.db.url, {});
  const id = await storeTestPage(ctx.db.sql, job.id, PAGES[1]);
  await ctx.db.sql`update pages set search_vector = null where id = ${id}`;
  assert.deepEqual(await titles(job.id, "q=玉米"), []);
  assert.equal(await fillSearchVectors(ctx.db.sql, job.id), 1);
  assert.deepEqual(await titles(job.id, "q=玉米"), ["玉米种植技术"]);
});

test("the page view's origin: the linking page and anchor, the path from the seed, the pages linking in", async () => {
  const job = await makeJob(ctx.db.url, {});
  const seed = await storeTestPage(ctx.db.sql, job.id, { url: "http://nong.test/", title: "首页", mainText: "农业", depth: 0 });
  const hub = await storeTestPage(ctx.db.sql, job.id, { url: "http://nong.test/list", title: "列表", mainText: "农业", depth: 1 });
  const leaf = await storeTestPage(ctx.db.sql, job.id, { url: "http://nong.test/a", title: "文章", mainText: "农业", depth: 2 });
  await ctx.db.sql`update frontier f set parent_page_id = ${seed}, anchor_text = '列表页' from pages p where p.frontier_id = f.id and p.id = ${hub}`;
  await ctx.db.sql`update frontier f set parent_page_id = ${hub}, anchor_text = '好文章' from pages p where p.frontier_id = f.id and p.id = ${leaf}`;
  await ctx.db.sql`insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text) values
    (${job.id}, ${hub}, 'http://nong.test/a', 'http://nong.test/a', '好文章'), (${job.id}, ${seed}, 'http://nong.test/a', 'http://nong.test/a', '直达')`;
  const origin = await findPageOrigin(ctx.db.sql, job.id, leaf);
  assert.deepEqual([origin?.parentId, origin?.parentTitle, origin?.anchor, origin?.hasBody], [hub, "列表", "好文章", true]);
  assert.deepEqual((await findSeedPath(ctx.db.sql, job.id, leaf)).map((p) => [p.title, p.anchor]), [["首页", null], ["列表", "列表页"], ["文章", "好文章"]]);
  assert.deepEqual((await findInlinks(ctx.db.sql, job.id, leaf)).map((l) => l.anchor).sort(), ["好文章", "直达"]);
  assert.equal(await findPageOrigin(ctx.db.sql, job.id + 1, leaf), null, "not for another job");
  // The seed's links: one to a stored page, one queued and refused where it was found (no frontier row).
  await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status, skip_reason)
    values (${job.id}, 'http://nong.test/x', 'http://nong.test/x', 'nong.test', 1, 'skipped', 'robots')`;
  await ctx.db.sql`insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text) values
    (${job.id}, ${seed}, 'http://nong.test/x', 'http://nong.test/x', '禁区'), (${job.id}, ${seed}, 'http://far.test/', 'http://far.test/', null)`;
  const out = await findOutlinks(ctx.db.sql, job.id, seed);
  assert.equal(out.total, 3);
  assert.deepEqual(out.links.map((l) => [l.anchor, l.status, l.reason, l.title]),
    [["直达", "done", null, "文章"], ["禁区", "skipped", "robots", null], [null, null, null, null]]);
  assert.equal((await findOutlinks(ctx.db.sql, job.id, seed, 1)).links.length, 1);
  assert.equal((await findOutlinks(ctx.db.sql, job.id + 1, seed)).total, 0, "not for another job");
});
