import assert from "node:assert/strict";
import { test } from "node:test";
import { relevanceFloors } from "./rank-candidates";

const sample = Array.from({ length: 1000 }, (_, i) => (1000 - i) / 1000); // 1, 0.999, … 0.001

test("relevance floors start where about twice the needed matches lie above and end with no floor", () => {
  // 100,000 of the job's pages match, 1,000 wanted: the top 2% of the job should hold about 2,000.
  assert.deepEqual(relevanceFloors(sample, 100_000, 1_000), [0.98, 0.92, 0.68, null]);
});

test("a view expected to match few pages is searched without a floor", () => {
  assert.deepEqual(relevanceFloors(sample, 1_500, 1_000), [null]);
  assert.deepEqual(relevanceFloors(sample, 0, 1_000), [null]);
  assert.deepEqual(relevanceFloors([], 100_000, 1_000), [null], "no sample, no floor");
});

test("floors never repeat, even when the sample has few distinct values", () => {
  const flat = Array.from({ length: 100 }, () => 0.5);
  assert.deepEqual(relevanceFloors(flat, 1_000_000, 10), [0.5, null]);
});
