import assert from "node:assert/strict";
import { test } from "node:test";
import iconv from "iconv-lite";
import { findClassKnowledge } from "../knowledge/knowledge";
import { learnFromCatalogueFile } from "./catalogue";
import { parseCatalogue } from "./parse";

const HEADER = "clc,title,abstract,subjects";
const DB = (i: number) => `TP311.13,关系数据库查询优化第${i}篇,讨论索引与事务在数据库中的实现,数据库；索引；事务`;
const BANK = (i: number) => `F832.5,商业银行信贷风险第${i}篇,讨论贷款与利率对银行的风险,银行；贷款；利率`;

/** A catalogue of `n` database records and `m` banking records. */
const catalogue = (n: number, m: number) => [HEADER, ...Array.from({ length: n }, (_, i) => DB(i)), ...Array.from({ length: m }, (_, i) => BANK(i))].join("\n");

test("a GBK file and a UTF-8 file with a BOM read the same records", () => {
  const text = catalogue(3, 2);
  const gbk = parseCatalogue(iconv.encode(text, "gbk"));
  const bom = parseCatalogue(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  assert.ok(gbk.ok && bom.ok, JSON.stringify([gbk, bom]));
  assert.equal(gbk.encoding, "gb18030");
  assert.equal(bom.encoding, "utf-8");
  assert.deepEqual(gbk.records, bom.records);
  assert.equal(bom.records[0].title, "关系数据库查询优化第0篇");
  assert.deepEqual(bom.records[0].subjects, ["数据库", "索引", "事务"]);
  assert.deepEqual(bom.records[0].codes, ["TP311.1"], "TP311.13 is deeper than the tree: it counts for TP311.1");
});

test("several CLC numbers in one cell, separated by ; or /", () => {
  const r = parseCatalogue(Buffer.from(`${HEADER}\nTP311.13;F832/TP3,题名,,`));
  assert.ok(r.ok);
  assert.deepEqual(r.records[0].codes, ["TP311.1", "F832", "TP3"]);
});

/** Each bad file with the line its problem should name and a word of its English message. */
const BAD: [string, string | Buffer, number, RegExp][] = [
  ["no header", "TP3,数据库\nF8,银行", 1, /lacks the columns clc, title/],
  ["no title column", "clc,abstract\nTP3,x", 1, /lacks the column title/],
  ["empty clc", `${HEADER}\nTP3,甲,,\n,乙,,`, 3, /empty clc/],
  ["empty title", `${HEADER}\nTP3,甲,,\nTP3,,,`, 3, /empty title/],
  ["unknown class", `${HEADER}\nTP3,甲,,\nTP3,乙,,\nPT311,丙,,`, 4, /"PT311" is not a CLC class/],
  ["unclosed quote", `${HEADER}\nTP3,甲,,\nTP3,"乙,,`, 3, /not valid CSV/],
  ["unreadable encoding", Buffer.from([0x63, 0x6c, 0x63, 0x0a, 0x80, 0xff, 0xfe, 0x81]), 0, /encoding cannot be read/],
  ["UTF-16", Buffer.from(`${HEADER}\nTP3,甲,,`, "utf16le"), 0, /encoding cannot be read/],
  ["empty file", "", 1, /file is empty/],
];

for (const [name, body, line, message] of BAD) {
  test(`a bad catalogue file is refused, naming its line and how to fix it: ${name}`, () => {
    const r = parseCatalogue(typeof body === "string" ? Buffer.from(body) : body);
    assert.equal(r.ok, false, name);
    if (r.ok) return;
    assert.equal(r.problems[0].line, line, JSON.stringify(r.problems));
    assert.match(r.problems[0].en, message);
    assert.ok(/[\u4e00-\u9fff]/.test(r.problems[0].zh), "a Chinese message too");
    if (line > 0) assert.match(r.problems[0].zh, new RegExp(`第 ${line} 行${line === 1 ? "|第一行" : ""}`));
  });
}

test("every line problem is collected, the first 20 shown, and a quoted cell's line is where it starts", () => {
  const rows = Array.from({ length: 25 }, (_, i) => `XX${i},题${i},,`);
  const r = parseCatalogue(Buffer.from([HEADER, `PT1,"两行\n的题名",,`, ",缺分类,,", ...rows].join("\n")));
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.equal(r.problemCount, 27);
  assert.equal(r.problems.length, 21, "20 problems and a line saying how many more");
  assert.equal(r.problems[0].line, 2, "a record with a two-line cell is named by the line it starts on");
  assert.equal(r.problems[1].line, 4, "the record after it starts on line 4");
  assert.match(r.problems[20].en, /7 more problems/);
});

test("a file too large is refused before it is read", () => {
  const r = parseCatalogue(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.problems[0].en, /larger than 50 MB/);
});

test("a file where no class has 5 records learns nothing and says so", () => {
  const r = learnFromCatalogueFile(Buffer.from(catalogue(4, 4)));
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.problems[0].en, /No class has at least 5 records/);
});

test("a class's words come from its own records, not from another class's, and extend the shipped words", () => {
  const r = learnFromCatalogueFile(Buffer.from(catalogue(25, 25)));
  assert.ok(r.ok, JSON.stringify(r));
  const codes = r.classes.map((c) => c.code);
  for (const c of ["TP311.1", "TP311", "TP31", "TP3", "TP", "T", "F832.5", "F83", "F8", "F"]) assert.ok(codes.includes(c), `${c} learned: ${codes}`);
  const words = (code: string) => new Set(r.overlay.classes[code].terms.map(([t]) => t));
  const tp = words("TP311.1");
  const f = words("F832.5");
  for (const w of ["索引", "事务"]) assert.ok(tp.has(w) && !f.has(w), `${w} is TP311.1's`);
  for (const w of ["贷款", "利率"]) assert.ok(f.has(w) && !tp.has(w), `${w} is F832.5's`);
  const shipped = findClassKnowledge("TP3", { isShippedOnly: true })!;
  for (const [t] of shipped.terms) assert.ok(words("TP3").has(t), `shipped word ${t} kept`);
  assert.equal(r.overlay.classes["TP311.1"].examples[0], "关系数据库查询优化第0篇");
  assert.ok(r.classes.every((c) => !c.isIdfWeighted), "25 records outside each class: contrasted with them");
});

test("with fewer than 20 records outside a class, its words are weighted by IDF and the result says so", () => {
  const r = learnFromCatalogueFile(Buffer.from(catalogue(8, 0)));
  assert.ok(r.ok, JSON.stringify(r));
  const c = r.classes.find((x) => x.code === "TP311.1")!;
  assert.ok(c.isIdfWeighted);
  assert.ok(c.newWords.includes("索引"), c.newWords.join(" "));
});
