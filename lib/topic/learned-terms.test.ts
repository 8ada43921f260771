import assert from "node:assert/strict";
import { test } from "node:test";
import { isLearnableWord, isPieceOf, MIN_LATIN_PAGES, selectLearnedTerms } from "./learned-terms";
import { PageCentroid, refineTopic, RELEVANT_WEIGHT } from "./feedback";
import { buildTopic, topicCoreTerms, TopicDefinitionSchema } from "./topic";

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

test("a learned word: vocabulary words of the pages; Latin tokens only from several pages and never markup", () => {
  const cases: [string, number, boolean][] = [
    ["通货膨胀", 1, true], ["通货膨胀", 0, false], ["本文", 5, false], ["2024", 5, false],
    ["list", 20, false], ["html", 20, false], ["next", 20, false], ["test", 20, false],
    ["python", MIN_LATIN_PAGES, true], ["python", MIN_LATIN_PAGES - 1, false], ["ab", 9, false],
  ];
  for (const [word, pages, expected] of cases) assert.equal(isLearnableWord(word, pages), expected, `${word} in ${pages} pages`);
  assert.ok(isPieceOf("膨胀", "通货膨胀") && !isPieceOf("通货膨胀", "通货膨胀") && !isPieceOf("java", "javascript"));
});

test("the terms kept: the longest of a word and its pieces, core terms at least their base weight, top k", () => {
  const base = new Map([["经济", 0.8], ["证券", 0.5], ["市场", 0.3]]);
  const sum = new Map([["经济", 0.9], ["证券", 0.1], ["市场", 0.35], ["通货", 0.4], ["膨胀", 0.3], ["通货膨胀", 0.2], ["利率", 0.25], ["汇率", -0.1], ["新闻", 0.01]]);
  const kept = new Map(selectLearnedTerms(sum, base, new Set(["经济", "证券"]), 5));
  assert.deepEqual([...kept.keys()], ["经济", "证券", "通货膨胀", "市场", "利率"]);
  assert.equal(kept.get("通货膨胀"), 0.4, "the longest word takes its strongest piece's weight");
  assert.equal(kept.get("证券"), 0.5, "a core term pushed down by the counter-examples keeps its base weight");
  const few = selectLearnedTerms(sum, base, new Set(["经济", "证券"]), 2);
  assert.deepEqual(few.map(([t]) => t), ["经济", "证券"], "core terms have their places before the strongest other terms");
});

test("refining never learns a word with its own pieces, nor markup tokens, and never drops the class's core words", () => {
  const topic = topicOf({ clc: ["F8"], topK: 300 });
  const core = [...topicCoreTerms(topic.definition)].filter((t) => topic.terms.some(([x]) => x === t));
  assert.deepEqual(core.sort(), ["财政", "金融"].sort());
  const relevant = Array.from({ length: 6 }, (_, i) => ({
    title: `通货膨胀与搜索引擎 list ${i}`,
    text: `通货膨胀 通货膨胀率 搜索引擎 自动化 list list next home 央行 利率 货币政策 通货膨胀 搜索引擎 page${i}`,
  }));
  // Counter-examples full of the class's own name words: they must not push them out.
  const counter = new PageCentroid(topic);
  for (let i = 0; i < 6; i++) counter.add({ title: "财政 金融 财政", text: `财政 金融 财政 金融 新闻 ${i}` });
  const refined = refineTopic(topic, relevant, { nonRelevant: counter });
  const base = new Map(topic.terms);
  const after = new Map(refined.terms);
  const added = [...after.keys()].filter((t) => !base.has(t));
  for (const t of added) for (const u of after.keys()) assert.ok(!isPieceOf(t, u), `learned ${t} together with ${u}`);
  for (const t of ["list", "next", "home", "page0"]) assert.ok(!after.has(t), `markup token ${t} learned`);
  for (const t of core) assert.ok((after.get(t) ?? 0) >= base.get(t)! / (1 + RELEVANT_WEIGHT) - 1e-12, `core term ${t} dropped or weakened: ${base.get(t)} → ${after.get(t)}`);
  assert.ok(after.has("货币政策") || after.has("利率"), `the pages' words are learned: ${added.join(" ")}`);
});
