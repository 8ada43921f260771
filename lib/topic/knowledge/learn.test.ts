import assert from "node:assert/strict";
import { test } from "node:test";
import { learnVocabulary, lexiconVocabulary, mergeVocabularies, top, type LabelledDoc } from "./learn";

const doc = (codes: string[], ...terms: string[]): LabelledDoc => ({ codes, terms: new Set(terms) });

test("a class's words are those its documents use much more than the others; words common to all stay out", () => {
  const docs = [
    ...Array.from({ length: 10 }, (_, i) => doc(["TP3"], "算法", "研究", i % 2 ? "数组" : "编译器")),
    ...Array.from({ length: 10 }, () => doc(["R2"], "研究", "患者")),
    // Labelled only above TP3 (T): could be either, so counted on neither side.
    ...Array.from({ length: 20 }, () => doc(["T"], "算法")),
  ];
  const v = new Map(learnVocabulary(docs, "TP3", { size: 10, minDocs: 2 }));
  assert.ok(v.has("算法") && v.has("数组") && v.has("编译器"));
  assert.ok(!v.has("研究"), "used by both classes alike");
  assert.ok(!v.has("患者"));
  assert.equal(v.get("算法"), 1, "the strongest word weighs 1");
  assert.ok(v.get("数组")! < v.get("算法")!, "a word in half the class's documents weighs less");
  assert.deepEqual(learnVocabulary(docs, "TP", { size: 10, minDocs: 2 }).map(([t]) => t).sort(), ["数组", "算法", "编译器"].sort(), "TP takes in TP3's documents");
  assert.deepEqual(learnVocabulary(docs, "O1", { size: 10, minDocs: 2 }), [], "no documents, no words");
});

test("a lexicon's words are kept by their contrast with other fields' documents, not by their frequency alone", () => {
  const lexicon = { name: "caijing", words: [["发展", 1_900_000], ["政府", 1_600_000], ["股票", 57_000], ["大盘", 17_000], ["法律", 300_000]] as [string, number][] };
  const general: Record<string, number> = { 发展: 0.2, 政府: 0.05, 股票: 0.001 };
  const v = new Map(lexiconVocabulary(lexicon, (w) => (w === "法律" ? 3 : 1), (w) => general[w] ?? 0, { size: 10, isWord: () => true }));
  assert.ok(!v.has("发展") && !v.has("政府"), "used by many documents of other fields");
  assert.ok(!v.has("法律"), "listed by two other lexicons too");
  assert.ok(v.has("股票") && v.has("大盘"), "a field's words, whether papers write them or not");
  assert.equal(v.get("股票"), 1, "the most frequent kept word weighs 1");
  assert.ok(v.get("大盘")! < v.get("股票")!, "a less frequent word weighs less");
});

test("vocabularies merge by weight and keep the strongest", () => {
  assert.deepEqual(top([["a", 2], ["b", 1], ["c", 0.5]], 2), [["a", 1], ["b", 0.5]]);
  assert.deepEqual(mergeVocabularies([["a", 1], ["b", 0.5]], [["b", 1], ["c", 1]], 0.5, 3), [["a", 1], ["b", 1], ["c", 0.5]]);
});
