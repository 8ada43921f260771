"use client";
/**
 * The results page's export files: start one per format for the current filters, and the job's
 * recent ones with a progress bar, refreshed every second while one is being written; download
 * when done, resume an interrupted or failed one, cancel (or delete) one.
 */
import { useCallback, useEffect, useState } from "react";
import { describeExportFailure, type ExportMessages } from "@/lib/i18n/export-messages";
import { canManageExportFile, hasRole, type Actor } from "@/lib/auth/roles";
import { formatBytes } from "../../../components/format-bytes";

/** An export file as the API shows it (the fields the panel uses). */
export interface ExportItem {
  id: number; format: string; filters: string; status: "running" | "done" | "failed" | "interrupted" | "cancelled";
  pagesTotal: number | null; pagesDone: number; bytesWritten: number; isSnapshot: boolean; isStale: boolean; error: string | null;
  startedBy: number | null; startedByName: string | null;
}

/** How often the list is read again while an export is being written. */
const POLL_MS = 1_000;
/** Export files listed: the most recent, so that the results themselves stay near the top. */
const SHOWN_EXPORTS = 5;

const STATUS_STYLE: Record<ExportItem["status"], string> = {
  running: "bg-teal-50 text-teal-800 border-teal-200", done: "bg-emerald-50 text-emerald-800 border-emerald-200",
  failed: "bg-red-50 text-red-800 border-red-200", interrupted: "bg-amber-50 text-amber-800 border-amber-200",
  cancelled: "bg-slate-50 text-slate-500 border-slate-200",
};

/** The bar of an export: the share of its pages written (red when it failed, amber when interrupted). */
function ProgressBar({ e, share, label, text }: { e: ExportItem; share: number; label: string; text: string }) {
  const colour = e.status === "failed" ? "bg-red-500" : e.status === "interrupted" ? "bg-amber-500" : "bg-teal-600";
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={e.pagesTotal ?? 0} aria-valuenow={e.pagesDone} aria-valuetext={text}
      className="h-2 w-full overflow-hidden rounded bg-slate-200">
      <div className={`h-full rounded ${colour} transition-[width]`} style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </div>
  );
}

/** One export: what it is, its bar, its numbers and what can be done with it. */
function ExportRow({ e, jobId, m, locale, onAction, isBusy, canManage }: {
  e: ExportItem; jobId: number; m: ExportMessages; locale: string; isBusy: boolean; canManage: boolean; onAction: (id: number, action: "resume" | "cancel") => void;
}) {
  const num = new Intl.NumberFormat(locale);
  const share = e.pagesTotal ? Math.min(1, e.pagesDone / e.pagesTotal) : e.status === "done" ? 1 : 0;
  const pages = e.pagesTotal === null
    ? m.pagesCounting.replace("{done}", num.format(e.pagesDone))
    : m.pages.replace("{done}", num.format(e.pagesDone)).replace("{total}", num.format(e.pagesTotal));
  const button = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-50";
  const failure = e.error && e.status === "failed" ? describeExportFailure(e.error, m) : null;
  const canResume = canManage && (e.status === "interrupted" || (e.status === "failed" && failure?.canResume !== false) || e.isStale);
  const isCancelled = e.status === "cancelled";
  return (
    <li data-testid="export-file" data-export-id={e.id} data-status={e.status} className="space-y-1.5 rounded border border-slate-200 bg-white p-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">#{e.id} {e.format.toUpperCase()}</span>
        {e.isSnapshot && <span data-testid="export-file-snapshot" title={m.snapshotTitle} className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{m.snapshot}</span>}
        <span className="min-w-0 break-all text-xs text-slate-500">{e.filters || m.allPages}</span>
        {e.startedByName && <span data-testid="export-file-starter" className="text-xs text-slate-500">{m.startedBy.replace("{name}", e.startedByName)}</span>}
        <span data-testid="export-file-status" className={`ml-auto rounded border px-1.5 text-xs ${STATUS_STYLE[e.status]}`}>{m[e.status]}</span>
      </div>
      {!isCancelled && <ProgressBar e={e} share={share} label={`${m.progressLabel} #${e.id}`} text={pages} />}
      {!isCancelled && <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <span data-testid="export-file-pages">{pages}</span>
        {e.pagesTotal !== null && e.status !== "done" && <span>{Math.floor(share * 100)}%</span>}
        <span data-testid="export-file-bytes">{formatBytes(e.bytesWritten, locale)}</span>
        {e.isStale && <span className="text-amber-800">{m.stale}</span>}
        <span className="ml-auto flex flex-wrap gap-2">
          {e.status === "done" && (
            <a data-testid="export-file-download" href={`/api/jobs/${jobId}/exports/${e.id}/file`} download
              className="rounded border border-teal-600 bg-teal-600 px-2 py-0.5 text-xs text-white hover:bg-teal-700">{m.download}</a>
          )}
          {canResume && <button type="button" disabled={isBusy} className={button} onClick={() => onAction(e.id, "resume")}>{m.resume}</button>}
          {canManage && <button type="button" disabled={isBusy} className={button} onClick={() => onAction(e.id, "cancel")}>{e.status === "done" ? m.remove : m.cancel}</button>}
        </span>
      </div>}
      {failure && <p data-testid="export-file-reason" className="break-words text-xs text-red-800">{m.reason.replace("{error}", failure.text)}</p>}
    </li>
  );
}

/**
 * Start buttons (operators and admins) and the job's export files (resume and cancel for the user
 * who started one, or an admin). `filters` is the current view's query string.
 */
export function ExportFiles({ jobId, filters, formats, initial, m, locale, maxRunning, actor }: {
  jobId: number; filters: string; formats: readonly string[]; initial: ExportItem[]; m: ExportMessages; locale: string; maxRunning: number; actor: Actor;
}) {
  const [items, setItems] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const isRunning = items.slice(0, SHOWN_EXPORTS).some((e) => e.status === "running");

  const refresh = useCallback(async () => {
    const res = await fetch(`/api/jobs/${jobId}/exports`, { cache: "no-store" }).catch(() => null);
    if (res?.ok) setItems(((await res.json()) as { exports: ExportItem[] }).exports);
  }, [jobId]);

  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [isRunning, refresh]);

  /** Send a write; on success read the list again, else say why (a start refused with 409 is the limit on running exports). */
  const send = async (url: string, body: object, isStart = false) => {
    setBusy(true);
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
      if (!res) return setProblem(m.offline);
      if (!res.ok) {
        const error = ((await res.json().catch(() => ({}))) as { error?: string }).error ?? String(res.status);
        return setProblem(isStart && res.status === 409 ? m.tooMany.replace("{max}", String(maxRunning)) : m.refused.replace("{error}", error));
      }
      setProblem(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="export-files" className="space-y-2 rounded border border-slate-200 bg-slate-50 p-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{m.title}:</span>
        {!hasRole(actor.role, "operator") && <span data-testid="export-files-viewer" className="text-xs text-slate-500">{m.viewerCannotStart}</span>}
        {hasRole(actor.role, "operator") && formats.map((format) => (
          <button key={format} type="button" data-testid={`export-file-${format}`} disabled={isBusy} aria-label={m.start.replace("{format}", format.toUpperCase())}
            onClick={() => void send(`/api/jobs/${jobId}/exports`, { format, filters }, true)}
            className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100 disabled:opacity-50">{format.toUpperCase()}</button>
        ))}
      </div>
      <p className="text-xs text-slate-500">{m.hint}</p>
      {problem && <p role="alert" data-testid="export-files-problem" className="break-words rounded border border-red-200 bg-red-50 p-2 text-xs text-red-800">{problem}</p>}
      {items.length > 0 && (
        <ul aria-label={m.listLabel} className="space-y-2">
          {items.slice(0, SHOWN_EXPORTS).map((e) => (
            <ExportRow key={e.id} e={e} jobId={jobId} m={m} locale={locale} isBusy={isBusy} canManage={canManageExportFile(actor, e.startedBy)}
              onAction={(id, action) => void send(`/api/jobs/${jobId}/exports/${id}/actions`, { action })} />
          ))}
        </ul>
      )}
    </div>
  );
}
