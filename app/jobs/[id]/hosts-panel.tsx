/** The job's hosts: sortable, searchable, one bounded screen at a time, all in the URL; block a host or set its delay. */
import Link from "next/link";
import { getSql } from "@/lib/store/infra/sql";
import { HOSTS_PER_SCREEN, listJobHosts, PENDING_COUNT_CAP, type HostQuery, type HostRow, type HostSort } from "@/lib/store/monitor-hosts";
import { fill, lookup, type MonitorMessages } from "@/lib/i18n/monitor-messages";
import type { Locale } from "@/lib/i18n/messages";
import { describeFailureReason } from "@/lib/i18n/failure-reasons";
import { blockHostAction, setHostDelayAction, unblockHostAction } from "./monitor-actions";
import { ConfirmButton } from "./confirm-button";

const COLUMNS: [HostSort | null, keyof MonitorMessages][] = [
  ["host", "colHost"], [null, "colRobots"], ["delay", "colDelay"], ["inflight", "colInFlight"], ["next", "colNextFetch"],
  [null, "colPending"], [null, "colHeldBack"], ["fetched", "colFetched"], ["relevant", "colRelevant"], ["failed", "colFailed"],
  ["harvest", "colHarvest"], [null, "colLastError"], [null, "colActions"],
];

/** The hosts table of job `jobId` for the URL's query `q`; `params` are the page's other URL parameters, kept in links. */
export async function HostsPanel({ jobId, q, params, canControl, m, locale }: {
  jobId: number; q: HostQuery; params: Record<string, string>; canControl: boolean; m: MonitorMessages; locale: Locale;
}) {
  const { rows, total } = await listJobHosts(getSql(), jobId, q);
  const screens = Math.max(1, Math.ceil(total / HOSTS_PER_SCREEN));
  const href = (change: Record<string, string | number>) => {
    const next = new URLSearchParams({ ...params, hsort: q.sort, hdir: q.isDesc ? "desc" : "asc", ...(q.search ? { hq: q.search } : {}), hpage: String(q.screen) });
    for (const [k, v] of Object.entries(change)) next.set(k, String(v));
    return `/jobs/${jobId}?${next}#hosts`;
  };
  return (
    <section id="hosts" aria-labelledby="hosts-title">
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 id="hosts-title" className="text-lg font-semibold">{m.hostsTitle}</h2>
        <form method="get" action={`/jobs/${jobId}#hosts`} role="search" className="flex gap-1 text-sm">
          {Object.entries(params).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <input type="hidden" name="hsort" value={q.sort} /><input type="hidden" name="hdir" value={q.isDesc ? "desc" : "asc"} />
          <input name="hq" defaultValue={q.search} aria-label={m.hostsSearch} placeholder={m.hostsSearch} className="w-44 rounded border border-slate-300 px-2 py-1" />
          <button className="rounded border border-slate-300 bg-white px-2 py-1 hover:bg-slate-100">{m.hostsSearchButton}</button>
        </form>
        <span data-testid="hosts-count" className="text-xs text-slate-500">{fill(m.hostsCount, { total, screen: q.screen, screens })}</span>
      </div>
      {rows.length === 0 ? <p className="text-sm text-slate-500">{m.hostsEmpty}</p> : (
        <div className="overflow-x-auto rounded border border-slate-200">
          <table data-testid="hosts-table" className="w-full min-w-[960px] bg-white text-xs">
            <thead className="bg-slate-100 text-left">
              <tr>{COLUMNS.map(([sort, key]) => (
                <th key={key} scope="col" className={`p-2 ${key === "colHost" ? "sticky left-0 bg-slate-100" : ""}`} aria-sort={sort === q.sort ? (q.isDesc ? "descending" : "ascending") : undefined}>
                  {sort ? <Link data-testid={`sort-${sort}`} className="text-teal-800 hover:underline" title={fill(m.sortBy, { col: m[key] })}
                    href={href({ hsort: sort, hdir: sort === q.sort && q.isDesc ? "asc" : "desc", hpage: 1 })}>
                    {m[key]}{sort === q.sort ? (q.isDesc ? " ▼" : " ▲") : ""}</Link> : m[key]}
                </th>
              ))}</tr>
            </thead>
            <tbody>{rows.map((h) => <HostLine key={h.host} h={h} jobId={jobId} canControl={canControl} m={m} locale={locale} />)}</tbody>
          </table>
        </div>
      )}
      <div className="mt-2 flex gap-3 text-sm">
        {q.screen > 1 && <Link className="text-teal-700" href={href({ hpage: q.screen - 1 })}>{m.prevScreen}</Link>}
        {q.screen < screens && <Link data-testid="hosts-next" className="text-teal-700" href={href({ hpage: q.screen + 1 })}>{m.nextScreen}</Link>}
      </div>
    </section>
  );
}

function HostLine({ h, jobId, canControl, m, locale }: { h: HostRow; jobId: number; canControl: boolean; m: MonitorMessages; locale: Locale }) {
  const isDue = h.nextFetchAt.getTime() <= Date.now();
  return (
    <tr data-testid="host-row" data-host={h.host} className="border-t border-slate-100 align-top">
      <td className="sticky left-0 bg-white p-2 font-mono">{h.host}{h.isBlocked && <span data-testid="host-badge-blocked" className="ml-1 rounded bg-red-100 px-1 font-sans text-red-800">{m.blocked}</span>}
        {h.isSetAside && <span data-testid="host-badge-set-aside" title={m.setAsideHint} className="ml-1 rounded bg-amber-100 px-1 font-sans text-amber-900">{m.setAside}</span>}</td>
      <td className="p-2">{lookup(m, `robots_${h.robotsState}`, h.robotsState)}
        {h.crawlDelayMs !== null && <div className="text-slate-500">{fill(m.crawlDelay, { d: `${h.crawlDelayMs / 1000} s` })}</div>}</td>
      <td className="p-2 tabular-nums">{h.effectiveDelayMs} ms{h.delayOverrideMs !== null && <div className="text-slate-500">{m.ownDelay}</div>}</td>
      <td className="p-2 text-right tabular-nums">{h.inFlight}</td>
      <td className="p-2 tabular-nums" data-testid="host-next">{h.isBlocked || h.isSetAside ? "—" : isDue ? m.nowLabel : h.nextFetchAt.toLocaleTimeString(locale)}</td>
      <td className="p-2 text-right tabular-nums">{h.pending >= PENDING_COUNT_CAP ? `${PENDING_COUNT_CAP}+` : h.pending}</td>
      <td className="p-2 text-right tabular-nums" data-testid="host-held-back" title={m.heldBackHint}>{h.heldBack >= PENDING_COUNT_CAP ? `${PENDING_COUNT_CAP}+` : h.heldBack}</td>
      <td className="p-2 text-right tabular-nums" data-testid="host-fetched">{h.fetched}</td>
      <td className="p-2 text-right tabular-nums">{h.relevant}</td>
      <td className="p-2 text-right tabular-nums">{h.failed}</td>
      <td className="p-2 text-right tabular-nums">{h.fetched ? (h.relevant / h.fetched).toFixed(3) : "—"}
        {h.feedback !== 1 && <div data-testid="host-feedback" title={m.feedbackHint} className="text-slate-500">{fill(m.feedbackWeight, { w: h.feedback.toFixed(2) })}</div>}</td>
      <td className="max-w-48 truncate p-2 font-mono" title={h.lastError ?? ""}>{h.lastError ? describeFailureReason(h.lastError, locale) : ""}</td>
      <td className="p-2">{canControl && h.isBlocked && (
        <form action={unblockHostAction}>
          <input type="hidden" name="jobId" value={jobId} /><input type="hidden" name="host" value={h.host} />
          <ConfirmButton testId="unblock-host" question={fill(m.unblockConfirm, { host: h.host })} className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100">{m.unblock}</ConfirmButton>
        </form>
      )}{canControl && !h.isBlocked && !h.isSetAside && (
        <div className="flex flex-wrap gap-1">
          <form action={blockHostAction}>
            <input type="hidden" name="jobId" value={jobId} /><input type="hidden" name="host" value={h.host} />
            <ConfirmButton testId="block-host" question={fill(m.blockConfirm, { host: h.host })} className="rounded border border-red-300 bg-white px-2 py-0.5 text-red-800 hover:bg-red-50">{m.block}</ConfirmButton>
          </form>
          <form action={setHostDelayAction} className="flex gap-1">
            <input type="hidden" name="jobId" value={jobId} /><input type="hidden" name="host" value={h.host} />
            <input name="delayMs" type="number" min={0} max={600000} step={100} defaultValue={h.minDelayMs} aria-label={`${m.delayMs} ${h.host}`} className="w-20 rounded border border-slate-300 px-1" />
            <button data-testid="set-host-delay" className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100">{m.setDelay}</button>
          </form>
        </div>
      )}</td>
    </tr>
  );
}
