import assert from "node:assert/strict";
import { test } from "node:test";
import { clcAncestors, clcChildren, clcDescendants, getClcNode, searchClc } from "./tree";

test("the tree has the 22 top classes, each first- and second-level class with an English name", () => {
  const top = clcChildren(undefined, { includeHidden: true });
  assert.equal(top.length, 22);
  for (const n of [...top, ...top.flatMap((t) => clcChildren(t.code, { includeHidden: true }))]) {
    assert.ok(n.nameEn, `${n.code} ${n.name} has no English name`);
  }
});

test("alternative [..] classes are hidden by default; range codes are kept as nodes", () => {
  const c = clcChildren("C").map((n) => n.code);
  assert.ok(!c.includes("[C7]"));
  assert.ok(clcChildren("C", { includeHidden: true }).some((n) => n.code === "[C7]"));
  assert.equal(getClcNode("C7")?.isAlternative, true);
  const range = getClcNode("D33/37");
  assert.ok(range?.isRange);
  assert.equal(range?.name, "各国共产党");
});

test("search finds classes by code, Chinese name, pinyin initials and English name", () => {
  assert.equal(searchClc("tp3")[0].code, "TP3");
  assert.equal(searchClc("经济")[0].code, "F");
  assert.ok(searchClc("zdhjs").some((n) => n.code === "TP"), "自动化技术 by initials");
  assert.equal(searchClc("computer technology")[0].code, "TP");
  assert.deepEqual(searchClc("  "), []);
  assert.ok(searchClc("TP", { limit: 5 }).length === 5);
});

test("ancestors and descendants walk the tree", () => {
  assert.deepEqual(clcAncestors("TP31").map((n) => n.code), ["T", "TP", "TP3", "TP31"]);
  const d = clcDescendants("TP3", 1);
  assert.ok(d.length > 3 && d.every((x) => x.depth === 1 && x.node.code.startsWith("TP3")));
  assert.ok(clcDescendants("TP3").length > d.length);
});

test("ranking: the class a person means comes first (exact code, whole words, shallow levels)", () => {
  const codes = (q: string) => searchClc(q, { limit: 10 }).map((n) => n.code);
  const before = (q: string, a: string, b: string) => {
    const list = searchClc(q, { limit: 50 }).map((n) => n.code);
    assert.ok(list.includes(a), `${q} finds ${a}: ${list.join(" ")}`);
    assert.ok(!list.includes(b) || list.indexOf(a) < list.indexOf(b), `${q}: ${a} before ${b}: ${list.join(" ")}`);
  };
  // jsj is 计算机 (a whole word of TP3's name), not the initials of 军事技 in 军事技术.
  before("jsj", "TP3", "E9");
  before("计算机", "TP3", "G623.58");
  before("sjk", "P208", "H644");
  assert.ok(codes("计算机").length >= 5, "Chinese text finds classes");
  assert.equal(codes("TP31")[0], "TP31");
  assert.deepEqual(codes("tp3").slice(0, 3), ["TP3", "TP30", "TP31"]);
  assert.equal(codes("农业")[0], "S");
  assert.equal(codes("military")[0], "E");
});

test("child counts: all children, and those shown without alternative and discontinued classes", () => {
  const c = getClcNode("C")!;
  assert.equal(c.childCount, clcChildren("C", { includeHidden: true }).length);
  assert.equal(c.shownChildCount, clcChildren("C").length);
  assert.ok(c.shownChildCount < c.childCount);
});

test("every example the search box suggests finds a class, in both languages", async () => {
  const { topicMessages } = await import("../../i18n/topic-messages");
  for (const locale of ["zh-CN", "en"] as const) {
    const examples = topicMessages(locale).searchPlaceholder.match(/[A-Z]{1,2}\d+|[\u4e00-\u9fff]{2,}|\b[a-z]{3,}\b/g) ?? [];
    const words = examples.filter((w) => !["code", "chinese", "pinyin", "initials", "english", "names", "first", "two", "levels"].includes(w) && !/^(分类号|中文|拼音首字母|英文|英文名只到第二级)$/.test(w));
    assert.ok(words.length >= 4, `${locale}: ${words.join()}`);
    for (const w of words) assert.ok(searchClc(w).length > 0, `${locale}: the suggested "${w}" finds nothing`);
  }
});
