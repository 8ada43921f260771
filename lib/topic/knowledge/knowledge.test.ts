import assert from "node:assert/strict";
import { test } from "node:test";
import { getClcNode } from "../clc/tree";
import { buildTopic, buildTopicParts, TopicDefinitionSchema } from "../topic";
import { explainTopTerms } from "../term-sources";
import { suggestThreshold } from "../threshold";
import { classesThreshold, findClassKnowledge, knownClassCodes } from "./knowledge";
import { DISCIPLINE_TO_CLC, FIELD_TO_CLC, LEXICON_NAMES, LEXICON_TO_CLC, NEWS_CATEGORY_TO_CLC } from "./mapping";
import { coreTermsOf } from "./core-terms";
import { isFillerWord, isVocabularyWord, knowledgeWords } from "./words";

/** Fragments jieba's search mode emits from inside longer words (数据库 → 据库, 分布式 → 布式, 算法是 → 法是). */
const FRAGMENTS = new Set(["算机", "据库", "布式", "法是", "感器", "计算机科", "算法是"]);

test("every class a mapping names is a class of the CLC tree", () => {
  for (const [table, map] of Object.entries({ DISCIPLINE_TO_CLC, LEXICON_TO_CLC, FIELD_TO_CLC, NEWS_CATEGORY_TO_CLC })) {
    for (const [label, codes] of Object.entries(map)) {
      assert.ok(codes.length > 0, `${table}: ${label} maps to nothing`);
      for (const c of codes) assert.ok(getClcNode(c), `${table}: ${label} → ${c} is not a CLC class`);
    }
  }
  assert.equal(Object.keys(DISCIPLINE_TO_CLC).length, 67, "CSL has 67 disciplines");
  for (const id of Object.keys(LEXICON_TO_CLC)) assert.ok(LEXICON_NAMES[id]?.zh && LEXICON_NAMES[id]?.en, `lexicon ${id} has no readable name`);
});

/** Words every kind of news uses, which THUOCL's 财经 list holds and F8 once ranked first (律师 … 博客, 红包). */
const GENERAL_NEWS_WORDS = ["律师", "优惠", "主席", "救援", "民生", "淘宝", "国务院", "出台", "开通", "批准", "推出", "违规", "环球", "登记", "博客",
  "购买", "工资", "有限公司", "标签", "红包", "经理", "客服", "起诉", "超标", "论坛", "专题", "委员会", "年度", "微软", "升级"];

test("a class's top words are its field's: no general news word in F8's or F83's top 30, and the core terms first", () => {
  for (const code of ["F8", "F83"]) {
    const top30 = findClassKnowledge(code)!.terms.slice(0, 30).map(([t]) => t);
    assert.deepEqual(top30.filter((t) => GENERAL_NEWS_WORDS.includes(t)), [], `${code}: ${top30.join(" ")}`);
  }
  for (const code of ["F8", "F83", "TP3", "U4", "K", "S"]) {
    const terms = findClassKnowledge(code)!.terms.map(([t]) => t);
    const core = coreTermsOf(code);
    const top = terms.slice(0, core.length + 1);
    for (const w of core) assert.ok(top.includes(w), `${code}: core term ${w} is #${terms.indexOf(w) + 1}`);
  }
  for (const w of ["金融", "银行", "货币", "税收", "证券", "保险", "财政"]) assert.ok(findClassKnowledge("F8")!.terms.slice(0, 10).some(([t]) => t === w), `F8 lacks ${w} in its top 10`);
  for (const w of ["计算机", "网络", "数据库", "操作系统", "软件"]) assert.ok(findClassKnowledge("TP3")!.terms.slice(0, 10).some(([t]) => t === w), `TP3 lacks ${w} in its top 10`);
});

test("a class's example texts are its own: none for a class no paper title is known to belong to", () => {
  const f8 = findClassKnowledge("F8")!;
  for (const t of f8.examples) assert.ok(coreTermsOf("F8").some((w) => t.includes(w)), `F8's example ${t} uses none of its core terms`);
  for (const t of ["逆向营销:中小企业营销策划的新思路", "论城市社区建设中的社区自治与委托代理"]) assert.ok(!f8.examples.includes(t));
});

test("the shipped knowledge covers the first level and the classes its sources map to, with real CLC codes", () => {
  const codes = knownClassCodes();
  for (const c of codes) assert.ok(getClcNode(c), `${c} is not a CLC class`);
  for (const top of ["B", "D", "E", "F", "G", "J", "K", "O", "P", "Q", "R", "S", "T", "U", "V", "X"]) assert.ok(codes.includes(top), `no knowledge for ${top}`);
  for (const mapped of [...Object.values(DISCIPLINE_TO_CLC).flat(), ...Object.values(LEXICON_TO_CLC).flat()]) assert.ok(codes.includes(mapped), `no knowledge for ${mapped}`);
  // Every news category's class has words of its own: self-training gave D5 (world news) and G89
  // (esports), whose ~80 labelled headlines taught fewer than 20 words, enough headlines to learn from.
  for (const mapped of Object.values(NEWS_CATEGORY_TO_CLC).flat()) {
    assert.equal(findClassKnowledge(mapped)?.isInherited, false, `${mapped}: no knowledge of its own`);
  }
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
