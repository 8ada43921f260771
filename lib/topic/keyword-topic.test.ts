import assert from "node:assert/strict";
import { test } from "node:test";
import { buildKeywordTopic, scorePage } from "./keyword-topic";
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

test("a keyword topic scores an on-topic page above an off-topic one, and explains it", () => {
  const topic = buildKeywordTopic(["计算机", "数据库"]);
  assert.deepEqual(topic.terms.map(([t]) => t).sort(), ["数据库", "计算机"]);
  const on = scorePage(topic, "数据库", "计算机 数据库 的 设计 与 实现，计算机 系统");
  const off = scorePage(topic, "水稻种植", "水稻 小麦 种植 技术 与 土壤 肥料");
  assert.ok(on.relevance > 0.5, `on-topic ${on.relevance}`);
  assert.equal(off.relevance, 0);
  assert.equal(on.terms[0].term, "数据库"); // title boost: 数据库 counts 1 + 3
  assert.ok(Math.abs(on.terms.reduce((s, t) => s + t.share, 0) - 1) < 1e-9);
});

test("a topic of stop words only is refused", () => {
  assert.throws(() => buildKeywordTopic(["的", "了"]), /stop word/);
});
