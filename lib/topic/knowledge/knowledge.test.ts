import assert from "node:assert/strict";
import { test } from "node:test";
import { getClcNode } from "../clc/tree";
import { buildTopic, buildTopicParts, TopicDefinitionSchema } from "../topic";
import { explainTopTerms } from "../term-sources";
import { suggestThreshold } from "../threshold";
import { classesThreshold, findClassKnowledge, knownClassCodes } from "./knowledge";
import { DISCIPLINE_TO_CLC, FIELD_TO_CLC, LEXICON_TO_CLC } from "./mapping";
import { isFillerWord, isVocabularyWord, knowledgeWords } from "./words";

/** Fragments jieba's search mode emits from inside longer words (数据库 → 据库, 分布式 → 布式, 算法是 → 法是). */
const FRAGMENTS = new Set(["算机", "据库", "布式", "法是", "感器", "计算机科", "算法是"]);

test("every class a mapping names is a class of the CLC tree", () => {
  for (const [table, map] of Object.entries({ DISCIPLINE_TO_CLC, LEXICON_TO_CLC, FIELD_TO_CLC })) {
    for (const [label, codes] of Object.entries(map)) {
      assert.ok(codes.length > 0, `${table}: ${label} maps to nothing`);
      for (const c of codes) assert.ok(getClcNode(c), `${table}: ${label} → ${c} is not a CLC class`);
    }
  }
  assert.equal(Object.keys(DISCIPLINE_TO_CLC).length, 67, "CSL has 67 disciplines");
});

test("the shipped knowledge covers the first level and the classes its sources map to, with real CLC codes", () => {
  const codes = knownClassCodes();
  for (const c of codes) assert.ok(getClcNode(c), `${c} is not a CLC class`);
  for (const top of ["B", "D", "E", "F", "G", "J", "K", "O", "P", "Q", "R", "S", "T", "U", "V", "X"]) assert.ok(codes.includes(top), `no knowledge for ${top}`);
  for (const mapped of [...Object.values(DISCIPLINE_TO_CLC).flat(), ...Object.values(LEXICON_TO_CLC).flat()]) assert.ok(codes.includes(mapped), `no knowledge for ${mapped}`);
});

test("field words are whole words, never search-mode fragments or filler", () => {
  for (const code of knownClassCodes()) {
    const k = findClassKnowledge(code)!;
    assert.ok(k.terms.length >= 20, `${code} has only ${k.terms.length} words`);
    for (const [t, w] of k.terms) {
      assert.ok(w > 0 && w <= 1, `${code}: ${t} weighs ${w}`);
      assert.ok(!isFillerWord(t), `${code}: filler ${t}`);
      assert.ok(isVocabularyWord(t), `${code}: ${t} is not a vocabulary word`);
      assert.ok(!FRAGMENTS.has(t), `${code}: search-mode fragment ${t}`);
    }
  }
  const tp = new Set(findClassKnowledge("TP3")!.terms.map(([t]) => t));
  for (const word of ["本文", "研究"]) assert.ok(!tp.has(word), word);
  assert.ok(knowledgeWords("分布式数据库的算法是").every((w) => !FRAGMENTS.has(w)), "the words of a text are whole words");
});

test("a class deeper than the knowledge borrows its nearest ancestor's words; a class's threshold comes from the same chain", () => {
  const own = findClassKnowledge("TP3")!;
  assert.equal(own.isInherited, false);
  const deep = findClassKnowledge("TP31")!;
  assert.equal(deep.code, "TP3");
  assert.equal(deep.isInherited, true);
  assert.deepEqual(deep.terms, own.terms);
  const t = classesThreshold(["TP31"]);
  assert.equal(t, own.threshold);
  assert.equal(classesThreshold(["TP3", "R"]), Math.min(own.threshold!, findClassKnowledge("R")!.threshold!));
});

test("a topic from a class brings its field words, each said to come from the field vocabulary; it can be turned off", () => {
  const def = TopicDefinitionSchema.parse({ clc: ["TP"] });
  assert.equal(def.classKnowledge, true, "on by default");
  const topic = buildTopic(def);
  const terms = new Map(topic.terms);
  for (const w of ["数据结构", "算法"]) assert.ok(terms.has(w), `TP's topic lacks ${w}`);
  const explained = explainTopTerms(topic, buildTopicParts(def), 1000);
  const algo = explained.find((e) => e.term === "算法")!;
  assert.ok(algo.sources.some((s) => s.kind === "knowledge" && s.code === "TP"), JSON.stringify(algo.sources));
  const off = new Map(buildTopic(TopicDefinitionSchema.parse({ clc: ["TP"], classKnowledge: false })).terms);
  assert.ok(!off.has("数据结构"), "with class knowledge off, 数据结构 (not in TP's class names) stays out");
});

test("a topic of classes alone gets its classes' threshold as the suggestion; examples or knowledge off take it away", () => {
  const s = suggestThreshold(TopicDefinitionSchema.parse({ clc: ["R"] }));
  assert.deepEqual(s, { threshold: findClassKnowledge("R")!.threshold, scores: [], basis: "classes" });
  assert.equal(suggestThreshold(TopicDefinitionSchema.parse({ clc: ["R"], classKnowledge: false })), null);
  assert.equal(suggestThreshold(TopicDefinitionSchema.parse({ clc: ["R"], exampleTexts: ["患者的临床治疗"] })), null);
});
