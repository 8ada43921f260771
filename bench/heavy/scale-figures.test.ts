import assert from "node:assert/strict";
import { test } from "node:test";
import { CLAIM_BUCKETS_S, newHistogram, observe } from "../../lib/store/worker-latency";
import { parseStatCpu } from "./proc-stats";
import { histogramQuantile, judgeScaling, shareAtOrBelow } from "./scale-figures";

test("the claim's p95 is interpolated inside its bucket, and the share under 10 ms is counted exactly", () => {
  const h = newHistogram(CLAIM_BUCKETS_S);
  for (let i = 0; i < 90; i++) observe(h, 0.002); // (1, 2.5] ms
  for (let i = 0; i < 10; i++) observe(h, 0.02); // (10, 25] ms
  // The 95th of 100 is the 5th of the 10 in (10, 25] ms: halfway through it.
  assert.equal(histogramQuantile(h, 0.95), 0.0175);
  assert.equal(histogramQuantile(h, 0.5), 0.001 + 0.0015 * (50 / 90));
  assert.equal(shareAtOrBelow(h, 0.01), 0.9);
  observe(h, 5); // above every bound: the last bound is all the histogram knows
  assert.equal(histogramQuantile(h, 1), 1);
  assert.equal(histogramQuantile(newHistogram(CLAIM_BUCKETS_S), 0.95), null);
  assert.throws(() => shareAtOrBelow(h, 0.003), /not a bound/);
});

test("scaling holds within 10% of the best run with fewer workers, and the limit named is the saturated one", () => {
  const verdict = judgeScaling([
    { workers: 4, pagesPerSecond: 40, machineBusy: 0.97, claimP95Ms: 4, lockWaitingSessions: 0.2 },
    { workers: 1, pagesPerSecond: 50, machineBusy: 0.7, claimP95Ms: 3, lockWaitingSessions: 0.1 },
    { workers: 2, pagesPerSecond: 60, machineBusy: 0.8, claimP95Ms: 30, lockWaitingSessions: 2 },
  ]);
  assert.deepEqual(verdict.map((v) => [v.workers, v.speedup, v.holds]), [[1, 1, true], [2, 1.2, true], [4, 0.8, false]]);
  assert.match(verdict[2].limit, /^CPU \(cores 97% busy\)/);
  assert.match(verdict[1].limit, /^claim \(p95 30\.0 ms\)/);
  assert.match(verdict[0].limit, /^none found/);
});

test("CPU seconds are read after the command name, which may hold spaces and parentheses", () => {
  // pid (comm) state ppid … utime stime cutime cstime (fields 14–17), in ticks of 1/100 s.
  const stat = "4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 1200 300 20 0 11 0 100 1000 200";
  assert.deepEqual(parseStatCpu(stat), { self: 3, children: 15 });
});
