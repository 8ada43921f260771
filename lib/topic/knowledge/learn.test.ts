import assert from "node:assert/strict";
import { test } from "node:test";
import { judgeLexiconWord, learnVocabulary, lexiconVocabulary, mergeVocabularies, top, type LabelledDoc, type LexiconContext } from "./learn";
import { generalTextOf } from "./general-text";

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

/** A lexicon context over made-up figures: the share of the field's texts, of general text and of other classes' abstracts using each word. */
function context(field: Record<string, number>, general: Record<string, number>, other: Record<string, number> = {}, listed: Record<string, number> = {}): LexiconContext {
  return { fieldShare: (w) => field[w] ?? 0, generalShare: (w) => general[w] ?? 0, otherClassShare: (w) => other[w] ?? 0, listedIn: (w) => listed[w] ?? 1, hasFieldHeadlines: true, isWord: () => true };
}

test("a lexicon word general text uses as much as the field's texts do is dropped; a field's word is kept", () => {
  // 律师: in 11 of 20,000 general headlines and common in jieba's dictionary (0.18 %), in none of the field's headlines.
  // 股票: in 13 % of the finance headlines, 0.9 % of general ones. 构造函数: in no field text, but general text never uses it.
  const ctx = context({ 股票: 0.13 }, { 律师: 0.0018, 股票: 0.009, 构造函数: 0.00002, 博客: 0.0007 });
  const drop = judgeLexiconWord("律师", 306_161, 1_900_000, ctx);
  assert.deepEqual([drop.isKept, !drop.isKept && drop.rule], [false, "general word"]);
  assert.equal(judgeLexiconWord("博客", 239_679, 1_900_000, ctx).isKept, false, "an everyday word the field's texts do not show to be theirs");
  const kept = judgeLexiconWord("股票", 57_149, 1_900_000, ctx);
  assert.ok(kept.isKept && kept.by === "field texts");
  const rare = judgeLexiconWord("构造函数", 20_000, 1_900_000, ctx);
  assert.ok(rare.isKept && rare.by === "rare in general text", "membership alone keeps a word general text never uses");
  assert.ok(rare.isKept && kept.isKept && rare.weight < kept.weight);
  // The same word with field texts that use it far more than general text does: kept.
  assert.equal(judgeLexiconWord("律师", 306_161, 1_900_000, context({ 律师: 0.2 }, { 律师: 0.0018 })).isKept, true);
});

test("a lexicon's words are dropped when other fields use them or several lexicons list them", () => {
  const lexicon = { name: "caijing", words: [["发展", 1_900_000], ["政府", 1_600_000], ["股票", 57_000], ["大盘", 17_000], ["法律", 300_000]] as [string, number][] };
  const ctx = context({ 股票: 0.13, 大盘: 0.05, 法律: 0.05 }, { 股票: 0.009, 大盘: 0.001, 发展: 0.01, 政府: 0.01 }, { 发展: 0.2, 政府: 0.05, 股票: 0.001 }, { 法律: 3 });
  const v = new Map(lexiconVocabulary(lexicon, ctx, { size: 10 }));
  assert.ok(!v.has("发展") && !v.has("政府"), "used by many documents of other fields");
  assert.ok(!v.has("法律"), "listed by two other lexicons too");
  assert.ok(v.has("股票") && v.has("大盘"), "a field's words, whether papers write them or not");
  assert.equal(v.get("股票"), 1, "the most frequent kept word weighs 1");
  assert.ok(v.get("大盘")! < v.get("股票")!, "a less frequent word weighs less");
});

test("general text: a word's share is the larger of the headlines' and the dictionary's, the dictionary scaled to headlines", () => {
  const headlines = [...Array.from({ length: 40 }, () => new Set(["公司", "市场"])), ...Array.from({ length: 60 }, () => new Set(["今天"]))];
  // Dictionary shares are a tenth of the headline shares for the words both know well: scale 10.
  const dict: Record<string, number> = { 公司: 0.04, 市场: 0.04, 今天: 0.06, 财政: 0.05, 淘宝: 0 };
  const g = generalTextOf(headlines, (w) => dict[w] ?? 0);
  assert.equal(g.dictionaryScale, 10);
  assert.equal(g.figures("公司").share, 0.4);
  assert.equal(g.figures("财政").share, 0.5, "in no headline, but common in the dictionary");
  assert.equal(g.figures("构造函数").share, 0);
});

test("vocabularies merge by weight and keep the strongest", () => {
  assert.deepEqual(top([["a", 2], ["b", 1], ["c", 0.5]], 2), [["a", 1], ["b", 0.5]]);
  assert.deepEqual(mergeVocabularies([["a", 1], ["b", 0.5]], [["b", 1], ["c", 1]], 0.5, 3), [["a", 1], ["b", 1], ["c", 0.5]]);
});
