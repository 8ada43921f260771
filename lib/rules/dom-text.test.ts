import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDocument } from "htmlparser2";
import { Text } from "domhandler";
import { collectBlockText, collectText, collectTextUpTo, joinSpans, LINE_BREAK, measureBlocks, spanOf, squashBlockText, squashedLength } from "./dom-text";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

test("spans add up over concatenation exactly as squashing the joined text does", () => {
  const pieces = ["", " ", "\n\t", "a", " a", "a ", " a b ", "计算机", "\u3000网络\u3000", "x\u00a0y", "  \n "];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 2000; round++) {
    const parts = Array.from({ length: 1 + (next() % 6) }, () => pieces[next() % pieces.length]);
    const span = parts.map(spanOf).reduce(joinSpans);
    assert.equal(span.core, squash(parts.join("")).length, JSON.stringify(parts));
  }
});

test("squashedLength counts what squashing the joined text of several roots would keep, every kind of whitespace included", () => {
  const pieces = ["", " ", "\n\t", "a", " a", "a ", " a b ", "计算机", "\u3000网络\u3000", "x\u00a0y", "\u2029", "\ufeffz", "\u200bw", "  \n "];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 500; round++) {
    const html = Array.from({ length: 1 + (next() % 5) }, () => `<p>${pieces[next() % pieces.length]}<b>${pieces[next() % pieces.length]}</b></p>${pieces[next() % pieces.length]}`).join("");
    const roots = [parseDocument(`<body>${html}</body>`), parseDocument(`<div>${pieces[next() % pieces.length]}</div>`)];
    assert.equal(squashedLength(roots), squash(roots.map((r) => collectText(r)).join("")).length, JSON.stringify(html));
  }
  // Every UTF-16 code unit between two letters: whitespace to \s exactly when squashedLength says so.
  for (let c = 0; c < 0x10000; c++) {
    const text = new Text(`a${String.fromCharCode(c)}${String.fromCharCode(c)}b`);
    assert.equal(squashedLength([text]), squash(text.data).length, `U+${c.toString(16)}`);
  }
});

test("measureBlocks gives each element its squashed text length and the text length of the links below it", () => {
  const doc = parseDocument(`<div id="d"> 菜单 <a href="/1">一</a> <ul><li><a href="/2">第二项</a></li></ul><script>skip()</script></div>`);
  const { spans, anchorChars } = measureBlocks(doc, (el) => el.name === "script");
  const div = [...spans.keys()].find((el) => el.attribs.id === "d")!;
  assert.equal(spans.get(div)!.core, squash(" 菜单 一 第二项").length);
  assert.equal(anchorChars.get(div), 1 + 3);
  assert.equal(collectText(div, (el) => el.name === "script"), " 菜单 一 第二项");
});

test("walks are iterative: 20,000 nested elements (past the call stack of a recursive walk) neither overflow the stack nor lose text", () => {
  const depth = 20_000;
  const doc = parseDocument(`${"<span>".repeat(depth)}深处${"</span>".repeat(depth)}`);
  assert.equal(collectText(doc), "深处");
  assert.equal([...measureBlocks(doc, () => false).spans.values()][0].core, 2);
});

test("collectTextUpTo reads only as far as needed and keeps the same beginning", () => {
  const doc = parseDocument(`<a href="/1">${"<b> 计算机  网络 </b>".repeat(500)}</a>`);
  const link = doc.children[0];
  for (const max of [0, 1, 7, 200]) {
    const part = collectTextUpTo(link, max);
    assert.equal(squash(part).slice(0, max), squash(collectText(link)).slice(0, max), `max ${max}`);
    assert.ok(part.length < collectText(link).length, "stops before the end");
  }
});

test("squashBlockText: one line per block, one space per other whitespace run, and the length without line breaks", () => {
  const pieces = ["", " ", "\n\t", "a", " a", "a ", "计算机", "\u3000网络\u3000", "x\u00a0y", LINE_BREAK, ` ${LINE_BREAK}\n`, LINE_BREAK + LINE_BREAK];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 3000; round++) {
    const raw = Array.from({ length: 1 + (next() % 8) }, () => pieces[next() % pieces.length]).join("");
    const { text, inlineLength } = squashBlockText(raw);
    const without = squash(raw.replaceAll(LINE_BREAK, ""));
    assert.equal(inlineLength, without.length, JSON.stringify(raw));
    assert.equal(text.replace(/\n/g, " "), squash(raw), JSON.stringify(raw));
    assert.doesNotMatch(text, /^\s|\s$|\s\s|[^\S \n]/, JSON.stringify(raw));
    // Every line break inside the text is kept, as one "\n".
    const inner = raw.replace(/^\s+|\s+$/g, "");
    assert.equal(text.split("\n").length - 1, (inner.match(/\s*\u2029\s*/g) ?? []).length, JSON.stringify(raw));
  }
});

test("collectBlockText marks blocks and cells but not inline elements", () => {
  const doc = parseDocument(`<ul><li>一<b>二</b></li><li>三</li></ul><table><tr><td>四</td><td>五</td></tr></table>`);
  assert.equal(squashBlockText(collectBlockText(doc)).text, "一二\n三\n四 五");
});
