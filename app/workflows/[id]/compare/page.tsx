import Link from "next/link";
import { notFound } from "next/navigation";
import { TIME_MARKS_MINUTES } from "@/lib/eval/metrics";
import { COMPARE_CHECKPOINTS, getRunComparison } from "@/lib/eval/compare";
import { getSql } from "@/lib/store/infra/sql";
import { compareTimeLabels, opsTranslator, statusLabel } from "@/lib/i18n/ops-messages";
import { JOB_STATUSES } from "@/lib/store/job-overview";
import { fill, workflowMessages } from "@/lib/i18n/workflow-messages";
import { getT } from "../../../i18n";
import { parseId } from "../../../json";
import { LiveComparison } from "../../../compare/[id]/live-comparison";
import { countWorkflowRuns, diffRuns, listWorkflowRuns } from "@/lib/store/workflow-runs";
import { CompareRuns } from "../compare-runs";

export const dynamic = "force-dynamic";

/** Two runs of a workflow: which pages are new, changed, the same and gone, and their harvest-rate curves (the Compare page's chart). */
export default async function CompareRunsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ a?: string; b?: string }> }) {
  const id = parseId((await params).id);
  const q = await searchParams;
  const a = parseId(q.a ?? ""), b = parseId(q.b ?? "");
  if (id === null) notFound();
  const { locale, t } = await getT();
  const m = workflowMessages(locale);
  const back = <Link href={`/workflows/${id}`} className="text-sm text-teal-700 hover:underline">← {m.back}</Link>;
  const sql = getSql();
  if (a === null || b === null || a === b) {
    // No runs named (the address typed or kept without them), or the same run twice: offer the picker, not only a refusal.
    if (!(await countWorkflowRuns(sql, id))) notFound();
    const runs = (await listWorkflowRuns(sql, id)).map((r) => r.id);
    const isSame = a !== null && a === b;
    return (
      <section className="space-y-3">
        {back}
        <h1 className="text-xl font-semibold">{m.compare}</h1>
        {isSame && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{m.compareSame}</p>}
        {runs.length < 2 ? <p data-testid="compare-too-few" className="text-sm text-slate-600">{m.compareTooFew}</p> : <>
          <p className="text-sm text-slate-600">{m.comparePick}</p>
          <CompareRuns workflowId={id} runs={runs} m={m} picked={{ a: a ?? undefined, b: b ?? undefined }} hasTitle={false} />
        </>}
      </section>
    );
  }
  const jobs = await getRunComparison(sql, id, a, b);
  if (jobs.length !== 2) notFound();
  const diff = await diffRuns(sql, a, b);
  const o = opsTranslator(locale);
  const rows: [string, number, string][] = [[m.diffNew, diff.newPages, "new"], [m.diffChanged, diff.changed, "changed"], [m.diffUnchanged, diff.unchanged, "unchanged"], [m.diffGone, diff.gone, "gone"]];
  return (
    <section className="space-y-4">
      {back}
      <h1 className="text-xl font-semibold">{fill(m.compareTitle, { a, b })}</h1>
      <dl data-testid="run-diff" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {rows.map(([label, n, key]) => (
          <div key={key} className="rounded border border-slate-200 bg-white p-3"><dt className="text-xs text-slate-500">{label}</dt>
            <dd data-diff={key} className="text-lg font-semibold tabular-nums">{n}</dd></div>
        ))}
      </dl>
      <LiveComparison initial={JSON.parse(JSON.stringify(jobs))} checkpoints={COMPARE_CHECKPOINTS}
        labels={{ chart: t("compareHarvest"), table: t("compareTable"), strategy: m.colRun, status: o("compareColStatus"),
          pages: o("compareColPages"), failed: o("compareColFailed"), rescored: o("compareRescored"), xAxis: o("compareAxisPages"), yAxis: o("compareAxisHarvest"),
          statusNames: Object.fromEntries(JOB_STATUSES.map((s) => [s, statusLabel(locale, s)])), ...compareTimeLabels(locale, TIME_MARKS_MINUTES) }} />
    </section>
  );
}
