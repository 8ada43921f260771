"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { lineChartSvg } from "@/lib/eval/charts";

/** A job of the comparison as the API returns it. */
interface ComparedJob {
  /** The name in the chart and table (a run's "#id"); the strategy when absent. */
  label?: string;
  id: number; strategy: string; status: string; pagesFetched: number; pagesFailed: number;
  /** Above 1 once the job's topic changed and its stored pages were scored again. */
  topicRevision: number;
  checkpoints: { pages: number; harvestRate: number }[]; curve: { pages: number; harvestRate: number }[];
  /** Relevant pages found by 1, 2, 5 and 10 minutes after the start (the marks reached), and as a curve. */
  byTime: { minutes: number; relevant: number }[]; timeCurve: { minutes: number; relevant: number }[];
}

const POLL_MS = 2_000;

/**
 * Harvest-rate curves of every strategy against pages fetched, and relevant pages found against
 * time (a polite crawl is bounded by time, not pages), redrawn every two seconds while any job runs. The
 * checkpoints are measured from the stored pages: a job whose topic learned has had them scored
 * again, so its checkpoints are marked as computed with the new topic.
 */
export function LiveComparison({ pollUrl, initial, labels, checkpoints }: {
  /** Where the live measures are read while a job runs; none: shown as they are. */
  pollUrl?: string; initial: ComparedJob[]; checkpoints: number[];
  labels: {
    chart: string; table: string; strategy: string; status: string; pages: string; failed: string; rescored: string; xAxis: string; yAxis: string; statusNames: Record<string, string>;
    timeChart: string; timeXAxis: string; timeYAxis: string; timeTable: string; byMinutes: Record<number, string>;
  };
}) {
  const [jobs, setJobs] = useState(initial);
  const isRunning = jobs.some((j) => ["queued", "running", "paused", "stopping"].includes(j.status));
  useEffect(() => {
    if (!isRunning || !pollUrl) return;
    const timer = setInterval(async () => {
      const res = await fetch(pollUrl, { cache: "no-store" });
      if (res.ok) setJobs((await res.json()).jobs);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pollUrl, isRunning]);
  const svg = lineChartSvg(labels.chart, labels.yAxis, jobs.map((j) => ({ name: j.label ?? j.strategy, points: j.curve.map((c) => ({ x: c.pages, y: c.harvestRate })) })),
    { xLabel: labels.xAxis });
  const timeSvg = lineChartSvg(labels.timeChart, labels.timeYAxis, jobs.map((j) => ({ name: j.label ?? j.strategy, points: j.timeCurve.map((c) => ({ x: c.minutes, y: c.relevant })) })),
    { xLabel: labels.timeXAxis, counts: true });
  // Every mark from the start, "–" until a job reaches it.
  const minutes = Object.keys(labels.byMinutes).map(Number).sort((a, b) => a - b);
  const reached = checkpoints.filter((c) => jobs.some((j) => j.checkpoints.some((k) => k.pages === c)));
  return (
    <div className="space-y-4">
      {/* Our own SVG: strategy names are escaped by lineChartSvg. */}
      <div data-testid="compare-chart" className="overflow-x-auto rounded border border-slate-200 bg-white" dangerouslySetInnerHTML={{ __html: svg }} />
      <h2 className="text-lg font-semibold">{labels.table}</h2>
      <div className="overflow-x-auto"><table data-testid="compare-table" className="rounded border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100"><tr><th className="p-2 text-left">{labels.strategy}</th><th className="p-2">{labels.status}</th><th className="p-2 text-right">{labels.pages}</th><th className="p-2 text-right">{labels.failed}</th>
          {reached.map((c) => <th key={c} className="p-2 text-right">{c}</th>)}</tr></thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id} className="border-t border-slate-100">
              <td className="p-2 font-mono"><Link className="text-teal-700 hover:underline" href={`/jobs/${j.id}`}>{j.label ?? j.strategy}</Link></td>
              <td className="p-2">{labels.statusNames[j.status] ?? j.status}</td><td className="p-2 text-right tabular-nums">{j.pagesFetched}</td>
              <td className="p-2 text-right tabular-nums">{j.pagesFailed}</td>
              {reached.map((c) => {
                const k = j.checkpoints.find((x) => x.pages === c);
                return <td key={c} className="p-2 text-right tabular-nums" data-rescored={k && j.topicRevision > 1 ? "true" : undefined}>
                  {k ? `${k.harvestRate.toFixed(3)}${j.topicRevision > 1 ? "*" : ""}` : "–"}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table></div>
      {jobs.some((j) => j.topicRevision > 1) && <p data-testid="compare-rescored" className="text-xs text-slate-600">{labels.rescored}</p>}
      <div data-testid="compare-time-chart" className="overflow-x-auto rounded border border-slate-200 bg-white" dangerouslySetInnerHTML={{ __html: timeSvg }} />
      <h2 className="text-lg font-semibold">{labels.timeTable}</h2>
      <div className="overflow-x-auto"><table data-testid="compare-time-table" className="rounded border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100"><tr><th className="p-2 text-left">{labels.strategy}</th>{minutes.map((m) => <th key={m} className="p-2 text-right">{labels.byMinutes[m] ?? m}</th>)}</tr></thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id} className="border-t border-slate-100">
              <td className="p-2 font-mono">{j.label ?? j.strategy}</td>
              {minutes.map((m) => {
                const b = j.byTime.find((x) => x.minutes === m);
                return <td key={m} className="p-2 text-right tabular-nums" data-minutes={m}>{b ? b.relevant : "–"}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table></div>
    </div>
  );
}
