import assert from "node:assert/strict";
import { test } from "node:test";
import { CLAIM_BUCKETS_S, newHistogram, observe } from "../../lib/store/worker-latency";
import { parseStatCpu } from "./proc-stats";
import { histogramQuantile, judgeScaling, quantile, shareAtOrBelow, statementDurations } from "./scale-figures";

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

test("scaling holds within 10% of the best run with fewer workers, and the limits named are the ones measured", () => {
  const run = { machineBusy: 0.5, crawlCpuShare: 0.45, claimP95Ms: 3, lockWaitingSessions: 0.1, deadlocks: 0 };
  const verdict = judgeScaling([
    { ...run, workers: 4, pagesPerSecond: 40, machineBusy: 0.97, crawlCpuShare: 0.3, lockWaitingSessions: 5.3, deadlocks: 122 },
    { ...run, workers: 1, pagesPerSecond: 50 },
    { ...run, workers: 2, pagesPerSecond: 60, claimP95Ms: 30 },
  ]);
  assert.deepEqual(verdict.map((v) => [v.workers, v.speedup, v.holds]), [[1, 1, true], [2, 1.2, true], [4, 0.8, false]]);
  assert.match(verdict[0].limit, /^none found/);
  assert.equal(verdict[1].limit, "claim (p95 30.0 ms)");
  assert.equal(verdict[2].limit, "locks (the crawl used 30% of the cores against 45% with 1; 5.3 sessions waiting on locks on average, 122 deadlocks); " +
    "CPU (cores 97% busy, 30% by the crawl)");
  // Saturated cores alone, the crawl keeping its share: the CPU is the limit, not the locks.
  const cpuOnly = judgeScaling([{ ...run, workers: 1, pagesPerSecond: 50 }, { ...run, workers: 2, pagesPerSecond: 50, machineBusy: 0.95, lockWaitingSessions: 2 }]);
  assert.equal(cpuOnly[1].limit, "CPU (cores 95% busy, 45% by the crawl)");
});

test("the claim's execution times are read from the server log's sampled statements, other statements and steps left out", () => {
  const log = [
    "2026-11-26 13:26:52.527 UTC [9963] LOG:  duration: 7.250 ms  execute s12: with job as (",
    "\t      -- room: what is left of the page budget",
    "\t      select j.id, least(j.max_pages - j.pages_reserved, coalesce(c.room, j.max_pages)) as room,",
    "2026-11-26 13:26:52.530 UTC [9964] LOG:  duration: 3.100 ms  execute s3: with job as (",
    "\t      update jobs set pages_fetched = pages_fetched + $1",
    "2026-11-26 13:26:52.531 UTC [9963] LOG:  duration: 0.050 ms  bind s12: with job as (",
    "\t      select j.id, least(j.max_pages - j.pages_reserved, coalesce(c.room, j.max_pages)) as room,",
    "2026-11-26 13:26:52.540 UTC [9965] LOG:  duration: 12.500 ms  execute s12: with job as (",
    "\t      select j.id, least(j.max_pages - j.pages_reserved, coalesce(c.room, j.max_pages)) as room,",
  ].join("\n");
  const claims = statementDurations(log, (text) => text.includes("least(j.max_pages - j.pages_reserved"));
  assert.deepEqual(claims, [7.25, 12.5]);
  assert.equal(quantile(claims, 0.95), 12.5);
  assert.equal(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5), 5);
  assert.equal(quantile([], 0.95), null);
});

test("CPU seconds are read after the command name, which may hold spaces and parentheses", () => {
  // pid (comm) state ppid … utime stime cutime cstime (fields 14–17), in ticks of 1/100 s.
  const stat = "4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 1200 300 20 0 11 0 100 1000 200";
  assert.deepEqual(parseStatCpu(stat), { self: 3, children: 15 });
});
