import assert from "node:assert/strict";
import { test } from "node:test";
import { capPageText, capText, MAX_MAIN_TEXT_CHARS, MAX_TITLE_CHARS } from "./page-text";

test("capText keeps short text and never splits a surrogate pair", () => {
  const cases: [string, number, string][] = [
    ["abc", 5, "abc"], ["abcdef", 3, "abc"], ["计算机网络", 2, "计算"], ["a😀b", 2, "a"], ["a😀b", 3, "a😀"], ["", 0, ""],
  ];
  for (const [text, max, want] of cases) assert.equal(capText(text, max), want, `${text}/${max}`);
});

test("capPageText cuts a 2 MB title and an oversized text, and drops the terms segmented from the whole", () => {
  const page = { title: "标".repeat(2 * 1024 * 1024), mainText: "文".repeat(MAX_MAIN_TEXT_CHARS + 10), searchDocument: { title: "标", text: "文" } };
  const capped = capPageText(page);
  assert.equal(capped.title.length, MAX_TITLE_CHARS);
  assert.equal(capped.mainText.length, MAX_MAIN_TEXT_CHARS);
  assert.equal(capped.searchDocument, undefined);
  const fine = { title: "t", mainText: "x", searchDocument: { title: "t", text: "x" } };
  assert.equal(capPageText(fine), fine);
});
