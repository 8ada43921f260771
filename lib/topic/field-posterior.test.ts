import assert from "node:assert/strict";
import { test } from "node:test";
import { FIELD_LIFT, FIELD_LIFT_FLOOR, FIELD_LIFT_LONG, fieldLift, liftWeight } from "./field-lift";
import { fieldPosteriorOf, learnFieldPosterior, topicPosterior, useFieldPosteriorModel } from "./field-posterior";
import { buildTopic, pageTerms, scorePage, scorerForThread, scorerFromThread, topicScorer, TopicDefinitionSchema } from "./topic";

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

test("a small model: a page of a field's words is of that field, a page of another's is not, a page of unknown words has no posterior", () => {
  const model = learnFieldPosterior([
    { terms: ["银行", "利率", "贷款", "银行"], codes: ["F8"] },
    { terms: ["货币", "银行", "存款"], codes: ["F8"] },
    { terms: ["球队", "比赛", "进球"], codes: ["G8"] },
    { terms: ["比赛", "冠军", "球员"], codes: ["G8"] },
  ]);
  assert.deepEqual(model.labels.map((l) => [l.codes.join("+"), l.texts, l.words]), [["F8", 2, 7], ["G8", 2, 6]]);
  assert.deepEqual(model.words["银行"], [0, 3], "counts kept per label, repeats counted");
  useFieldPosteriorModel(model);
  try {
    const finance = fieldPosteriorOf(["F8"]);
    assert.ok(finance);
    assert.ok(topicPosterior(finance, ["银行", "贷款"], ["利率"])! > 0.9);
    assert.ok(topicPosterior(finance, ["球队", "进球"])! < 0.1);
    assert.equal(topicPosterior(finance, ["天气", "晴朗"]), undefined, "no known word: no evidence, no lift");
    const f = fieldPosteriorOf(["F"]);
    assert.ok(f && f.isTopic[0] && !f.isTopic[1], "a label below the topic's class is the topic's");
    assert.equal(fieldPosteriorOf(["TP"]), undefined, "no label of the topic's class: no posterior");
    assert.equal(fieldPosteriorOf([]), undefined);
  } finally {
    useFieldPosteriorModel(undefined);
  }
});

test("by length: a page surely of another field keeps FIELD_LIFT_FLOOR of its score; the posterior counts more the fewer words a page has", () => {
  for (const words of [0, 8, 150, 500, 5000]) assert.equal(fieldLift(0, words), FIELD_LIFT_FLOOR);
  const weights = [0, 8, 150, 500, 5000].map(liftWeight);
  weights.slice(1).forEach((w, i) => assert.ok(w < weights[i], `λ falls with length: ${weights}`));
  assert.ok(liftWeight(10) > 15 && liftWeight(150) > 3 && liftWeight(150) < 5 && liftWeight(5000) < 1.2 && liftWeight(5000) > FIELD_LIFT_LONG, `${weights}`);
  assert.equal(fieldLift(1, 150), FIELD_LIFT_FLOOR + liftWeight(150));
  assert.ok(fieldLift(0.5, 150) > fieldLift(0.5, 500), "the same posterior lifts a short page more");
  assert.equal(fieldLift(0.5, -3), fieldLift(0.5, 0), "no negative length");
});

test("the flat lift of older snapshots runs from 1 (the page is of another field) to 1 + FIELD_LIFT (surely the topic's)", () => {
  assert.equal(fieldLift(0), 1);
  assert.equal(fieldLift(1), 1 + FIELD_LIFT);
  assert.ok(fieldLift(0.5) > 1 && fieldLift(0.5) < 1 + FIELD_LIFT);
});

test("a class topic's score is lifted by the shipped posterior: relevance = before × factor × lift, the same on another thread", () => {
  const topic = topicOf({ clc: ["F8"] });
  assert.equal(topic.fieldLift, "by-length");
  const scorer = topicScorer(topic);
  const headline = scorePage(scorer, "银行理财产品收益率下降 股市震荡", "");
  assert.ok(headline.field?.posterior !== undefined && headline.field.lift !== undefined);
  assert.ok(headline.field.posterior > 0.5, `posterior ${headline.field.posterior}`);
  assert.equal(headline.field.words, pageTerms(scorer, "银行理财产品收益率下降 股市震荡").length, "the length is the page's words as the scorer reads them");
  assert.equal(headline.field.lift, fieldLift(headline.field.posterior, headline.field.words));
  assert.ok(Math.abs(headline.relevance - Math.min(1, headline.field.before * headline.field.factor * headline.field.lift)) < 1e-12);

  const sport = scorePage(scorer, "湖人加时险胜勇士 詹姆斯砍下三双 银行", "");
  assert.ok(sport.field?.posterior !== undefined && sport.field.posterior < 0.5, `a sports headline is not finance: ${sport.field?.posterior}`);

  const moved = scorerFromThread(structuredClone(scorerForThread(scorer)));
  assert.ok(moved.posterior, "the receiving thread finds the posterior again");
  assert.equal(scorePage(moved, "银行理财产品收益率下降 股市震荡", "").relevance, headline.relevance);

  const flat = scorePage(topicScorer({ ...topic, fieldLift: true }), "银行理财产品收益率下降 股市震荡", "");
  assert.equal(flat.field?.words, undefined);
  assert.equal(flat.field?.lift, fieldLift(headline.field.posterior), "a snapshot of the flat lift keeps it");
  assert.ok(flat.relevance < headline.relevance, "a headline's few words count less under the flat lift");

  const { fieldLift: _, ...older } = topic;
  const before = scorePage(topicScorer(older), "银行理财产品收益率下降 股市震荡", "");
  assert.equal(before.field?.posterior, undefined, "a snapshot from before the lift scores as it did");
  assert.ok(Math.abs(before.relevance - Math.min(1, headline.field.before * headline.field.factor)) < 1e-12);
});
