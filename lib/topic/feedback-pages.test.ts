import assert from "node:assert/strict";
import { test } from "node:test";
import { MIN_JUDGED_EACH, pickCounterExamples, pickRelevantPages } from "./feedback-pages";
import { MAX_NON_RELEVANT_PAGES } from "./feedback";

const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

test("the pages a refinement learns from: learns from the judged relevant pages alone once there are enough of them, however few the pages asked for", () => {
  const judged = named("judged", MIN_JUDGED_EACH + 1);
  assert.deepEqual(pickRelevantPages(judged, named("best", 10), 2), judged);
});

test("the pages a refinement learns from: fills too few judgments with the best unjudged pages up to the number asked for, judged first", () => {
  const judged = named("judged", MIN_JUDGED_EACH - 1);
  assert.deepEqual(pickRelevantPages(judged, named("best", 10), 5), [...judged, "best0", "best1", "best2"]);
  assert.deepEqual(pickRelevantPages([], named("best", 10), 4), named("best", 4));
});

test("the pages a refinement learns from: learns against the judged irrelevant pages alone once there are enough, else adds the unjudged ones under the threshold", () => {
  const below = named("below", MAX_NON_RELEVANT_PAGES + 5);
  assert.deepEqual(pickCounterExamples(named("no", MIN_JUDGED_EACH), below), named("no", MIN_JUDGED_EACH));
  const few = pickCounterExamples(["no0"], below);
  assert.deepEqual(few.slice(0, 2), ["no0", "below0"]);
  assert.equal(few.length, MAX_NON_RELEVANT_PAGES);
});
