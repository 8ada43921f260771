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
  assert.deepEqual(localizeStrategies(describeStrategies(), "en").map(({ name: _, ...s }) => s), describeStrategies());
});

test("each strategy has a readable name beside its id in both languages", () => {
  const names = (locale: "zh-CN" | "en") => Object.fromEntries(localizeStrategies(describeStrategies(), locale).map((s) => [s.id, s.name]));
  const zh = names("zh-CN"), en = names("en");
  assert.equal(zh["best-first"], "最佳优先 (best-first)");
  assert.equal(en["best-first"], "Best-first", "a name that is the id itself is not said twice");
  assert.equal(en["tr-hits"], "Topic-relevant HITS (tr-hits)");
  assert.equal(zh.pagerank, "PageRank");
  for (const id of Object.keys(zh)) {
    // The id itself, or a name that is only the id in capitals ("RW").
    for (const name of [zh[id], en[id]]) assert.ok(name.endsWith(`(${id})`) || name.toLowerCase() === id, `${id}: ${name}`);
  }
});
