import assert from "node:assert/strict";
import { test } from "node:test";
import { describeStrategies } from "../strategy/registry";
import { localizeStrategies } from "./strategy-messages";

test("every strategy and parameter has Chinese text, and English stays the registry's", () => {
  const zh = localizeStrategies(describeStrategies(), "zh-CN");
  for (const s of zh) {
    assert.match(s.description, /[\u4e00-\u9fff]/, `${s.id} has no Chinese description`);
    assert.doesNotMatch(s.source, /\b(seeds?|baseline|formula)\b/, `${s.id}'s source is left in English: ${s.source}`);
    for (const p of s.params) assert.match(p.description, /[\u4e00-\u9fff]/, `${s.id}.${p.name} has no Chinese description`);
  }
  assert.deepEqual(localizeStrategies(describeStrategies(), "en"), describeStrategies());
});
