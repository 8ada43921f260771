import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { tokenize } from "../topic/tokenize";
import { documentFromTerms, quoteLexeme, searchVectorSql, segmentQuery, tsQuerySql, tsvectorLiteral } from "./search-vector";

const ctx = useTestDatabase();

const TITLE = "农业机械化发展报告 2026";
const TEXT = "拖拉机和联合收割机是农业机械化的主要装备。The tractor market grew in 2025, 计算机控制的播种机也在推广。农业机械化，农业机械化！";

test("the search vector built from the terms is the one to_tsvector gives for them joined by spaces", async () => {
  const title = tokenize(TITLE, { isSearchMode: true });
  const text = tokenize(TEXT, { isSearchMode: true });
  const [row] = await ctx.db.sql<{ same: boolean; built: string; parsed: string }[]>`
    select built = parsed as same, built::text, parsed::text from (select
      ${searchVectorSql(ctx.db.sql, documentFromTerms(title, text))} as built,
      setweight(to_tsvector('simple', ${title.join(" ")}::text), 'A') || setweight(to_tsvector('simple', ${text.join(" ")}::text), 'B') as parsed) v`;
  assert.ok(row.same, `${row.built}\n!=\n${row.parsed}`);
  assert.match(row.built, /'机械':\d+A(,\d+B){3} /, "a term of the title and three times of the text keeps all four positions");
});

test("PostgreSQL's limits on a tsvector hold: long words left out, positions capped per lexeme and at the last", async () => {
  const long = "a".repeat(2048);
  const many = Array.from({ length: 17_000 }, (_, i) => (i % 2 ? "词" : `w${i % 7}`));
  for (const terms of [[long, "短"], many]) {
    const [row] = await ctx.db.sql<{ same: boolean }[]>`
      select ${tsvectorLiteral(terms)}::tsvector = to_tsvector('simple', ${terms.join(" ")}::text) as same`;
    assert.ok(row.same, `terms of ${terms.length}`);
  }
});

test("quotes, backslashes and tsquery operators in a term or a query are text, not syntax", async () => {
  const terms = ["it's", "back\\slash", "a&b", "x|y", "!not", "(paren", "c++"];
  const [{ v }] = await ctx.db.sql<{ v: string }[]>`select ${tsvectorLiteral(terms)}::tsvector::text as v`;
  for (const term of terms) assert.ok(v.includes(`${quoteLexeme(term)}:`), `${term} in ${v}`);
  for (const query of ["it's", "a&b | x", "'); drop table pages; --", "\\", "农业机械 !"]) {
    const words = segmentQuery(query);
    if (!words.length) continue;
    const [{ q }] = await ctx.db.sql<{ q: string }[]>`select ${tsQuerySql(ctx.db.sql, words)}::text as q`;
    assert.ok(q.length > 0, query);
  }
  const [{ hit }] = await ctx.db.sql<{ hit: boolean }[]>`
    select ${searchVectorSql(ctx.db.sql, documentFromTerms([], tokenize(TEXT, { isSearchMode: true })))} @@ ${tsQuerySql(ctx.db.sql, segmentQuery("农业机械 tractor"))} as hit`;
  assert.equal(hit, true);
});

test("a term jieba keeps whole across separators is found by itself and by the words inside it", async () => {
  const doc = documentFromTerms([], tokenize("编译 x86_64 内核时 gcc-4 报错，页面编码为 utf-8。", { isSearchMode: true }));
  const found = async (q: string) => {
    const [{ hit }] = await ctx.db.sql<{ hit: boolean }[]>`select ${searchVectorSql(ctx.db.sql, doc)} @@ ${tsQuerySql(ctx.db.sql, segmentQuery(q))} as hit`;
    return hit;
  };
  for (const q of ["x86_64", "x86", "gcc", "gcc-4", "utf-8", "utf", "编译 内核"]) assert.equal(await found(q), true, q);
  for (const q of ["arm64", "clang"]) assert.equal(await found(q), false, q);
});

test("a vector stored before, built by PostgreSQL's parser, is still found by a word with separators", async () => {
  const terms = tokenize("编译 x86_64 内核时 gcc-4 报错，页面编码为 utf-8。", { isSearchMode: true });
  const found = async (q: string) => {
    const [{ hit }] = await ctx.db.sql<{ hit: boolean }[]>`
      select setweight(to_tsvector('simple', ${terms.join(" ")}::text), 'B') @@ ${tsQuerySql(ctx.db.sql, segmentQuery(q))} as hit`;
    return hit;
  };
  for (const q of ["x86_64", "utf-8", "gcc-4", "编译 内核"]) assert.equal(await found(q), true, q);
  assert.equal(await found("arm64"), false);
});

test("a page of more than 1 MB of distinct terms keeps a vector PostgreSQL takes, where to_tsvector refused it", async () => {
  const terms = Array.from({ length: 80_000 }, (_, i) => `term${i.toString(36).padStart(10, "x")}`);
  const [{ n }] = await ctx.db.sql<{ n: number }[]>`select length(${tsvectorLiteral(terms)}::tsvector)::int as n`;
  assert.ok(n > 50_000 && n < terms.length, `${n} lexemes`);
  await assert.rejects(ctx.db.sql`select length(to_tsvector('simple', ${terms.join(" ")}::text))`, /too long for tsvector/);
});
