/** The job page's monitoring panels: diagnostics, progress and estimates, seeds' outcomes, event log. */
import { diagnoseJob, diagnosisSeverity, diagnosisState, listSeedOutcomes, WORKER_SILENT_MS, type Diagnosis } from "@/lib/store/diagnostics";
import { listJobEvents, type JobEventData } from "@/lib/store/events";
import { getSql } from "@/lib/store/infra/sql";
import { ETA_MIN_ELAPSED_MS, ETA_MIN_URLS, readJobTiming } from "@/lib/store/job-timing";
import { HELD_BACK_COUNT_CAP, STALL_WINDOW_MS } from "@/lib/store/stall";
import { finishReasonLabel } from "@/lib/i18n/ops-messages";
import { fill, lookup, type MonitorMessages } from "@/lib/i18n/monitor-messages";
import type { Locale } from "@/lib/i18n/messages";
import { describeFailureReason } from "@/lib/i18n/failure-reasons";

/** How many events the log shows. */
const EVENTS_SHOWN = 50;

/** A duration as "2 小时 5 分" / "2 h 5 min" (seconds under a minute). */
export function formatDuration(ms: number, locale: Locale): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [d, h, min, sec] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60];
  const u = locale === "en" ? { d: " d", h: " h", m: " min", s: " s" } : { d: " 天", h: " 小时", m: " 分", s: " 秒" };
  const parts = d ? [`${d}${u.d}`, `${h}${u.h}`] : h ? [`${h}${u.h}`, `${min}${u.m}`] : min ? [`${min}${u.m}`] : [`${sec}${u.s}`];
  return parts.join(" ");
}

const clock = (d: Date, locale: Locale) => d.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

function describe(d: Diagnosis, m: MonitorMessages, locale: Locale): string {
  const text = lookup(m, `diag_${d.kind}`, d.kind);
  const common = { n: d.n, s: Math.round((d.kind === "no-workers" ? WORKER_SILENT_MS : STALL_WINDOW_MS) / 1000) };
  switch (d.kind) {
    case "hosts-waiting": return fill(text, { ...common, host: d.host, until: clock(d.until, locale) });
    case "held-back": return fill(text, { ...common, n: d.n >= HELD_BACK_COUNT_CAP ? `${HELD_BACK_COUNT_CAP}+` : d.n, hosts: d.hosts, share: d.share,
      host: d.host, until: clock(d.until, locale) });
    case "retry-wait": return fill(text, { ...common, until: clock(d.until, locale), error: d.error ?? "—" });
    case "robots-unreachable":
    case "hosts-set-aside":
    case "stale-workers": return fill(text, { ...common, names: d.names.join(", ") });
    default: return fill(text, common);
  }
}

/** The panel's frame by its state: amber or red only with a finding that is one. */
const DIAG_STYLE = {
  ended: "border-slate-200 bg-white", healthy: "border-emerald-200 bg-emerald-50/40", warning: "border-amber-300 bg-amber-50", problem: "border-red-300 bg-red-50",
} as const;
const DIAG_TITLE = {
  ended: (m: MonitorMessages) => m.diagTitleEnded, healthy: (m: MonitorMessages) => m.diagTitleHealthy,
  warning: (m: MonitorMessages) => m.diagTitle, problem: (m: MonitorMessages) => m.diagTitleProblem,
} as const;
const SEVERITY_STYLE = { info: "text-slate-700", warning: "text-amber-900", problem: "text-red-800" } as const;

/** Why the job is slow or idle, each finding with its number and what to do; a healthy crawl is said to be one. */
export async function DiagnosticsPanel({ jobId, status, m, locale }: { jobId: number; status: string; m: MonitorMessages; locale: Locale }) {
  const found = await diagnoseJob(getSql(), jobId);
  const state = diagnosisState(found, ["done", "stopped", "failed"].includes(status));
  return (
    <section aria-labelledby="diag-title" data-testid="diagnostics" data-state={state} className={`rounded border p-3 text-sm ${DIAG_STYLE[state]}`}>
      <h2 id="diag-title" className="mb-1 font-semibold">{DIAG_TITLE[state](m)}</h2>
      {found.length === 0 ? <p className="text-slate-600">{state === "ended" ? m.diagFinished : m.diagNone}</p> : (
        <ul className="space-y-1">
          {state === "healthy" && <li className="text-slate-600">{m.diagHealthyNotes}</li>}
          {found.map((d) => (
            <li key={d.kind} data-testid={`diag-${d.kind}`} data-severity={diagnosisSeverity(d.kind)} className={SEVERITY_STYLE[diagnosisSeverity(d.kind)]}>
              {describe(d, m, locale)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The page budget and what it counts, the recent rate with the ETA to the budget, elapsed and remaining time, from one read. */
export async function TimingPanel({ jobId, m, locale }: { jobId: number; m: MonitorMessages; locale: Locale }) {
  const timing = await readJobTiming(getSql(), jobId);
  if (!timing) return null;
  const { elapsedMs, perMinute, etaMs } = timing;
  const isRunning = timing.status === "running";
  return (
    <section data-testid="timing" className="rounded border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-1 font-semibold">{m.timingTitle}</h2>
      <p>{fill(m.budgetCounts, { max: timing.maxPages })}</p>
      <p><span data-testid="rate">{fill(isRunning ? m.rateRecent : m.rateAtEnd, { window: formatDuration(timing.windowMs, locale), rate: perMinute.toFixed(1) })}</span>{" "}
        {isRunning && <span data-testid="eta">{etaMs !== null ? fill(m.etaPages, { eta: formatDuration(etaMs, locale) })
          : perMinute > 0 ? fill(m.etaTooEarly, { urls: ETA_MIN_URLS, s: ETA_MIN_ELAPSED_MS / 1000 }) : m.etaUnknown}</span>}</p>
      <p>{fill(m.elapsed, { elapsed: formatDuration(elapsedMs, locale) })}{" "}
        {timing.timeBudgetSec ? fill(m.timeBudget, { budget: formatDuration(timing.timeBudgetSec * 1000, locale),
          remaining: formatDuration(timing.timeBudgetSec * 1000 - elapsedMs, locale) }) : m.noTimeBudget}</p>
    </section>
  );
}

/** Seeds listed at most by the outcomes panel (500 seeds made it a page long). */
const SEEDS_LISTED = 10;

/**
 * The seeds that failed or were skipped and why (the first SEEDS_LISTED), and how many others
 * still wait, for a job that has fetched nothing (ended as failed, or still trying).
 */
export async function SeedOutcomesPanel({ jobId, seedCount, m, locale }: { jobId: number; seedCount: number; m: MonitorMessages; locale: Locale }) {
  const seeds = await listSeedOutcomes(getSql(), jobId);
  const ended = seeds.filter((s) => ["failed", "skipped"].includes(s.status));
  if (ended.length === 0) return null; // nothing failed (yet): the diagnostics say why it waits
  const isAllFailed = ended.length === seeds.length;
  const listed = ended.slice(0, SEEDS_LISTED);
  const more = Math.max(seedCount, seeds.length) - listed.length;
  return (
    <section data-testid="seed-outcomes" className={`rounded border p-3 text-sm ${isAllFailed ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}>
      <p className="font-semibold">{isAllFailed ? m.seedsFailedTitle : m.seedsTitle}</p>
      <ul className="mt-1 space-y-1">
        {listed.map((s) => (
          <li key={s.url} className="break-all"><span className="font-mono text-xs">{s.url}</span> — {lookup(m, `seedState_${s.status}`, s.status)}
            {": "}{s.reason ? describeFailureReason(s.reason, locale) : m.seedNoReason}</li>
        ))}
      </ul>
      {more > 0 && <p data-testid="seed-outcomes-more" className="mt-1">{fill(m.seedsMore, { n: more })}</p>}
    </section>
  );
}

/** What an event with data is about (a host, a delay, URLs skipped), in the page's language. */
function describeEventData(kind: string, data: JobEventData, m: MonitorMessages): string {
  return fill(lookup(m, `eventDetail_${kind}`, "{host}"), { host: data.host ?? "", skipped: data.skipped ?? 0, why: data.why ?? "", delay: data.delayMs ?? "" });
}

/** The job's event log, newest first, each kind named in the page's language. */
export async function EventsPanel({ jobId, m, locale }: { jobId: number; m: MonitorMessages; locale: Locale }) {
  const events = await listJobEvents(getSql(), jobId, EVENTS_SHOWN);
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title" className="mb-2 text-lg font-semibold">{m.eventsTitle}</h2>
      {events.length === 0 ? <p className="text-sm text-slate-500">{m.eventsEmpty}</p> : (
        <ol data-testid="events" className="max-h-72 overflow-y-auto rounded border border-slate-200 bg-white text-sm">
          {events.map((e) => {
            const reason = e.kind === "finished" ? e.message.replace(/^Job finished: /, "") : "";
            return (
              <li key={e.id} data-testid={`event-${e.kind}`} className={`flex flex-wrap gap-x-3 border-t border-slate-100 px-2 py-1 first:border-t-0 ${e.level === "error" ? "text-red-800" : ""}`}>
                <time className="tabular-nums text-slate-500" dateTime={e.createdAt.toISOString()}>{e.createdAt.toLocaleString(locale)}</time>
                {/* The stored message is English detail: shown inline in English, on hover in Chinese. */}
                <span className="font-medium" title={e.message}>{fill(lookup(m, `event_${e.kind}`, e.kind), { reason: finishReasonLabel(locale, reason) })}</span>
                {e.data ? <span data-testid="event-detail" className="min-w-0 break-all text-slate-600">{describeEventData(e.kind, e.data, m)}</span>
                  : e.kind !== "finished" && locale === "en" && <span className="min-w-0 break-all text-slate-600">{e.message}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
