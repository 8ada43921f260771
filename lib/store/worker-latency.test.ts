import assert from "node:assert/strict";
import { test } from "node:test";
import { FETCH_BUCKETS_S, newHistogram, observe, sumHistograms } from "./worker-latency";

test("durations fall in the first bucket that holds them; sums leave out rows with other bounds or none", () => {
  const a = newHistogram([0.1, 1]);
  for (const s of [0.05, 0.1, 0.5, 3]) observe(a, s);
  assert.deepEqual(a.counts, [2, 1, 1]);
  assert.equal(a.count, 4);
  const b = newHistogram([0.1, 1]);
  observe(b, 0.7);
  const other = newHistogram([0.2, 1]);
  observe(other, 0.1);
  const total = sumHistograms([a, b, other, undefined, {}, JSON.parse(JSON.stringify(b))], [0.1, 1]);
  assert.deepEqual(total.counts, [2, 3, 1]);
  assert.equal(total.count, 6);
  assert.ok(Math.abs(total.sum - (3.65 + 0.7 + 0.7)) < 1e-9);
  assert.deepEqual(sumHistograms([], FETCH_BUCKETS_S).counts, new Array(FETCH_BUCKETS_S.length + 1).fill(0));
});
