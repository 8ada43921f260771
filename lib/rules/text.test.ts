import assert from "node:assert/strict";
import { test } from "node:test";
import { describeTextProblem, findTextProblems, MAX_JSON_DEPTH } from "./text";

test("text the database cannot store: NUL and lone surrogates, with their position; pairs and other text pass", () => {
  const rows: [string, RegExp | null][] = [
    ["计算机", null], ["", null], ["emoji 😀 pair", null], ["\ud83d\ude00", null], ["tab\tand\nnewline", null], ["\u0001\u001f\ufffd", null],
    ["a\u0000b", /NUL character \(U\+0000\) at character 2: remove it/], ["\u0000", /at character 1/],
    ["x\ud800", /lone UTF-16 surrogate \(U\+D800\) at character 2/], ["\udfff", /U\+DFFF/], ["\ude00\ud83d", /U\+DE00\) at character 1/],
    ["ok\ud83d", /U\+D83D/],
  ];
  for (const [text, want] of rows) {
    const got = describeTextProblem(text);
    if (want === null) assert.equal(got, null, JSON.stringify(text));
    else assert.match(got ?? "", want, JSON.stringify(text));
  }
});

test("every string of a value is checked, keys included, each problem under its top-level field; depth is capped", () => {
  const nested = (n: number): unknown => {
    let v: unknown = "x";
    for (let i = 0; i < n; i++) v = [v];
    return v;
  };
  const rows: [unknown, string[]][] = [
    [{ name: "ok", keywords: ["a", "b\u0000"] }, ["keywords"]],
    [{ a: { b: { c: "\ud800" } }, d: "\u0000", e: 1, f: null }, ["a", "d"]],
    [{ "k\u0000": "v" }, ["input"]],
    [["\u0000"], ["input"]],
    ["\u0000", ["input"]],
    [{ deep: nested(MAX_JSON_DEPTH - 2) }, []],
    [{ deep: nested(MAX_JSON_DEPTH + 5) }, ["deep"]],
    [nested(200_000), ["input"]],
    [{ n: 1, t: true, s: "计算机" }, []],
  ];
  rows.forEach(([value, fields], i) => assert.deepEqual(findTextProblems(value).map((p) => p.field).sort(), fields, `row ${i}`));
  assert.match(findTextProblems({ deep: nested(100) })[0].message, /^deep: nested more than 64 levels deep/);
});
