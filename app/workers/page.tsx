import { loadEnv } from "@/lib/env";
import { getSql } from "@/lib/store/infra/sql";
import { listWorkers, type WorkerRow, type WorkerState } from "@/lib/store/workers";
import { opsTranslator, relativeAge } from "@/lib/i18n/ops-messages";
import type { Locale } from "@/lib/i18n/messages";
import { AutoRefresh } from "../components/auto-refresh";
import { getT } from "../i18n";

export const dynamic = "force-dynamic";

const STATE_COLOURS: Record<WorkerState, string> = {
  live: "bg-teal-100 text-teal-800", stale: "bg-red-100 text-red-800", stopped: "bg-slate-200 text-slate-700",
};

/** What happens to the URLs a worker still holds. */
function leaseFate(w: WorkerRow, hasLiveWorker: boolean, beatS: number, locale: Locale): string {
  const o = opsTranslator(locale);
  if (w.leases === 0) return o("workerLeasesNone");
  if (!hasLiveWorker) return o("workerLeasesWaiting", { n: w.leases });
  return o("workerLeasesReturn", { n: w.leases, beat: beatS, at: w.leasesExpireLast?.toLocaleTimeString(locale) ?? "—" });
}

/** Every worker: where it runs, what it is doing, and whether it is still alive. */
export default async function WorkersPage() {
  const { locale } = await getT();
  const o = opsTranslator(locale);
  const env = loadEnv();
  const workers = await listWorkers(getSql(), env.WORKER_STALE_AFTER_MS);
  const hasLiveWorker = workers.some((w) => w.state === "live");
  const beatS = Math.round(env.WORKER_HEARTBEAT_MS / 1000);
  const now = Date.now();
  const ago = (ms: number) => (ms < 120_000 ? o("agoSeconds", { n: Math.max(0, Math.round(ms / 1000)) }) : relativeAge(locale, new Date(now - ms), new Date(now)));
  const th = "p-2 whitespace-nowrap";
  return (
    <section className="space-y-4">
      <AutoRefresh everyMs={5_000} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">{o("workersTitle")}</h1>
        <a href="/metrics" className="text-sm text-teal-700 hover:underline">{o("metricsLink")}</a>
      </div>
      <p className="text-sm text-slate-600">{o("workersIntro", { beat: beatS, stale: Math.round(env.WORKER_STALE_AFTER_MS / 1000) })}</p>
      {workers.length === 0 ? <p className="text-slate-500">{o("workersEmpty")}</p> : (
        <div className="overflow-x-auto rounded border border-slate-200 bg-white">
          <table data-testid="workers-table" className="w-full min-w-[52rem] text-sm">
            <thead className="bg-slate-100 text-left">
              <tr>
                <th className={th}>{o("workersColWorker")}</th><th className={th}>{o("workersColState")}</th>
                <th className={`${th} text-right`}>{o("workersColInFlight")}</th><th className={`${th} text-right`}>{o("workersColRate")}</th>
                <th className={th}>{o("workersColBeat")}</th><th className={th}>{o("workersColHost")}</th><th className={`${th} text-right`}>{o("workersColPid")}</th>
                <th className={th}>{o("workersColVersion")}</th><th className={`${th} text-right`}>{o("workersColStored")}</th><th className={th}>{o("workersColStarted")}</th>
              </tr>
            </thead>
            <tbody>
              {workers.map((w) => (
                <tr key={w.workerId} data-testid="worker-row" data-state={w.state} className="border-t border-slate-100 align-top">
                  <td className="max-w-[11rem] truncate p-2 font-mono text-xs sm:max-w-[16rem]" title={w.workerId}>{w.workerId}
                    {(w.state === "stale" || w.leases > 0) && w.state !== "live" && <div data-testid="worker-leases" className="whitespace-normal font-sans text-slate-600">{leaseFate(w, hasLiveWorker, beatS, locale)}</div>}
                  </td>
                  <td className="p-2"><span data-testid="worker-state" className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs ${STATE_COLOURS[w.state]}`}>{o(`workerState_${w.state}`)}</span></td>
                  <td className="p-2 text-right tabular-nums">{w.state === "stopped" ? "—" : w.inFlight}</td>
                  <td className="p-2 text-right tabular-nums">{w.state === "live" ? w.pagesPerMinute.toFixed(0) : "—"}</td>
                  <td className="whitespace-nowrap p-2" title={w.lastBeatAt.toLocaleString(locale)}>{ago(w.beatAgeMs)}</td>
                  <td className="whitespace-nowrap p-2">{w.hostname}</td>
                  <td className="p-2 text-right tabular-nums">{w.pid}</td>
                  <td className="p-2 font-mono text-xs">{w.version || "—"}</td>
                  <td className="p-2 text-right tabular-nums">{w.fetchedTotal}</td>
                  <td className="whitespace-nowrap p-2 text-xs">{w.startedAt.toLocaleString(locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
