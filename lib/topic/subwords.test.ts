import assert from "node:assert/strict";
import { test } from "node:test";
import { splitWord, subwordBoundaries, subwordsOf } from "./subwords";
import { buildTopic, buildTopicParts, TopicDefinitionSchema } from "./topic";
import { explainTopTerms } from "./term-sources";

test("a long word keeps the real words inside it, not search mode's fragments", () => {
  const cases: [string, string[]][] = [
    ["计算机", ["计算"]],
    ["数据库", ["数据"]],
    ["传感器", ["传感"]],
    ["计算机科学", ["计算机", "计算", "科学"]],
    ["数据结构", ["数据", "结构"]],
    ["database", []],
    ["数据", []],
  ];
  for (const [word, expected] of cases) assert.deepEqual(subwordsOf(word), expected, word);
  assert.deepEqual(splitWord("军事技术"), ["军事", "技术"]);
  assert.deepEqual(subwordBoundaries("计算机技术"), [0, 2, 3, 5]);
});

const FRAGMENTS = ["算机", "据库", "感器"];

test("a TP topic's terms hold no sub-word fragments, yet keep the words they came from", () => {
  const topic = buildTopic(TopicDefinitionSchema.parse({ clc: ["TP"], keywords: "计算机,数据库,传感器", exampleTexts: ["数据库与传感器网络中的计算机软件"] }));
  const terms = new Set(topic.terms.map(([t]) => t));
  for (const f of FRAGMENTS) assert.ok(!terms.has(f), `${f} is a fragment`);
  for (const w of ["计算机", "数据库", "传感器", "计算", "数据"]) assert.ok(terms.has(w), `${w} is a word`);
});

test("term weights from the preview: 0 removes a term, other weights scale it", () => {
  const base = TopicDefinitionSchema.parse({ keywords: "数据库,网络,软件" });
  const before = new Map(buildTopic(base).terms);
  const tuned = new Map(buildTopic({ ...base, termWeights: [{ term: "网络", weight: 0 }, { term: "软件", weight: 3 }] }).terms);
  assert.ok(before.has("网络") && !tuned.has("网络"));
  assert.ok(tuned.get("软件")! / tuned.get("数据库")! > (before.get("软件")! / before.get("数据库")!) * 2.9);
  assert.equal(TopicDefinitionSchema.safeParse({ termWeights: [{ term: "x", weight: 11 }] }).success, false);
});

test("each top term names where it came from: class, keyword or example", () => {
  const def = TopicDefinitionSchema.parse({ clc: ["TP31"], keywords: "水稻", exampleTexts: ["小麦 小麦 小麦"] });
  const topic = buildTopic(def);
  const explained = new Map(explainTopTerms(topic, buildTopicParts(def), 1000).map((e) => [e.term, e]));
  assert.deepEqual(explained.get("水稻")?.sources.map((s) => s.kind), ["keyword"]);
  assert.deepEqual(explained.get("小麦")?.sources.map((s) => s.kind), ["example"]);
  const software = explained.get("软件")?.sources[0];
  assert.equal(software?.kind, "clc");
  assert.ok(software?.code?.startsWith("TP31"), software?.code);
});

test("a class name where a code belongs is answered with the classes it may mean", () => {
  const r = TopicDefinitionSchema.parse({ clc: ["计算机"] });
  assert.throws(() => buildTopic(r), /"计算机" is not a class code; it may be TP 自动化技术、计算机技术 or TP3 计算技术、计算机技术/);
  assert.throws(() => buildTopic(TopicDefinitionSchema.parse({ clc: ["ZZ9"] })), /unknown class "ZZ9"; search the tree/);
});
