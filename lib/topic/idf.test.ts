import assert from "node:assert/strict";
import { test } from "node:test";
import { idf, idfIn, parseIdfTable } from "./idf";

test("the IDF table finds every word of its file whatever the order, and the median for others", () => {
  const t = parseIdfTable(Buffer.from("数据库 7.5\nabc 3\n计算机 5.25\n\n坏行\n算法 nan\nzeta 9\n中 1", "utf8"));
  assert.equal(idfIn(t, "数据库"), 7.5);
  assert.equal(idfIn(t, "计算机"), 5.25);
  assert.equal(idfIn(t, "abc"), 3);
  assert.equal(idfIn(t, "zeta"), 9);
  assert.equal(idfIn(t, "中"), 1, "the last line needs no newline");
  // Five words (the line without a value and the one whose value is not a number are skipped): median 5.25.
  assert.equal(idfIn(t, "算法"), 5.25);
  assert.equal(idfIn(t, "坏行"), 5.25);
  assert.equal(idfIn(t, "数据"), 5.25, "a prefix of a word is another word");
  assert.equal(idfIn(t, "x".repeat(2000)), 5.25, "a word longer than the lookup's buffer");
});

test("jieba's table gives a rare word a higher IDF than a common one", () => {
  assert.ok(idf("拓扑") > idf("我们"));
  assert.ok(idf("不在词表里的词语组合") > 0);
});
