import Link from "next/link";
import { getPrisma } from "@/lib/store/infra/prisma";
import { listWorkflows } from "@/lib/store/workflows";
import { fill, workflowMessages } from "@/lib/i18n/workflow-messages";
import { relativeAge } from "@/lib/i18n/ops-messages";
import { getT } from "../i18n";
import { canOperate } from "../auth/current";
import { StatusBadge } from "../components/status-badge";
import { describeCron } from "@/lib/jobs/schedule";
import { archiveMessages } from "@/lib/i18n/archive-messages";
import { isShowingArchived } from "@/lib/store/archive";
import { ArchiveNotice } from "../components/archive-button";

export const dynamic = "force-dynamic";

/** Every workflow with its version, number of runs and last run. */
export default async function WorkflowsPage({ searchParams }: { searchParams: Promise<{ deleted?: string; archived?: string }> }) {
  const { locale, t } = await getT();
  const m = workflowMessages(locale);
  const a = archiveMessages(locale);
  const q = await searchParams;
  const { deleted } = q;
  const includeArchived = isShowingArchived(q.archived);
  const workflows = await listWorkflows(getPrisma(), 100, { includeArchived });
  const archivedCount = await getPrisma().workflow.count({ where: { archivedAt: { not: null } } });
  const now = new Date();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{m.title}</h1>
        {await canOperate() && <Link data-testid="new-workflow" href="/workflows/new" className="rounded bg-teal-700 px-3 py-1.5 text-sm text-white hover:bg-teal-800">{m.newLink}</Link>}
      </div>
      <p className="text-sm text-slate-600">{m.hint}</p>
      <ArchiveNotice q={q} m={a} />
      {(archivedCount > 0 || includeArchived) && <Link data-testid="workflows-archived-filter" href={includeArchived ? "/workflows" : "/workflows?archived=1"}
        className="inline-block text-sm text-teal-800 underline">{includeArchived ? a.hideArchived : fill(a.showArchived, { n: archivedCount })}</Link>}
      {deleted && /^\d+$/.test(deleted) && <p role="status" data-testid="workflow-deleted" className="rounded bg-teal-50 p-2 text-sm text-teal-900">{fill(m.removed, { id: deleted })}</p>}
      {workflows.length === 0 ? <p data-testid="workflows-empty" className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-500">
        {archivedCount > 0 && !includeArchived ? fill(m.emptyArchived, { n: archivedCount }) : m.empty}</p> : (
        <ul data-testid="workflows" className="divide-y divide-slate-100 rounded border border-slate-200 bg-white">
          {workflows.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
              <Link href={`/workflows/${w.id}`} className="font-medium text-teal-700 hover:underline">#{w.id} {w.name}</Link>
              {w.archivedAt && <span data-testid="workflow-archived" className="rounded bg-slate-200 px-1.5 text-xs">{a.archivedBadge}</span>}
              <span className="text-xs text-slate-500">{fill(m.version, { version: w.version })}</span>
              <span className="text-xs text-slate-600">{m.runs}: <span className="tabular-nums">{w.runCount}</span></span>
              {w.schedule && <span data-testid="workflow-schedule" className="text-xs text-slate-600">{m.scheduleCurrent}: {describeCron(w.schedule, locale)} ({w.timeZone})</span>}
              <span className="ml-auto flex items-center gap-2 text-xs text-slate-600">
                {m.lastRun}: {w.lastRun ? <>
                  <Link href={`/jobs/${w.lastRun.id}`} className="text-teal-700 hover:underline">#{w.lastRun.id}</Link>
                  <StatusBadge status={w.lastRun.status} t={t} />
                  <span title={w.lastRun.createdAt.toLocaleString(locale)}>{relativeAge(locale, w.lastRun.createdAt, now)}</span>
                </> : m.never}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
