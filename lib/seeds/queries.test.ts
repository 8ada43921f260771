import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTopic, scorePage, TopicDefinitionSchema } from "../topic/topic";
import { mergeCandidates, MIN_CANDIDATE_SCORE } from "./candidates";
import { buildSeedQueries, buildTopicSeedQueries } from "./queries";
import { topicScorer } from "../topic/topic";
import { createRateLimiter } from "./rate-limit";

test("a topic's strongest terms make queries of three, fragments of chosen terms left out", () => {
  const terms: [string, number][] = [["数据库", 0.5], ["数据", 0.4], ["软件", 0.3], ["计算机", 0.2], ["算法", 0.1], ["网络", 0.1], ["程序", 0.1],
    ["系统", 0.1], ["编译", 0.1], ["操作", 0.1], ["内存", 0.1]];
  assert.deepEqual(buildSeedQueries(terms), ["数据库 软件 计算机", "算法 网络 程序", "系统 编译 操作"]);
  assert.deepEqual(buildSeedQueries(terms.slice(0, 2)), ["数据库"]);
  assert.deepEqual(buildSeedQueries([]), []);
});

test("a topic of classes asks one query per class in that class's own words, never a mix of two fields", () => {
  const topic = buildTopic(TopicDefinitionSchema.parse({ clc: ["F8", "TP3"], keywords: ["数据库"] }));
  const queries = buildTopicSeedQueries(topic);
  assert.equal(queries.length, 3, `one query per class and one of the keywords: ${JSON.stringify(queries)}`);
  const [finance, computing, keywords] = queries.map((q) => q.split(" "));
  const financeTopic = new Set(buildTopic(TopicDefinitionSchema.parse({ clc: ["F8"] })).terms.map(([t]) => t));
  const computingTopic = new Set(buildTopic(TopicDefinitionSchema.parse({ clc: ["TP3"] })).terms.map(([t]) => t));
  assert.ok(finance.every((w) => financeTopic.has(w)), `F8's query is in F8's words: ${finance}`);
  assert.ok(computing.every((w) => computingTopic.has(w)), `TP3's query is in TP3's words: ${computing}`);
  assert.ok(finance.includes("财政") || finance.includes("金融"), `F8's query names its field: ${finance}`);
  assert.ok(computing.includes("计算机"), `TP3's query names its field: ${computing}`);
  assert.deepEqual(keywords, ["数据库"]);
  // Typed words win; a topic without classes asks its strongest terms.
  assert.deepEqual(buildTopicSeedQueries(topic, "期货 交易"), ["期货 交易"]);
  const plain = buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "软件"] }));
  assert.deepEqual(buildTopicSeedQueries(plain), buildSeedQueries(plain.terms));
});

test("a term removed from the topic is not asked for", () => {
  const full = buildTopic(TopicDefinitionSchema.parse({ clc: ["TP3"] }));
  const [first] = buildTopicSeedQueries(full)[0].split(" ");
  const without = buildTopic(TopicDefinitionSchema.parse({ clc: ["TP3"], termWeights: [{ term: first, weight: 0 }] }));
  assert.ok(!buildTopicSeedQueries(without)[0].split(" ").includes(first));
});

test("candidates scoring below the minimum are not offered", () => {
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "索引"] })));
  const found = [
    { url: "http://db.test/", host: "db.test", title: "数据库索引", snippet: "数据库 索引 查询", provider: "p", query: "q" },
    { url: "http://food.test/", host: "food.test", title: "美食菜谱", snippet: "红烧肉的做法", provider: "p", query: "q" },
  ];
  const offered = mergeCandidates(found, scorer);
  assert.deepEqual(offered.map((c) => c.host), ["db.test"]);
  assert.ok(offered[0].score >= MIN_CANDIDATE_SCORE);
});

test("a class topic's floor is its score before the field weighing: one shared common word is not lifted over it", () => {
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: ["F8"] })));
  const found = [
    { url: "http://bank.test/", host: "bank.test", title: "央行下调存款准备金率 银行股领涨大盘", snippet: "银行 货币 利率 证券", provider: "p", query: "q" },
    { url: "http://note.test/", host: "note.test", title: "周末随笔", snippet: "心情 交易 散步 晚饭", provider: "p", query: "q" },
  ];
  const scored = found.map((r) => scorePage(scorer, r.title, r.snippet));
  const offered = mergeCandidates(found, scorer);
  assert.ok(offered.some((c) => c.host === "bank.test"));
  // The everyday note shares one finance word (交易) and next to none of any other field's: weighed, it would pass.
  assert.ok(scored[1].field && scored[1].field.before < MIN_CANDIDATE_SCORE && scored[1].relevance >= MIN_CANDIDATE_SCORE);
  for (const [i, r] of found.entries()) {
    const before = scored[i].field?.before ?? scored[i].relevance;
    assert.equal(offered.some((c) => c.host === r.host), before >= MIN_CANDIDATE_SCORE, `${r.host}: before ${before}, after ${scored[i].relevance}`);
  }
});

test("typed words are the one query", () => {
  assert.deepEqual(buildSeedQueries([["数据库", 1]], "  postgres   index "), ["postgres index"]);
  assert.equal(buildSeedQueries([], "x".repeat(500))[0].length, 200);
});

test("the rate limiter gives each provider slots an interval apart, and refuses a wait past the limit", () => {
  let now = 1000;
  const limiter = createRateLimiter(() => now);
  assert.equal(limiter.reserve("a", 500, 2000), 0);
  assert.equal(limiter.reserve("a", 500, 2000), 500);
  assert.equal(limiter.reserve("b", 500, 2000), 0);
  assert.equal(limiter.reserve("a", 500, 2000), 1000);
  assert.equal(limiter.reserve("a", 500, 1000), null);
  now = 3000;
  assert.equal(limiter.reserve("a", 500, 0), 0);
});
