import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldRivalIndex, isCoLabelled, rivalFactor } from "./field-rivals";
import { buildTopic, pageExplanation, pageTerms, scoreLinkTerms, scorePage, scoreTerms, topicScorer, TopicDefinitionSchema } from "./topic";

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

test("the rival factor: 1 when the best other field reads as much like the page, 4 when none does, below 1 when it reads more", () => {
  assert.equal(rivalFactor(0.05, 0.05), 1);
  assert.equal(rivalFactor(0.02, 0), 4);
  assert.ok(Math.abs(rivalFactor(0.02, 0.06) - 0.25) < 1e-12);
  assert.equal(rivalFactor(0, 0.1), 0);
});

test("a finance headline is lifted and an agronomy text that mentions prices is lowered, each naming its closest other field", () => {
  const scorer = topicScorer(topicOf({ clc: ["F8"] }));
  const headline = scorePage(scorer, "央行下调存款准备金率 银行股领涨大盘", "");
  assert.ok(headline.field, "a class topic weighs its scores against other fields");
  assert.ok(headline.field.factor > 1, `factor ${headline.field.factor}`);
  assert.ok(headline.relevance > headline.field.before);

  const crops = scorePage(scorer, "冬小麦栽培",
    "种植户申请银行贷款购买化肥，贷款利率下调。田间试验比较了氮肥、磷肥施用量与灌溉次数对冬小麦籽粒产量、品质的影响。作物栽培、土壤肥力、病虫害防治与品种选育。");
  assert.ok(crops.field && crops.field.rival, "an agronomy text with a few bank words has a rival field");
  assert.match(crops.field.rival, /^S/, `rival ${crops.field.rival}`);
  assert.ok(crops.field.factor < 1, `factor ${crops.field.factor}`);
  assert.ok(crops.relevance < crops.field.before);
});

test("a topic without classes, a topic with the contrast turned off and an older snapshot are not weighed", () => {
  const keywords = topicOf({ keywords: [{ term: "银行", weight: 1 }, { term: "货币", weight: 1 }] });
  assert.equal(keywords.fieldRivals, undefined);
  assert.equal(scorePage(topicScorer(keywords), "银行 货币 政策", "").field, undefined);
  assert.equal(topicOf({ clc: ["F8"], classContrast: false }).fieldRivals, undefined);

  const current = topicOf({ clc: ["F8"] });
  const { fieldRivals: _, fieldLift: __, ...older } = current;
  const s = scorePage(topicScorer(older), "央行下调存款准备金率", "银行 货币 利率");
  assert.equal(s.field, undefined);
  assert.ok(s.relevance > 0);
});

test("link words are scored without the rivals; a page's stored explanation carries the weighing rounded", () => {
  const scorer = topicScorer(topicOf({ clc: ["F8"] }));
  const anchor = pageTerms(scorer, "银行 利率 上调");
  const linkScore = scoreLinkTerms(scorer, anchor, []);
  const pageScore = scoreTerms(scorer, anchor, []);
  assert.ok(pageScore.field && pageScore.field.factor !== 1);
  assert.ok(Math.abs(linkScore - pageScore.field.before) < 1e-12);

  const e = pageExplanation(pageScore);
  assert.deepEqual(Object.keys(e.field ?? {}).sort(), ["before", "factor", "lift", "posterior", "rival", "rivalCosine", "words"]);
  assert.equal(e.field?.factor, +pageScore.field.factor.toFixed(4));
  assert.equal(pageExplanation({ terms: [] }).field, undefined);
});

test("a class that shares a discipline's texts with the topic's class is no rival; its parent still is", () => {
  assert.equal(isCoLabelled("P9", "K"), true, "地理学 maps to K9 and P9");
  assert.equal(isCoLabelled("P9", "K9"), true);
  assert.equal(isCoLabelled("P", "K"), false, "P is more than P9");
  assert.equal(isCoLabelled("P5", "K"), false, "geology shares no discipline with K");
  assert.equal(isCoLabelled("TQ", "O6"), true, "化学/化学工程与技术");
  assert.equal(isCoLabelled("TQ", "O"), true);
  assert.equal(isCoLabelled("F8", "K"), false);
  const rivals = fieldRivalIndex(["K"]);
  assert.ok(rivals);
  const rivalOf = (code: string) => rivals.isRival[rivals.index.codes.indexOf(code)];
  assert.ok(rivals.index.codes.includes("P9") && rivals.index.codes.includes("P"), "the knowledge has P and P9");
  assert.equal(rivalOf("P9"), false);
  assert.equal(rivalOf("P"), true);
  assert.equal(rivalOf("K9"), false, "below the topic's class");
  assert.equal(rivalOf("F"), true);
});
