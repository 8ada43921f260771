import assert from "node:assert/strict";
import { test } from "node:test";
import { selfTrain } from "./self-training";

const h = (...terms: string[]) => new Set(terms);
const labelled = [
  ...Array.from({ length: 6 }, (_, i) => ({ terms: h("比赛", "球队", i % 2 ? "联赛" : "决赛"), category: "news_sports" })),
  ...Array.from({ length: 6 }, (_, i) => ({ terms: h("股票", "银行", i % 2 ? "利率" : "证券"), category: "news_finance" })),
];

test("an unlabelled headline sure enough of a category is labelled with it; one with no known word is not", () => {
  const unlabelled = [h("比赛", "联赛", "湖人"), h("股票", "证券", "涨停"), h("天气", "晴朗")];
  const st = selfTrain(labelled, unlabelled, { rounds: 1, unlabelledWeight: 0.5, minPosterior: 0.9 });
  const byIndex = new Map(st.labels.map((l) => [l.index, l.category]));
  assert.equal(byIndex.get(0), "news_sports");
  assert.equal(byIndex.get(1), "news_finance");
  assert.ok(!byIndex.has(2), "no word the classifier knows: its posterior is the prior's, under the bar");
  for (const l of st.labels) assert.ok(l.posterior >= 0.9);
  const p = st.posteriors(h("天气"));
  assert.ok(Math.abs([...p.values()].reduce((a, b) => a + b, 0) - 1) < 1e-9, "posteriors sum to 1");
});

test("a word only unlabelled headlines use teaches the category they were labelled with, after a round", () => {
  // 湖人 is in no labelled headline: before any round it says nothing; the unlabelled headlines that
  // pair it with sports words teach the classifier it is a sports word.
  const unlabelled = Array.from({ length: 8 }, (_, i) => h("湖人", i % 2 ? "比赛" : "球队"));
  const before = selfTrain(labelled, unlabelled, { rounds: 0, unlabelledWeight: 0.5, minPosterior: 0.5 });
  const after = selfTrain(labelled, unlabelled, { rounds: 1, unlabelledWeight: 0.5, minPosterior: 0.5 });
  assert.equal(before.posteriors(h("湖人")).get("news_sports"), before.posteriors(h("湖人")).get("news_finance"));
  assert.equal(after.classify(h("湖人")).category, "news_sports");
  assert.ok(after.classify(h("湖人")).posterior > 0.6);
});

test("a higher bar labels fewer headlines", () => {
  const unlabelled = [h("比赛", "股票"), h("比赛", "联赛", "球队"), h("银行")];
  const low = selfTrain(labelled, unlabelled, { rounds: 0, unlabelledWeight: 0.5, minPosterior: 0.3 });
  const high = selfTrain(labelled, unlabelled, { rounds: 0, unlabelledWeight: 0.5, minPosterior: 0.99 });
  assert.ok(high.labels.length < low.labels.length);
  assert.ok(low.labels.some((l) => l.index === 0), "a headline of both kinds passes the low bar");
  assert.ok(!high.labels.some((l) => l.index === 0));
});
