import assert from "node:assert/strict";
import { test } from "node:test";
import { getClcNode } from "../clc/tree";
import { CORE_TERMS, coreTermsOf } from "./core-terms";
import { isFillerWord, isVocabularyWord, knowledgeWords } from "./words";

test("a class's core terms are its curated list and the words of its name, less words many class names share", () => {
  const f8 = coreTermsOf("F8");
  for (const w of ["金融", "银行", "货币", "税收", "证券", "保险", "财政"]) assert.ok(f8.includes(w), `F8 lacks ${w}`);
  const tp3 = coreTermsOf("TP3");
  for (const w of ["计算机", "网络", "数据库", "操作系统", "软件"]) assert.ok(tp3.includes(w), `TP3 lacks ${w}`);
  assert.ok(!tp3.includes("技术"), "技术 is in ten first- and second-level class names");
  assert.deepEqual(coreTermsOf("K").slice(0, 2), ["历史", "地理"]);
  assert.ok(coreTermsOf("U4").includes("公路"), "from the name 公路运输 alone");
  // G3 科学、科学研究: 科学 is in many names, and the 研究 left of 科学研究 is filler, not a field's word.
  assert.ok(!coreTermsOf("G3").includes("研究"), coreTermsOf("G3").join(" "));
});

test("no class's core terms are filler", () => {
  for (const code of ["G3", "G", "N", "TP", "O", "B", "C", "D"]) for (const w of coreTermsOf(code)) assert.ok(!isFillerWord(w), `${code}: ${w}`);
});

test("the curated core terms name real classes and are whole vocabulary words", () => {
  for (const [code, words] of Object.entries(CORE_TERMS)) {
    assert.ok(getClcNode(code), `${code} is not a CLC class`);
    for (const w of words) assert.ok(isVocabularyWord(w) && knowledgeWords(w).includes(w), `${code}: ${w} is not one vocabulary word`);
  }
});
