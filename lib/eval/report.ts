/** The lab's outputs: JSON, a markdown table and SVG charts of harvest rate and recall. */
import { lineChartSvg } from "./charts";
import type { StrategyResult } from "./lab";
import { politeRelevantBound, TIME_MARKS_MINUTES, type Labels } from "./metrics";

const f3 = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(3));
const f1 = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(1));

/** A markdown report: harvest rate and recall per checkpoint, then the per-strategy link measures at the end. */
export function markdownReport(results: StrategyResult[], checkpoints: number[], meta: { command?: string; hasLabels: boolean; labels?: Labels; delayMs?: number }): string {
  const at = (r: StrategyResult, c: number) => r.checkpoints.find((k) => k.pages === c);
  const lines: string[] = [];
  if (meta.command) lines.push(`Reproduce with:\n\n\`\`\`sh\n${meta.command}\n\`\`\`\n`);
  lines.push(`### Harvest rate (precision) at pages fetched${meta.hasLabels ? " — relevance from the labels" : " — relevance from the page filter"}\n`);
  lines.push(`| strategy | ${checkpoints.join(" | ")} |`, `|---|${checkpoints.map(() => "---:").join("|")}|`);
  for (const r of results) lines.push(`| ${r.strategy} | ${checkpoints.map((c) => f3(at(r, c)?.harvestRate)).join(" | ")} |`);
  if (meta.hasLabels) {
    lines.push("", "### Resource discovery rate (recall) at pages fetched\n");
    lines.push(`| strategy | ${checkpoints.join(" | ")} |`, `|---|${checkpoints.map(() => "---:").join("|")}|`);
    for (const r of results) lines.push(`| ${r.strategy} | ${checkpoints.map((c) => f3(at(r, c)?.recall)).join(" | ")} |`);
  }
  lines.push("", "### At the end of each crawl\n");
  lines.push("| strategy | pages | pages/s | harvest rate | relevant a minute | recall | avg submitted links | ms per predicted link | MIME contribution | filter P / R / F1 | topic learned at | ended by |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|");
  for (const r of results) {
    const last = r.checkpoints[r.checkpoints.length - 1];
    const filter = r.filter ? `${f3(r.filter.precision)} / ${f3(r.filter.recall)} / ${f3(r.filter.f1)}` : "–";
    const rate = last && last.elapsedMs > 0 ? last.pages / (last.elapsedMs / 1000) : null;
    const relevantPerMinute = rate !== null && last?.harvestRate != null ? last.harvestRate * rate * 60 : null;
    lines.push(`| ${r.strategy} | ${last?.pages ?? 0} | ${f1(rate)} | ${f3(last?.harvestRate)} | ${f1(relevantPerMinute)} | ${f3(last?.recall)} | ${f1(last?.avgSubmittedLinks)} | ` +
      `${f3(last?.msPerPredictedLink)} | ${f3(last?.mimeContribution)} | ${filter} | ${learnedAt(r)} | ${r.finishReason ?? "–"} |`);
  }
  if (meta.labels && meta.delayMs) lines.push("", boundLine(results, meta.labels, meta.delayMs));
  lines.push("", ...timeTable(results, meta.labels, meta.delayMs));
  return `${lines.join("\n")}\n`;
}

/** What politeness allows: the most relevant pages a minute in the fastest crawl's time (lib/eval/metrics.ts politeRelevantBound). */
function boundLine(results: StrategyResult[], labels: Labels, delayMs: number): string {
  const times = results.map((r) => r.checkpoints[r.checkpoints.length - 1]?.elapsedMs ?? 0).filter((ms) => ms > 0);
  if (times.length === 0) return "";
  const fastest = Math.min(...times);
  const bound = politeRelevantBound(labels, delayMs, fastest);
  return `At ${delayMs} ms per host, no crawl could fetch more than ${bound.relevant} relevant pages in the ${(fastest / 1000).toFixed(0)} s ` +
    `the fastest crawl took: at most ${f1(bound.perMinute)} relevant pages a minute for a crawl as fast, less for a slower one.`;
}

/**
 * Relevant pages found by 1, 2, 5 and 10 minutes, with what politeness allows by then when the
 * labels are known: each host's relevant pages, at most one per delay (politeRelevantBound).
 */
function timeTable(results: StrategyResult[], labels: Labels | undefined, delayMs: number | undefined): string[] {
  const lines = ["### Relevant pages found by minutes since the start\n", `| strategy | ${TIME_MARKS_MINUTES.map((m) => `${m} min`).join(" | ")} |`,
    `|---|${TIME_MARKS_MINUTES.map(() => "---:").join("|")}|`];
  for (const r of results) lines.push(`| ${r.strategy} | ${TIME_MARKS_MINUTES.map((m) => r.byTime.find((b) => b.minutes === m)?.relevant ?? "–").join(" | ")} |`);
  if (labels && delayMs) lines.push(`| politeness bound (${delayMs} ms per host) | ${TIME_MARKS_MINUTES.map((m) => politeRelevantBound(labels, delayMs, m * 60_000).relevant).join(" | ")} |`);
  return lines;
}

/** "230 pages", "–" (never), with how often learning was put off first: "460 pages (put off 2×)". */
function learnedAt(r: StrategyResult): string {
  const { learnedAt, putOff } = r.topicLearning;
  return (learnedAt != null ? `${learnedAt} pages` : "–") + (putOff ? ` (put off ${putOff}×)` : "");
}

/**
 * The charts: harvest rate and recall against pages, relevant pages against time (with the
 * politeness bound over the longest crawl's time when the labels and the delay are known).
 */
export function chartsSvg(results: StrategyResult[], bound?: { labels: Labels; delayMs: number }) {
  const series = results.map((r) => ({ name: r.strategy, points: r.timeCurve.map((c) => ({ x: c.minutes, y: c.relevant })) }));
  // The crawl that ran longest (by its curve's last mark, not its number of marks: both long crawls have about 60).
  const endOf = (curve: StrategyResult["timeCurve"]) => curve.at(-1)?.minutes ?? -1;
  const longest = results.reduce((a, r) => (endOf(r.timeCurve) > endOf(a) ? r.timeCurve : a), [] as StrategyResult["timeCurve"]);
  if (bound && bound.delayMs > 0 && longest.length) {
    series.push({ name: "politeness bound", points: longest.map((c) => ({ x: c.minutes, y: politeRelevantBound(bound.labels, bound.delayMs, c.minutes * 60_000).relevant })) });
  }
  return {
    time: lineChartSvg("Relevant pages found against time", "relevant pages", series, { xLabel: "minutes since the start", counts: true }),
    harvest: lineChartSvg("Harvest rate against pages fetched", "harvest rate", results.map((r) => ({ name: r.strategy, points: r.curve.map((c) => ({ x: c.pages, y: c.harvestRate })) }))),
    recall: results.some((r) => r.curve.some((c) => c.recall !== null))
      ? lineChartSvg("Resource discovery rate (recall) against pages fetched", "recall", results.map((r) => ({ name: r.strategy, points: r.curve.map((c) => ({ x: c.pages, y: c.recall ?? 0 })) })))
      : undefined,
  };
}
