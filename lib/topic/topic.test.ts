import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTopic, isRelevantAt, scorePage, topicLabelWords, topicScorer, TopicDefinitionSchema, TopicError } from "./topic";
import { tokenize } from "./tokenize";
import { cosineExplained, normalize, termFrequencies } from "./vector";

test("tokenize segments Chinese, lower-cases Latin, drops stop words, numbers, punctuation and 1-char Latin", () => {
  assert.deepEqual(tokenize("我们的计算机和网络，Hello World 2024 a x"), ["计算机", "网络", "hello", "world"]);
  assert.deepEqual(tokenize("的了，。！"), []);
});

test("cosine on a hand-computed case", () => {
  // a = (1, 1, 0), b = (2, 0, 1): a·b = 2, |a| = √2, |b| = √5, cos = 2/√10
  const a = new Map([["x", 1], ["y", 1]]);
  const b = new Map([["x", 2], ["z", 1]]);
  const r = cosineExplained(a, b);
  assert.ok(Math.abs(r.score - 2 / Math.sqrt(10)) < 1e-12);
  assert.deepEqual(r.terms, [{ term: "x", share: 1 }]);
  assert.equal(cosineExplained(a, new Map()).score, 0);
});

test("termFrequencies counts boosted (title) terms extra times; normalize gives unit length", () => {
  const v = termFrequencies(["a", "b", "a"], ["b"], 3);
  assert.deepEqual([...v], [["a", 2], ["b", 4]]);
  const n = normalize(v);
  assert.ok(Math.abs(Math.hypot(...n.values()) - 1) < 1e-12);
});

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

test("a keyword topic scores an on-topic page above an off-topic one, and explains it", () => {
  const topic = topicOf({ keywords: "软件,算法" });
  assert.deepEqual(topic.terms.map(([t]) => t).sort(), ["算法", "软件"]);
  const scorer = topicScorer(topic);
  const on = scorePage(scorer, "算法", "软件 算法 的 设计 与 实现，软件 系统");
  const off = scorePage(scorer, "水稻种植", "水稻 小麦 种植 技术 与 土壤 肥料");
  assert.ok(on.relevance > 0.5, `on-topic ${on.relevance}`);
  assert.equal(off.relevance, 0);
  assert.equal(on.terms[0].term, "算法"); // title boost: 算法 counts 1 + 3
  assert.ok(Math.abs(on.terms.reduce((s, t) => s + t.share, 0) - 1) < 1e-9);
});

test("TF-IDF on a hand-computed case: keyword weights times IDF, L2-normalised", () => {
  // Two keywords of weights 2 and 1: mass 2/3 and 1/3, times their IDF, then unit length.
  const topic = topicOf({ keywords: [{ term: "软件", weight: 2 }, { term: "水稻", weight: 1 }] });
  const w = new Map(topic.terms);
  const idfSoftware = 7.35102690974; // jieba idf.txt
  const idfRice = 6.98594675926;
  const a = (2 / 3) * idfSoftware;
  const b = (1 / 3) * idfRice;
  assert.ok(Math.abs(w.get("软件")! - a / Math.hypot(a, b)) < 1e-6, String(w.get("软件")));
  assert.ok(Math.abs(w.get("水稻")! - b / Math.hypot(a, b)) < 1e-6, String(w.get("水稻")));
});

test("a user dictionary keeps domain terms whole, in topics and pages alike", () => {
  const plain = topicOf({ keywords: "电子商务平台" });
  const withDict = topicOf({ keywords: "电子商务平台", userDict: "电子商务平台" });
  assert.ok(!plain.terms.some(([t]) => t === "电子商务平台"));
  assert.ok(withDict.terms.some(([t]) => t === "电子商务平台"));
  assert.ok(scorePage(topicScorer(withDict), "", "新的电子商务平台上线").relevance > 0);
});

test("negative keywords are left out of the topic and lower the score of pages that use them", () => {
  const topic = topicOf({ keywords: "苹果,水果,种植", negative: "手机" });
  assert.ok(!topic.terms.some(([t]) => t === "手机"));
  const scorer = topicScorer(topic);
  const fruit = scorePage(scorer, "", "苹果 水果 种植 技术");
  const phone = scorePage(scorer, "", "苹果 手机 手机 发布 水果");
  assert.ok(phone.relevance < fruit.relevance);
});

test("a CLC class alone makes a topic that prefers its own texts", () => {
  const scorer = topicScorer(topicOf({ clc: ["TP3"] }));
  const cs = scorePage(scorer, "基于深度学习的图像识别算法", "本文提出一种卷积神经网络算法，在计算机视觉数据集上提高了识别精度，并分析了程序的时间复杂度。");
  const agri = scorePage(scorer, "水稻氮肥施用研究", "通过田间试验研究了氮肥用量对水稻产量和土壤养分的影响。");
  assert.ok(cs.relevance > agri.relevance, `${cs.relevance} vs ${agri.relevance}`);
});

test("definitions that cannot make a topic are refused, naming the field", () => {
  assert.throws(() => topicOf({ keywords: "的,了" }), (e: TopicError) => e.field === "keywords" && /no terms/.test(e.message));
  assert.throws(() => topicOf({ clc: "ZZ999" }), (e: TopicError) => e.field === "clc" && /unknown class "ZZ999"/.test(e.message));
  assert.throws(() => TopicDefinitionSchema.parse({ exampleTexts: ["字".repeat(200_001)] }), /at most 200000 characters/);
});

test("topicLabelWords shows CLC codes and keywords, also of older keyword-only snapshots", () => {
  assert.deepEqual(topicLabelWords(topicOf({ clc: "TP3", keywords: "数据库" })), ["TP3", "数据库"]);
  assert.deepEqual(topicLabelWords({ kind: "keywords", keywords: ["计算机", "软件"], terms: [["计算机", 1]] }), ["计算机", "软件"]);
  assert.deepEqual(topicLabelWords(null), []);
});

test("the page filter's rule: relevant means at or above the threshold", () => {
  assert.equal(isRelevantAt(0.035, 0.035), true);
  assert.equal(isRelevantAt(0.0349, 0.035), false);
  assert.equal(isRelevantAt(0, 0), true);
});
