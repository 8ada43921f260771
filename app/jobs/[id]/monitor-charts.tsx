/** The job page's charts: harvest rate, pages per minute, frontier, relevance and failures. */
import type { EChartsOption } from "echarts";
import { getSql } from "@/lib/store/infra/sql";
import { countFrontier, type FrontierCounts } from "@/lib/store/frontier-counts";
import { readErrorSeries, readMinuteSeries, readRelevanceHistogram, RELEVANCE_BINS, type MinutePoint } from "@/lib/store/monitor-charts";
import { fill, lookup, type MonitorMessages } from "@/lib/i18n/monitor-messages";
import type { Locale } from "@/lib/i18n/messages";
import { Chart } from "./chart";

const TEAL = "#0f766e";
const AMBER = "#b45309";
const RED = "#b91c1c";
const GRID = { left: 48, right: 16, top: 32, bottom: 36 };

const rate = (relevant: number, fetched: number) => (fetched > 0 ? relevant / fetched : 0);

/** Every chart of job `jobId`, read in parallel. */
export async function ChartsPanel({ jobId, threshold, relevant, m, locale }: {
  jobId: number; threshold: number; relevant: number; m: MonitorMessages; locale: Locale;
}) {
  const sql = getSql();
  // The counters above update live; the charts are this one read: say when it was.
  const readAt = new Date();
  const [minutes, histogram, frontier, errors] = await Promise.all([
    readMinuteSeries(sql, jobId), readRelevanceHistogram(sql, jobId), countFrontier(sql, jobId), readErrorSeries(sql, jobId),
  ]);
  const time = (d: Date) => d.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  return (
    <section aria-labelledby="charts-title">
      <h2 id="charts-title" className="text-lg font-semibold">{m.chartsTitle}</h2>
      <p data-testid="charts-as-of" className="mb-2 text-xs text-slate-500">
        {fill(m.chartsAsOf, { time: readAt.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })}</p>
      <div data-testid="charts" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {harvestCharts(minutes, m, time)}
        {perMinuteChart(minutes, m, time)}
        {frontierChart(frontier, m)}
        {relevanceChart(histogram.bins, relevant, threshold, m, histogram.isEstimate)}
        {errorsChart(errors, m, time)}
      </div>
    </section>
  );
}

function harvestCharts(minutes: MinutePoint[], m: MonitorMessages, time: (d: Date) => string) {
  const last = minutes.at(-1);
  const summary = fill(m.summaryHarvest, {
    fetched: last?.totalFetched ?? 0, relevant: last?.totalRelevant ?? 0,
    rate: rate(last?.totalRelevant ?? 0, last?.totalFetched ?? 0).toFixed(3), last: rate(last?.relevant ?? 0, last?.fetched ?? 0).toFixed(3),
  });
  const yAxis = { type: "value" as const, min: 0, max: 1, name: m.seriesCumulative, nameTextStyle: { align: "left" as const } };
  const byPages: EChartsOption = {
    grid: GRID, tooltip: { trigger: "axis" }, yAxis,
    xAxis: { type: "value", name: m.axisPages, nameLocation: "middle", nameGap: 24, min: 0 },
    series: [{ type: "line", name: m.seriesCumulative, showSymbol: minutes.length < 30, color: TEAL,
      data: minutes.map((p) => [p.totalFetched, +rate(p.totalRelevant, p.totalFetched).toFixed(4)]) }],
  };
  const byTime: EChartsOption = {
    grid: GRID, tooltip: { trigger: "axis" }, legend: { top: 0, left: 0, itemWidth: 14, itemGap: 24, textStyle: { fontSize: 11 } },
    xAxis: { type: "category", data: minutes.map((p) => time(p.minute)) }, yAxis: { ...yAxis, name: "" },
    series: [
      { type: "line", name: m.seriesCumulative, showSymbol: minutes.length < 30, color: TEAL, data: minutes.map((p) => +rate(p.totalRelevant, p.totalFetched).toFixed(4)) },
      { type: "line", name: m.seriesWindow, showSymbol: minutes.length < 30, color: AMBER, lineStyle: { type: "dashed" }, data: minutes.map((p) => +rate(p.relevant, p.fetched).toFixed(4)) },
    ],
  };
  return (
    <>
      <Chart testId="chart-harvest-pages" label={m.chartHarvestByPages} summary={summary} option={byPages} />
      <Chart testId="chart-harvest-time" label={m.chartHarvestByTime} summary={summary} option={byTime} />
    </>
  );
}

function perMinuteChart(minutes: MinutePoint[], m: MonitorMessages, time: (d: Date) => string) {
  const summary = fill(m.summaryPerMinute, {
    minutes: minutes.length, last: minutes.at(-1)?.fetched ?? 0, max: Math.max(0, ...minutes.map((p) => p.fetched)),
    failed: minutes.reduce((s, p) => s + p.failed, 0),
  });
  const option: EChartsOption = {
    grid: GRID, tooltip: { trigger: "axis" }, legend: { top: 0, left: 0, itemWidth: 14, itemGap: 24, textStyle: { fontSize: 11 } },
    xAxis: { type: "category", data: minutes.map((p) => time(p.minute)) }, yAxis: { type: "value", min: 0, minInterval: 1 },
    series: [
      { type: "bar", stack: "n", name: m.seriesRelevant, color: TEAL, barMaxWidth: 40, data: minutes.map((p) => p.relevant) },
      { type: "bar", stack: "n", name: m.seriesOther, color: "#94a3b8", data: minutes.map((p) => p.fetched - p.relevant) },
      { type: "bar", stack: "n", name: m.seriesFailed, color: RED, data: minutes.map((p) => p.failed) },
    ],
  };
  return <Chart testId="chart-per-minute" label={m.chartPagesPerMinute} summary={summary} option={option} />;
}

const STATUSES = ["pending", "leased", "done", "failed", "skipped"] as const;

function frontierChart(frontier: FrontierCounts, m: MonitorMessages) {
  const names = STATUSES.map((s) => lookup(m, `status_${s}`, s));
  const summary = fill(m.summaryFrontier, { list: STATUSES.map((s, i) => `${names[i]} ${frontier[s] ?? 0}`).join(m.listSep) });
  const option: EChartsOption = {
    grid: { ...GRID, left: 96, right: 40 }, tooltip: {},
    xAxis: { type: "value", minInterval: 1 }, yAxis: { type: "category", data: names, inverse: true },
    series: [{ type: "bar", color: TEAL, label: { show: true, position: "right" }, data: STATUSES.map((s) => frontier[s] ?? 0) }],
  };
  return <Chart testId="chart-frontier" label={m.chartFrontier} summary={summary} option={option} height={200} />;
}

function relevanceChart(bins: number[], relevant: number, threshold: number, m: MonitorMessages, isEstimate: boolean) {
  const labels = bins.map((_, i) => (i / RELEVANCE_BINS).toFixed(2));
  const total = bins.reduce((a, b) => a + b, 0);
  const top = bins.indexOf(Math.max(...bins));
  const summary = fill(m.summaryRelevance, {
    total, above: relevant, t: threshold.toFixed(3), bin: `${labels[top]}–${((top + 1) / RELEVANCE_BINS).toFixed(2)}`, n: bins[top],
  }) + (isEstimate ? ` ${m.histogramEstimated}` : "");
  const mark = fill(m.thresholdMark, { t: threshold.toFixed(3) });
  const option: EChartsOption = {
    grid: GRID, tooltip: { trigger: "axis" },
    xAxis: { type: "value", min: 0, max: 1, name: m.axisRelevance, nameLocation: "middle", nameGap: 24 },
    yAxis: { type: "value", minInterval: 1 },
    series: [{
      type: "bar", color: TEAL, barWidth: "90%", data: bins.map((n, i) => [(i + 0.5) / RELEVANCE_BINS, n]),
      markLine: { symbol: "none", lineStyle: { color: RED, type: "dashed" }, label: { formatter: mark, color: RED }, data: [{ xAxis: threshold }] },
    }],
  };
  return <Chart testId="chart-relevance" label={m.chartRelevance} summary={summary} option={option} />;
}

function errorsChart(errors: { minute: Date; reason: string; n: number }[], m: MonitorMessages, time: (d: Date) => string) {
  // Reasons are our own classification (http-404, timeout ...); anything else is cut to a short token.
  const clean = (r: string) => r.replace(/[^\w.-]/g, "").slice(0, 32) || "unknown";
  const minutes = [...new Set(errors.map((e) => e.minute.getTime()))].sort((a, b) => a - b);
  const reasons = [...new Set(errors.map((e) => clean(e.reason)))].sort();
  const totals = new Map<string, number>();
  for (const e of errors) totals.set(clean(e.reason), (totals.get(clean(e.reason)) ?? 0) + e.n);
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  const summary = total === 0 ? m.chartEmpty : fill(m.summaryErrors, { total, list: [...totals].map(([r, n]) => `${r} ${n}`).join(m.listSep) });
  const option: EChartsOption = {
    grid: GRID, tooltip: { trigger: "axis" }, legend: { top: 0, left: 0, type: "scroll", itemWidth: 14, itemGap: 24, textStyle: { fontSize: 11 } },
    xAxis: { type: "category", data: minutes.map((t) => time(new Date(t))) }, yAxis: { type: "value", min: 0, minInterval: 1 },
    series: reasons.map((r) => ({
      type: "bar" as const, stack: "e", name: r, barMaxWidth: 40,
      data: minutes.map((t) => errors.filter((e) => e.minute.getTime() === t && clean(e.reason) === r).reduce((s, e) => s + e.n, 0)),
    })),
  };
  return <Chart testId="chart-errors" label={m.chartErrors} summary={summary} option={option} />;
}
