import assert from "node:assert/strict";
import { test } from "node:test";
import { bestF1Threshold, SHRINK_POSITIVES, shrunkThresholds, type HeldOutScores } from "./class-threshold";

/** Held-out scores whose positives score `pos` and negatives `neg`. */
function heldOut(pos: number[], neg: number[]): HeldOutScores {
  return { scores: [...pos, ...neg], labels: [...pos.map(() => true), ...neg.map(() => false)], positives: pos.length };
}

test("a class's threshold is its own best shrunk toward the pooled best, the more the fewer positives it rests on", () => {
  // Many classes whose positives sit above 0.05 and negatives below: the pooled best is 0.05.
  const wide = (n: number) => heldOut(Array.from({ length: n }, (_, i) => 0.05 + (i % 10) * 0.01), Array.from({ length: 4 * n }, (_, i) => (i % 20) * 0.0025));
  // A small class whose few positives happen to score low: its own best is 0.02.
  const small = heldOut([0.02, 0.025, 0.03, 0.035, 0.04, 0.045, 0.05, 0.06], Array.from({ length: 30 }, (_, i) => (i % 8) * 0.0025));
  assert.equal(bestF1Threshold(small.scores, small.labels).threshold, 0.02);
  const byClass = new Map([["A", wide(400)], ["B", wide(400)], ["S", small]]);
  const { thresholds, pooled } = shrunkThresholds(byClass);
  assert.equal(pooled, 0.05);
  // 8 positives: 8 / (8 + 50) of 0.02 and the rest of 0.05, on the 0.0025 grid.
  const w = 8 / (8 + SHRINK_POSITIVES);
  assert.equal(thresholds.get("S"), +(Math.round((w * 0.02 + (1 - w) * 0.05) / 0.0025) * 0.0025).toFixed(4));
  assert.ok(thresholds.get("S")! > 0.04, "a class on 8 positives stays near the pooled threshold");
  // A class on 400 positives whose own best is the pooled one keeps it.
  assert.equal(thresholds.get("A"), 0.05);
});
