import assert from "node:assert/strict";
import { test } from "node:test";
import { chooseJudgedThreshold, f1AtThreshold, type JudgedPage } from "./judged-threshold";
import { buildTopic, TopicDefinitionSchema } from "./topic";

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
