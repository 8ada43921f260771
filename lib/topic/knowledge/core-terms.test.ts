import assert from "node:assert/strict";
import { test } from "node:test";
import { getClcNode } from "../clc/tree";
import { CORE_TERMS, coreTermsOf } from "./core-terms";
import { isVocabularyWord, knowledgeWords } from "./words";

test("a class's core terms are its curated list and the words of its name, less words many class names share", () => {
  const f8 = coreTermsOf("F8");
  for (const w of ["金融", "银行", "货币", "税收", "证券", "保险", "财政"]) assert.ok(f8.includes(w), `F8 lacks ${w}`);
  const tp3 = coreTermsOf("TP3");
  for (const w of ["计算机", "网络", "数据库", "操作系统", "软件"]) assert.ok(tp3.includes(w), `TP3 lacks ${w}`);
  assert.ok(!tp3.includes("技术"), "技术 is in ten first- and second-level class names");
  assert.deepEqual(coreTermsOf("K").slice(0, 2), ["历史", "地理"]);
  assert.ok(coreTermsOf("U4").includes("公路"), "from the name 公路运输 alone");
});

test("the curated core terms name real classes and are whole vocabulary words", () => {
  for (const [code, words] of Object.entries(CORE_TERMS)) {
    assert.ok(getClcNode(code), `${code} is not a CLC class`);
    for (const w of words) assert.ok(isVocabularyWord(w) && knowledgeWords(w).includes(w), `${code}: ${w} is not one vocabulary word`);
  }
});
