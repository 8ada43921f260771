import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_SCREEN, parseScreen } from "./screen";

test("screen numbers are clamped to 1..MAX_SCREEN, and garbage is screen 1", () => {
  const cases: [string | null | undefined, number][] = [
    [null, 1], [undefined, 1], ["", 1], ["abc", 1], ["0", 1], ["-5", 1], ["-Infinity", 1], ["NaN", 1],
    ["1", 1], ["7", 7], ["2.9", 2], ["1e3", 1000], ["1e20", MAX_SCREEN], ["1e308", MAX_SCREEN], ["Infinity", MAX_SCREEN],
    [String(MAX_SCREEN + 1), MAX_SCREEN],
  ];
  for (const [raw, want] of cases) assert.equal(parseScreen(raw), want, String(raw));
});
