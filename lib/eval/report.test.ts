import assert from "node:assert/strict";
import { test } from "node:test";
import { chartsSvg, markdownReport } from "./report";
import { parseLabels } from "./metrics";
import type { StrategyResult } from "./lab";

/** A crawl's result with only what the time chart and table read. */
const result = (strategy: string, byTime: [number, number][], curve: [number, number][]): StrategyResult => ({
  strategy, jobId: 1, checkpoints: [], curve: [], filter: null, finishReason: "max-pages", topicLearning: { learnedAt: null, putOff: 0 },
  byTime: byTime.map(([minutes, relevant]) => ({ minutes, relevant })), timeCurve: curve.map(([minutes, relevant]) => ({ minutes, relevant })),
});

test("relevant pages by time: a row per strategy and the politeness bound at each mark, a line per strategy and the bound in the chart", () => {
  // Three relevant pages on one host and one on another: at 1 s per host both give all theirs within a minute.
  const labels = parseLabels({ "http://a/1": true, "http://a/2": true, "http://a/3": true, "http://b/1": true, "http://b/2": false });
  const results = [result("bfs", [[1, 1], [2, 1], [5, 1], [10, 1]], [[0, 0], [0.5, 1]]), result("best-first", [[1, 3], [2, 4], [5, 4], [10, 4]], [[0, 0], [1, 3], [2, 4]])];
  const md = markdownReport(results, [], { hasLabels: true, labels, delayMs: 1000 });
  assert.match(md, /\| bfs \| 1 \| 1 \| 1 \| 1 \|/);
  assert.match(md, /\| best-first \| 3 \| 4 \| 4 \| 4 \|/);
  assert.match(md, /\| politeness bound \(1000 ms per host\) \| 4 \| 4 \| 4 \| 4 \|/);
  const { time } = chartsSvg(results, { labels, delayMs: 1000 });
  assert.equal((time.match(/<path /g) ?? []).length, 3);
  assert.match(time, /politeness bound/);
  assert.equal((chartsSvg(results).time.match(/<path /g) ?? []).length, 2, "no bound without labels");
  // The bound spans the longest crawl, though a shorter one has more marks on its curve.
  const dense = result("bfs", [], [[0, 0], [0.1, 1], [0.2, 1], [0.3, 1], [0.4, 1]]);
  const long = result("best-first", [], [[0, 0], [3, 4]]);
  const boundPath = chartsSvg([dense, long], { labels, delayMs: 1000 }).time.match(/<path d="([^"]+)"/g)![2];
  assert.equal((boundPath.match(/[ML]/g) ?? []).length, 2, "the bound is drawn at the long crawl's two marks");
});
