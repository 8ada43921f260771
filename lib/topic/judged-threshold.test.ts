import assert from "node:assert/strict";
import { test } from "node:test";
import { chooseJudgedThreshold, f1AtThreshold, type JudgedPage } from "./judged-threshold";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "./topic";

const topic = buildTopic(TopicDefinitionSchema.parse({ keywords: [{ term: "玉米 品种 选育" }] }));
const page = (title: string, text: string, isRelevant: boolean): JudgedPage => ({ title, text, isRelevant });

test("F1 at a threshold counts a page at the threshold as relevant", () => {
  assert.equal(f1AtThreshold([0.2, 0.1, 0.05], [true, true, false], 0.1), 1);
  assert.equal(f1AtThreshold([0.2, 0.1, 0.05], [true, true, false], 0.2), 2 / 3);
  assert.equal(f1AtThreshold([0.2], [false], 0.1), 0);
});

test("a threshold is chosen from judgments only with 3 pages judged on each side, and separates them on held-out folds", () => {
  const relevant = Array.from({ length: 6 }, (_, i) => page(`玉米品种${i}`, `玉米 品种 选育 产量 第${i}组`, true));
  const irrelevant = Array.from({ length: 6 }, (_, i) => page(`玉米价格${i}`, `玉米 价格 期货 行情 交易 市场 第${i}周`, false));
  const learnt: number[] = [];
  const learn = (train: readonly JudgedPage[]) => (learnt.push(train.length), topic);
  assert.equal(chooseJudgedThreshold([...relevant.slice(0, 2), ...irrelevant], learn, { topic, threshold: 0.5 }), undefined);
  const r = chooseJudgedThreshold([...relevant, ...irrelevant], learn, { topic, threshold: 0.99 })!;
  assert.deepEqual(learnt, [8, 8, 8], "three folds, each learning from the other two");
  assert.deepEqual([r.relevant, r.irrelevant], [6, 6]);
  assert.equal(r.cvF1, 1, "the held-out pages are told apart");
  assert.equal(r.currentF1, 0, "a threshold of 0.99 lets none of them through");
  assert.ok(r.threshold > 0 && r.threshold < 0.99, String(r.threshold));
});

test("a threshold is proposed only when its cross-validated F1 rises over keeping the threshold, with the bootstrap's interval", () => {
  const relevant = Array.from({ length: 6 }, (_, i) => page(`玉米品种${i}`, `玉米 品种 选育 产量 第${i}组`, true));
  const irrelevant = Array.from({ length: 6 }, (_, i) => page(`玉米价格${i}`, `玉米 价格 期货 行情 交易 市场 第${i}周`, false));
  const judged = [...relevant, ...irrelevant];
  const learn = () => topic;
  const rises = chooseJudgedThreshold(judged, learn, { topic, threshold: 0.99 })!;
  assert.equal(rises.isProposed, true);
  assert.equal(rises.keptBecause, undefined);
  assert.ok(rises.interval[0] <= rises.cvF1 && rises.cvF1 <= rises.interval[1], JSON.stringify(rises.interval));
  assert.ok(rises.gainInterval[0] > 0, "keeping 0.99 lets nothing through: every resample gains");
  assert.deepEqual(chooseJudgedThreshold(judged, learn, { topic, threshold: 0.99 }), rises, "the same judgments give the same interval");
  // A current threshold that already tells the pages apart: the chosen one differs but F1 does not rise.
  const scores = judged.map((p) => scorePage(topicScorer(topic), p.title, p.text).relevance);
  const between = (Math.min(...scores.slice(0, 6)) + Math.max(...scores.slice(6))) / 2;
  const flat = chooseJudgedThreshold(judged, learn, { topic, threshold: +(between + 1e-4).toFixed(6) })!;
  assert.notEqual(flat.threshold, +(between + 1e-4).toFixed(6));
  assert.equal(flat.cvF1, flat.keptF1);
  assert.deepEqual([flat.isProposed, flat.keptBecause], [false, "no-gain"]);
  const same = chooseJudgedThreshold(judged, learn, { topic, threshold: rises.threshold })!;
  assert.deepEqual([same.isProposed, same.keptBecause], [false, "same-threshold"]);
});
