import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "./topic";
import { leaveOneOutScores, quantile, suggestThreshold, THRESHOLD_RULE } from "./threshold";

const DATABASE = [
  "关系数据库的查询优化器根据统计信息选择连接顺序和索引，代价模型决定执行计划。",
  "分布式数据库通过分片和副本提高吞吐量，事务的两阶段提交保证一致性。",
  "数据库索引采用B+树组织，范围查询和排序可以直接利用索引的有序性。",
  "列式存储数据库压缩同一列的数据，分析型查询只读取需要的列，减少磁盘读写。",
];
const FARMING = "水稻插秧机的栽植机构决定秧苗的株距，田间试验比较了不同转速下的漏插率。";

test("no threshold is suggested from fewer than three examples", () => {
  assert.equal(suggestThreshold(TopicDefinitionSchema.parse({ keywords: "数据库", exampleTexts: DATABASE.slice(0, 2) })), null);
  assert.notEqual(suggestThreshold(TopicDefinitionSchema.parse({ keywords: "数据库" }), DATABASE.slice(0, 3)), null, "example pages count as examples");
});

test("each example is scored against the topic built without it, exactly as a full rebuild would", () => {
  const definition = TopicDefinitionSchema.parse({ clc: ["TP3"], exampleTexts: DATABASE.slice(0, 3) });
  const pages = [DATABASE[3], FARMING];
  const fast = leaveOneOutScores(definition, pages);
  const all = [...definition.exampleTexts, ...pages];
  const slow = all.map((text, i) => {
    const others = { ...definition, exampleTexts: definition.exampleTexts.filter((_, j) => j !== i) };
    const otherPages = pages.filter((_, j) => j !== i - definition.exampleTexts.length);
    return scorePage(topicScorer(buildTopic(others, i < definition.exampleTexts.length ? pages : otherPages)), "", text).relevance;
  });
  assert.equal(fast.length, 5);
  fast.forEach((s, i) => assert.ok(Math.abs(s - slow[i]) < 1e-12, `example ${i}: ${s} vs ${slow[i]}`));
  assert.ok(fast[4] < Math.min(...fast.slice(0, 4)), `the farming text scores lowest: ${fast}`);
});

test("the suggestion is the rule's share of the low quantile of those scores", () => {
  const definition = TopicDefinitionSchema.parse({ keywords: "数据库", exampleTexts: DATABASE });
  const s = suggestThreshold(definition);
  assert.ok(s);
  assert.equal(s.threshold, +Math.min(0.5, Math.max(0.01, THRESHOLD_RULE.share * quantile(s.scores, THRESHOLD_RULE.quantile))).toFixed(4));
  assert.equal(quantile([4, 1, 3, 2], 0.5), 2.5);
  assert.equal(quantile([4, 1, 3, 2], 0), 1);
});
