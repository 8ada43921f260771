import Link from "next/link";
import { notFound } from "next/navigation";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { getWorkflow } from "@/lib/store/workflows";
import { countWorkflowRuns, listWorkflowRuns } from "@/lib/store/workflow-runs";
import { fill, workflowMessages } from "@/lib/i18n/workflow-messages";
import { strategyName } from "@/lib/i18n/strategy-messages";
import { getT } from "../../i18n";
import { canOperate } from "../../auth/current";
import { parseId } from "../../json";
import { AutoRefresh } from "../../components/auto-refresh";
import { ConfirmButton } from "../../jobs/[id]/confirm-button";
import { deleteWorkflowAction, runWorkflowAction } from "../actions";
import { RunHistory } from "./run-history";
import { CompareRuns } from "./compare-runs";
import { ScheduleForm } from "./schedule-form";
import { describeCron, serverTimeZone } from "@/lib/jobs/schedule";
import { localizeError } from "@/lib/i18n/errors";
import { archiveMessages } from "@/lib/i18n/archive-messages";
import { ArchiveButton, ArchiveNotice } from "../../components/archive-button";
import { WebhooksPanel } from "../../components/webhooks/webhooks-panel";

export const dynamic = "force-dynamic";

const ACTIVE = ["queued", "running", "paused", "stopping"];
const button = "rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100";

/** A workflow: run it, edit it, delete it; its definition, run history, a comparison of two runs and its versions. */
export default async function WorkflowPage({ params, searchParams }: {
  params: Promise<{ id: string }>; searchParams: Promise<{ runError?: string; started?: string; deleteRefused?: string; runDeleteRefused?: string; archived?: string }>;
}) {
  const id = parseId((await params).id);
  const w = id === null ? null : await getWorkflow(getPrisma(), id);
  if (!w || id === null) notFound();
  const { locale, t } = await getT();
  const m = workflowMessages(locale);
  const q = await searchParams;
  const a = archiveMessages(locale);
  const [allRuns, counted] = await Promise.all([listWorkflowRuns(getSql(), id), countWorkflowRuns(getSql(), id)]);
  const runCount = counted ?? { total: allRuns.length, archived: 0 };
  // Archived runs are hidden unless asked for; they still count as "the run before" in the history's comparisons.
  const showArchived = q.archived === "1";
  const runs = showArchived ? allRuns : allRuns.filter((r) => !r.archivedAt);
  const archivedRuns = allRuns.length - allRuns.filter((r) => !r.archivedAt).length;
  const isOperator = await canOperate();
  const spec = w.spec as { seeds?: string[]; strategy?: string; maxPages?: number; keywords?: string[]; clc?: string[]; topicId?: number };
  const topic = spec.topicId ? `#${spec.topicId}` : [...(spec.clc ?? []), ...(spec.keywords ?? [])].join("，") || m.topicOfJob;
  return (
    <section className="space-y-5">
      {/* Live while a run is active or a schedule will start one: the history fills in by itself. */}
      {(w.schedule || runs.some((r) => ACTIVE.includes(r.status))) && <AutoRefresh everyMs={5_000} />}
      <div className="flex flex-wrap items-center gap-3">
        <h1 data-testid="workflow-name" className="text-xl font-semibold">#{w.id} {w.name}</h1>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{fill(m.version, { version: w.version })}</span>
        {w.archivedAt && <span data-testid="workflow-archived" className="rounded bg-slate-200 px-1.5 text-xs">{a.archivedBadge}</span>}
      </div>
      <ArchiveNotice q={q} m={a} />
      {isOperator && (
        <div className="flex flex-wrap gap-2">
          <form action={runWorkflowAction}><input type="hidden" name="workflowId" value={w.id} />
            <button data-testid="run-now" className="rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800">{m.runNow}</button></form>
          <Link data-testid="edit-workflow" href={`/workflows/${w.id}/edit`} className={button}>{m.edit}</Link>
          <form action={deleteWorkflowAction}><input type="hidden" name="workflowId" value={w.id} />
            <ConfirmButton testId="delete-workflow" question={[fill(m.removeConfirm, { id: w.id, name: w.name, runs: runCount.total }),
              runCount.archived > 0 ? fill(m.removeConfirmArchived, { n: runCount.archived }) : ""].filter(Boolean).join(" ")}
              className="rounded border border-red-300 bg-white px-3 py-1 text-sm text-red-800 hover:bg-red-50">{m.remove}</ConfirmButton></form>
          <ArchiveButton kind="workflow" id={w.id} archivedAt={w.archivedAt} back={`/workflows/${w.id}`} m={a} />
        </div>
      )}
      {q.runError && <p role="alert" data-testid="run-error" className="rounded bg-red-50 p-2 text-sm text-red-800">{fill(m.runFailed, { error: q.runError })}</p>}
      {q.started && /^\d+$/.test(q.started) && <p role="status" className="rounded bg-teal-50 p-2 text-sm text-teal-900">{fill(m.running, { id: q.started })}</p>}
      {q.deleteRefused && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{m.removeActive}</p>}
      {q.runDeleteRefused && /^\d+$/.test(q.runDeleteRefused) && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{fill(m.deleteRunActive, { id: q.runDeleteRefused })}</p>}
      <dl data-testid="workflow-definition" className="grid grid-cols-1 gap-1 rounded border border-slate-200 bg-white p-3 text-sm sm:grid-cols-2">
        <div><dt className="inline text-slate-500">{m.topic}: </dt><dd className="inline">{topic}</dd></div>
        <div><dt className="inline text-slate-500">{m.strategy}: </dt><dd className="inline">{strategyName(spec.strategy ?? "bfs", locale)}</dd></div>
        <div><dt className="inline text-slate-500">{m.maxPages}: </dt><dd className="inline tabular-nums">{spec.maxPages}</dd></div>
        <div className="sm:col-span-2"><dt className="inline text-slate-500">{m.seeds}: </dt>
          <dd className="inline break-all font-mono text-xs">{(spec.seeds ?? []).slice(0, 5).join("  ")}{(spec.seeds ?? []).length > 5 ? ` … (${spec.seeds!.length})` : ""}</dd></div>
      </dl>
      <section data-testid="schedule-panel" className="space-y-2 rounded border border-slate-200 bg-white p-3">
        <h2 className="text-lg font-semibold">{m.schedule}</h2>
        {w.schedule ? (
          <dl data-testid="schedule-current" className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
            <div><dt className="inline text-slate-500">{m.scheduleCurrent}: </dt><dd className="inline"><code className="font-mono">{w.schedule}</code> · {describeCron(w.schedule, locale)} ({w.timeZone})</dd></div>
            {w.nextRunAt && <div><dt className="inline text-slate-500">{m.scheduleNextRun}: </dt><dd data-testid="schedule-next" className="inline">
              {w.nextRunAt.toLocaleString(locale, { timeZone: w.timeZone, dateStyle: "medium", timeStyle: "medium" })} ({w.timeZone})</dd></div>}
            {w.scheduleError && <div className="sm:col-span-2 text-xs text-amber-800" data-testid="schedule-error">{fill(m.scheduleLastError, { error: localizeError(w.scheduleError, locale) })}</div>}
          </dl>
        ) : <p data-testid="schedule-none" className="text-sm text-slate-500">{m.scheduleNone}</p>}
        <ScheduleForm workflowId={w.id} initial={{ schedule: w.schedule ?? "", timeZone: w.schedule ? w.timeZone : serverTimeZone() }} locale={locale} m={m} canEdit={isOperator} />
      </section>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{m.history}</h2>
        {(archivedRuns > 0 || showArchived) && <Link data-testid="runs-archived-filter" href={showArchived ? `/workflows/${w.id}` : `/workflows/${w.id}?archived=1`}
          className="ml-auto text-sm text-teal-800 underline">{showArchived ? a.hideArchived : fill(a.showArchived, { n: archivedRuns })}</Link>}
      </div>
      <RunHistory workflowId={w.id} runs={runs} m={m} t={t} locale={locale} canDelete={isOperator} archive={{ m: a, back: `/workflows/${w.id}` }} />
      {runs.length > 0 && <p className="text-xs text-slate-500">{m.historyNote}</p>}
      {runs.length > 1 && <CompareRuns workflowId={w.id} runs={runs.map((r) => r.id)} m={m} />}
      <WebhooksPanel owner={{ kind: "workflow", id: w.id }} locale={locale} canEdit={isOperator} />
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{m.versions} ({w.versions.length})</summary>
        <ul data-testid="workflow-versions" className="mt-2 space-y-1 text-xs">
          {w.versions.map((v) => <li key={v.version}>v{v.version} · {v.name} · {v.createdAt.toLocaleString(locale)}</li>)}
        </ul>
      </details>
    </section>
  );
}
