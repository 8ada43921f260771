/**
 * The topic routes against a real database: every kind of bad input gets a 400 naming its field
 * and saves nothing; good input saves versioned topics the library lists, archives and copies.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { duplicateTopic, listTopicLibrary, setTopicArchived } from "@/lib/store/topic-library";
import { suggestTopicHosts } from "@/lib/store/topic-hosts";
import { POST as postTopic } from "./route";
import { PUT as putTopic } from "./[id]/route";
import { POST as postPreview } from "./preview/route";
import { POST as postExampleUrl } from "./example-url/route";
import { POST as postScore } from "./score/route";

const ctx = useTestDatabase();

const call = async (handler: (r: Request, ...rest: never[]) => Promise<Response>, body: unknown, ...rest: never[]) => {
  process.env.DATABASE_URL = ctx.db.url;
  const res = await handler(new Request("http://app.test/api/topics", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }), ...rest);
  return { status: res.status, body: await res.json() };
};
const topicCount = async () => ctx.prisma.topic.count();

test("bad topics are refused per field and nothing is saved", async () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["unknown class", { name: "x", clc: ["TP3", "ZZ9"] }, "clc", /unknown class "ZZ9"/],
    ["empty topic", { name: "x", keywords: "的,了" }, "keywords", /the topic has no terms/],
    ["10,000 keywords", { name: "x", keywords: Array.from({ length: 10_000 }, (_, i) => `词${i}`) }, "keywords", /at most 500 keywords/],
    ["5 MB example text", { name: "x", keywords: "水稻", exampleTexts: ["稻".repeat(5 * 1024 * 1024 / 3)] }, "exampleTexts", /at most 200000 characters/],
    ["private example URL", { name: "x", keywords: "水稻", exampleUrls: ["http://127.0.0.1:9/x"] }, "exampleUrls", /private or local network address/],
    ["not a URL", { name: "x", keywords: "水稻", exampleUrls: ["javascript:alert(1)"] }, "exampleUrls", /give a full http/],
    ["no name", { keywords: "水稻" }, "name", /give the topic a name/],
    ["bad term weight", { name: "x", keywords: "水稻", termWeights: [{ term: "水稻", weight: 50 }] }, "termWeights", /between 0 and 10/],
  ];
  const before = await topicCount();
  for (const [label, body, field, message] of cases) {
    const r = await call(postTopic, body);
    assert.equal(r.status, 400, label);
    assert.match(r.body.fields?.[field]?.[0] ?? "", message, `${label}: ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  const preview = await call(postPreview, { clc: ["NOPE"] });
  assert.equal(preview.status, 400);
  assert.equal(await topicCount(), before);
});

test("a private example URL is refused by the example-URL check too, with a reason", async () => {
  const r = await call(postExampleUrl, { url: "http://10.0.0.1/" });
  assert.equal(r.status, 400);
  assert.match(r.body.fields.exampleUrls[0], /private or local network address/);
  assert.equal((await call(postExampleUrl, {})).status, 400);
});

test("save, revise (PUT makes a version), list, archive and duplicate", async () => {
  const created = await call(postTopic, { name: "软件", description: "程序与软件", clc: ["TP31"], keywords: "数据库", termWeights: [{ term: "程序", weight: 0 }] });
  assert.equal(created.status, 201);
  const id = created.body.topic.id as number;
  assert.ok(!created.body.terms.some((t: { term: string }) => t.term === "程序"), "a removed term stays out");
  const bad = await call(putTopic as never, { clc: ["ZZ9"] }, { params: Promise.resolve({ id: String(id) }) } as never);
  assert.equal(bad.status, 400);
  const revised = await call(putTopic as never, { clc: ["TP31", "TP18"], keywords: "数据库" }, { params: Promise.resolve({ id: String(id) }) } as never);
  assert.equal(revised.status, 200);
  assert.equal(revised.body.topic.version, 2);

  let [row] = await listTopicLibrary(ctx.prisma);
  assert.deepEqual([row.name, row.description, row.versions, row.clc], ["软件", "程序与软件", 2, ["TP31", "TP18"]]);
  assert.equal(await setTopicArchived(ctx.prisma, id, true), true);
  assert.equal((await listTopicLibrary(ctx.prisma)).some((t) => t.id === id), false);
  assert.ok((await listTopicLibrary(ctx.prisma, { includeArchived: true })).find((t) => t.id === id)?.archivedAt);
  const copy = await duplicateTopic(ctx.prisma, id, "软件（副本）");
  assert.equal(copy?.version, 1);
  [row] = await listTopicLibrary(ctx.prisma);
  assert.deepEqual([row.name, row.clc], ["软件（副本）", ["TP31", "TP18"]]);
  assert.equal(await duplicateTopic(ctx.prisma, 999_999, "x"), null);
});

test("seed suggestions: the hosts where the topic's earlier jobs found the most relevant pages", async () => {
  const created = await call(postTopic, { name: "hosts", keywords: "水稻" });
  const topicId = created.body.topic.id as number;
  const [job] = await ctx.db.sql`insert into jobs (name, topic_id, topic_snapshot, seeds, max_pages, max_depth, page_threshold)
    values ('j', ${topicId}, '{}', '{}', 10, 3, 0.1) returning id`;
  const pages: [string, boolean][] = [["http://a.test/1", true], ["http://a.test/2", true], ["https://b.test/x", true], ["http://c.test/", false]];
  for (const [url, isRelevant] of pages) {
    const host = new URL(url).host;
    const [f] = await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status) values (${job.id}, ${url}, ${url}, ${host}, 1, 'done') returning id`;
    await ctx.db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, title, main_text, relevance, is_relevant, depth)
      values (${job.id}, ${f.id}, ${url}, ${url}, 200, 't', 'x', 0.5, ${isRelevant}, 1)`;
  }
  assert.deepEqual(await suggestTopicHosts(ctx.prisma, topicId), [{ url: "http://a.test/", relevant: 2 }, { url: "https://b.test/", relevant: 1 }]);
  assert.deepEqual(await suggestTopicHosts(ctx.prisma, 999_999), []);
});

test("the preview suggests a threshold once there are three examples, from their leave-one-out scores", async () => {
  const texts = ["关系数据库的查询优化器根据统计信息选择连接顺序。", "分布式数据库通过分片和副本提高吞吐量。", "数据库索引采用B+树组织，范围查询利用索引。"];
  const two = await call(postPreview, { keywords: "数据库", exampleTexts: texts.slice(0, 2) });
  assert.equal(two.status, 200);
  assert.equal(two.body.suggestedThreshold, null);
  const three = await call(postPreview, { keywords: "数据库", exampleTexts: texts });
  assert.equal(three.status, 200);
  assert.equal(three.body.exampleScores.length, 3);
  assert.ok(three.body.suggestedThreshold >= 0.01 && three.body.suggestedThreshold <= 0.5, String(three.body.suggestedThreshold));
});

test("scoring a text against a class topic says which other field it was weighed against; a keyword topic is not weighed", async () => {
  const finance = await call(postScore, { topic: { clc: ["F8"] }, title: "央行下调存款准备金率 银行股领涨大盘", text: "银行 货币 利率" });
  assert.equal(finance.status, 200);
  const f = finance.body.field;
  assert.ok(f && typeof f.factor === "number" && typeof f.before === "number", JSON.stringify(finance.body));
  assert.ok(typeof f.posterior === "number" && typeof f.words === "number" && typeof f.lift === "number", "a class topic's score carries its field posterior, the text's terms and the multiplier");
  assert.ok(Math.abs(finance.body.relevance - Math.min(1, f.before * f.factor * f.lift)) < 1e-3);
  const keywords = await call(postScore, { topic: { keywords: "银行,货币" }, text: "银行 货币 利率" });
  assert.equal(keywords.status, 200);
  assert.equal(keywords.body.field, undefined);
  assert.ok(keywords.body.relevance > 0);
});
