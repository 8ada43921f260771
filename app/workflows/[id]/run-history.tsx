import Link from "next/link";
import type { WorkflowRun } from "@/lib/store/workflow-runs";
import type { MessageKey } from "@/lib/i18n/messages";
import { fill, type workflowMessages } from "@/lib/i18n/workflow-messages";
import { StatusBadge } from "../../components/status-badge";
import { ConfirmButton } from "../../jobs/[id]/confirm-button";
import { deleteRunAction } from "../actions";
import { revisitMessages } from "@/lib/i18n/revisit-messages";
import type { Locale } from "@/lib/i18n/messages";
import { ArchiveButton } from "../../components/archive-button";
import type { archiveMessages } from "@/lib/i18n/archive-messages";

type M = ReturnType<typeof workflowMessages>;

/** "3 min 5 s" or "42 s". */
function formatDuration(sec: number | null, m: M): string {
  if (sec === null) return "–";
  return sec < 60 ? fill(m.seconds, { n: sec }) : fill(m.minutes, { m: Math.floor(sec / 60), s: sec % 60 });
}

const ENDED = ["done", "stopped", "failed"];

/** A workflow's runs, newest first: counters, pages new / changed / unchanged / gone since the run before (their stored marks), archive and delete for an ended run. */
export function RunHistory({ workflowId, runs, m, t, locale, canDelete, archive }: {
  workflowId: number; runs: WorkflowRun[]; m: M; t: (k: MessageKey) => string; locale: string; canDelete: boolean;
  archive?: { m: ReturnType<typeof archiveMessages>; back: string };
}) {
  if (runs.length === 0) return <p data-testid="no-runs" className="text-sm text-slate-500">{m.noRuns}</p>;
  const num = "p-2 text-right tabular-nums";
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table data-testid="run-history" className="w-full min-w-[56rem] text-sm">
        <thead className="bg-slate-100 text-left text-xs">
          <tr>{[m.colRun, m.colVersion, m.colStatus, m.colStarted, m.colDuration].map((h) => <th key={h} className="p-2">{h}</th>)}
            {[m.colPages, m.colRelevant, m.colFailed, m.colNew, m.colChanged, revisitMessages(locale as Locale).colUnchanged, m.colGone].map((h) => <th key={h} className="p-2 text-right">{h}</th>)}<th className="p-2" /></tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} data-testid="run-row" data-run={r.id} className="border-t border-slate-100">
              <td className="p-2"><Link href={`/jobs/${r.id}`} className="text-teal-700 hover:underline">#{r.id}</Link>
                {r.archivedAt && archive && <span data-testid="run-archived" className="ml-1 rounded bg-slate-200 px-1 text-xs">{archive.m.archivedBadge}</span>}</td>
              <td className="p-2 text-xs text-slate-600">{r.version ? `v${r.version}` : "–"}</td>
              <td className="p-2"><StatusBadge status={r.status} t={t} /></td>
              <td className="whitespace-nowrap p-2 text-xs">{(r.startedAt ?? r.createdAt).toLocaleString(locale)}</td>
              <td className="whitespace-nowrap p-2 text-xs">{formatDuration(r.durationSec, m)}</td>
              <td className={num} data-col="pages">{r.pages}</td>
              <td className={num}>{r.relevant}</td>
              <td className={num}>{r.failed}</td>
              <td className={num} data-col="new">{r.newPages}</td>
              <td className={num} data-col="changed">{r.changed}</td>
              <td className={num} data-col="unchanged">{r.unchanged}</td>
              <td className={num} data-col="gone">{r.gone}</td>
              <td className="p-2"><div className="flex justify-end gap-1">
                {canDelete && archive && ENDED.includes(r.status) && <ArchiveButton kind="job" id={r.id} archivedAt={r.archivedAt} back={archive.back} m={archive.m} small />}
                {canDelete && ENDED.includes(r.status) && (
                  <form action={deleteRunAction}>
                    <input type="hidden" name="workflowId" value={workflowId} /><input type="hidden" name="runId" value={r.id} />
                    <ConfirmButton testId="delete-run" question={fill(m.deleteRunConfirm, { id: r.id })}
                      className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs text-red-800 hover:bg-red-50">{m.deleteRun}</ConfirmButton>
                  </form>
                )}
              </div></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
