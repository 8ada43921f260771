"use client";
import { useEffect, useRef, useState } from "react";
import type { requestLogMessages } from "@/lib/i18n/request-log-messages";
import { describeFailureReason } from "@/lib/i18n/failure-reasons";

type M = ReturnType<typeof requestLogMessages>;
/** A request as GET /api/jobs/:id/requests returns it. */
interface Row { id: string; at: string; url: string; host: string; status: number | null; bytes: number; durationMs: number; outcome: string; reason: string | null }

const POLL_MS = 2_000;
const SHOWN = 100;
const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx", "none"];
const OUTCOMES = ["stored", "retry", "failed", "skipped", "robots"];
const select = "rounded border border-slate-300 bg-white px-2 py-1 text-xs";

/** Rows from the API, or the error it gave. */
async function readRows(jobId: number, filters: Record<string, string>, after?: string): Promise<Row[] | string> {
  const q = new URLSearchParams(Object.entries({ ...filters, ...(after ? { after } : {}), limit: String(SHOWN) }).filter(([, v]) => v));
  const res = await fetch(`/api/jobs/${jobId}/requests?${q}`, { cache: "no-store" });
  const body = await res.json().catch(() => ({}));
  return res.ok ? (body.requests as Row[]) : String(body.error ?? res.status);
}

/** The job's request log with its filters (site, status class, outcome); new requests come in on top while the job runs. */
export function RequestLog({ jobId, hosts, isLive, m, locale }: { jobId: number; hosts: string[]; isLive: boolean; m: M; locale: string }) {
  const [filters, setFilters] = useState({ host: "", status: "", outcome: "" });
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const rowsRef = useRef<Row[]>([]);
  useEffect(() => {
    let isCancelled = false;
    const load = async (isFirst: boolean) => {
      // The newest logged row, not the first shown: the list is by time, "after" by log order.
      const newest = rowsRef.current.reduce<string | undefined>((max, row) => (max === undefined || BigInt(row.id) > BigInt(max) ? row.id : max), undefined);
      const r = await readRows(jobId, filters, isFirst ? undefined : newest);
      if (isCancelled) return;
      if (typeof r === "string") return setError(r);
      setError(null);
      rowsRef.current = isFirst ? r : [...r, ...rowsRef.current].sort((a, b) => b.at.localeCompare(a.at)).slice(0, SHOWN);
      setRows(rowsRef.current);
    };
    void load(true);
    const timer = isLive ? setInterval(() => void load(false), POLL_MS) : undefined;
    return () => { isCancelled = true; clearInterval(timer); };
  }, [jobId, filters, isLive]);
  const set = (k: keyof typeof filters) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilters({ ...filters, [k]: e.target.value });
  return (
    <section data-testid="request-log" className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{m.title}</h2>
        {isLive && <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs text-teal-800">{m.live}</span>}
      </div>
      <p className="text-xs text-slate-600">{m.hint}</p>
      <div className="flex flex-wrap gap-2">
        <select aria-label={m.host} data-testid="request-host" value={filters.host} onChange={set("host")} className={select}>
          <option value="">{m.hostAll}</option>{hosts.map((h) => <option key={h} value={h}>{h}</option>)}</select>
        <select aria-label={m.status} data-testid="request-status" value={filters.status} onChange={set("status")} className={select}>
          <option value="">{m.statusAll}</option>{STATUS_CLASSES.map((c) => <option key={c} value={c}>{c === "none" ? m.statusNone : c}</option>)}</select>
        <select aria-label={m.outcome} data-testid="request-outcome" value={filters.outcome} onChange={set("outcome")} className={select}>
          <option value="">{m.outcomeAll}</option>{OUTCOMES.map((o) => <option key={o} value={o}>{m.outcomes[o]}</option>)}</select>
      </div>
      {error && <p role="alert" className="text-xs text-red-700">{m.failed.replace("{error}", error)}</p>}
      {rows.length === 0 ? <p data-testid="request-empty" className="text-xs text-slate-500">{m.empty}</p> : (
        <div className="max-h-96 overflow-auto">
          <table className="w-full min-w-[44rem] text-xs">
            <thead className="sticky top-0 bg-slate-100 text-left">
              <tr><th className="p-1">{m.colTime}</th><th className="p-1">{m.colStatus}</th><th className="p-1">{m.colOutcome}</th><th className="p-1">{m.colReason}</th>
                <th className="p-1 text-right">{m.colBytes}</th><th className="p-1 text-right">{m.colMs}</th><th className="p-1">{m.colUrl}</th></tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="request-row" data-outcome={r.outcome} data-status={r.status ?? ""} className="border-t border-slate-100">
                  <td className="whitespace-nowrap p-1 tabular-nums">{new Date(r.at).toLocaleTimeString(locale)}</td>
                  <td className="p-1 tabular-nums">{r.status ?? "–"}</td>
                  <td className="whitespace-nowrap p-1">{m.outcomes[r.outcome] ?? r.outcome}</td>
                  <td className="p-1 font-mono" title={r.reason ?? ""}>{r.reason ? describeFailureReason(r.reason, locale === "en" ? "en" : "zh-CN") : ""}</td>
                  <td className="p-1 text-right tabular-nums">{r.bytes}</td>
                  <td className="p-1 text-right tabular-nums">{r.durationMs}</td>
                  <td className="max-w-[28rem] truncate p-1 font-mono" title={r.url}>{r.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
