import { archiveMessages } from "@/lib/i18n/archive-messages";
import { isShowingArchived } from "@/lib/store/archive";
import Link from "next/link";
import { getSql } from "@/lib/store/infra/sql";
import { ACTIVE_STATUSES, JOB_STATUSES, listJobOverview, pagesPerMinute, parseStatusFilter, type JobStatusFilter } from "@/lib/store/job-overview";
import { finishReasonLabel, opsTranslator, relativeAge } from "@/lib/i18n/ops-messages";
import { getT } from "./i18n";
import { strategyName } from "@/lib/i18n/strategy-messages";
import { StatusBadge } from "./components/status-badge";
import { canOperate } from "./auth/current";
import { Sparkline } from "./components/sparkline";
import { AutoRefresh } from "./components/auto-refresh";

/** The list's address with archived jobs shown, keeping the status filter. */
function withArchivedOn(filter: string | null): string {
  return filter ? `/?status=${filter}&archived=1` : "/?archived=1";
}

export const dynamic = "force-dynamic";

/** Every job with its counters and pages a minute over the last hour; `?status=` filters. */
export default async function JobsPage({ searchParams }: { searchParams: Promise<{ status?: string | string[]; deleted?: string; archived?: string }> }) {
  const { locale, t } = await getT();
  const o = opsTranslator(locale);
  const query = await searchParams;
  const filter = parseStatusFilter(query.status);
  const deleted = typeof query.deleted === "string" && /^\d+$/.test(query.deleted) ? query.deleted : null;
  const sql = getSql();
  const includeArchived = isShowingArchived(query.archived);
  const { jobs, counts, archived } = await listJobOverview(sql, filter, 200, { includeArchived });
  const a = archiveMessages(locale);
  // Filters keep "show archived" as they switch status.
  const withArchived = (href: string) => (includeArchived ? `${href}${href.includes("?") ? "&" : "?"}archived=1` : href);
  const rates = await pagesPerMinute(sql, jobs.map((j) => j.id));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const active = ACTIVE_STATUSES.reduce((a, s) => a + (counts[s] ?? 0), 0);
  const filters: [JobStatusFilter | null, string, number][] = [
    [null, o("homeFilterAll"), total], ["active", o("homeFilterActive"), active],
    ...JOB_STATUSES.filter((s) => counts[s]).map((s): [JobStatusFilter, string, number] => [s, t(`status_${s}`), counts[s]]),
  ];
  const now = new Date();
  return (
    <section>
      {active > 0 && <AutoRefresh everyMs={10_000} />}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t("jobsTitle")}</h1>
        {await canOperate() && <Link href="/jobs/new" className="rounded bg-teal-700 px-3 py-1.5 text-sm text-white hover:bg-teal-800">{t("navNewJob")}</Link>}
      </div>
      {deleted && <p role="status" data-testid="job-deleted" className="mb-3 rounded bg-teal-50 p-2 text-sm text-teal-900">{t("jobDeleted").replace("{id}", deleted)}</p>}
      {(total > 0 || archived > 0) && (
        <nav aria-label={o("homeFilterLabel")} data-testid="status-filters" className="mb-3 flex flex-wrap gap-2 text-sm">
          {filters.map(([f, label, n]) => (
            <Link key={f ?? "all"} href={withArchived(f ? `/?status=${f}` : "/")} aria-current={f === filter ? "page" : undefined}
              className={`rounded-full border px-3 py-0.5 ${f === filter ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300 bg-white hover:border-teal-600"}`}>
              {label} <span className="tabular-nums opacity-75">{n}</span>
            </Link>
          ))}
          {(archived > 0 || includeArchived) && <Link data-testid="jobs-archived-filter" href={includeArchived ? (filter ? `/?status=${filter}` : "/") : withArchivedOn(filter)}
            className="ml-auto self-center text-teal-800 underline">{includeArchived ? a.hideArchived : a.showArchived.replace("{n}", String(archived))}</Link>}
        </nav>
      )}
      {total === 0 && archived === 0 ? (
        <div data-testid="jobs-empty" className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm">
          <p className="text-slate-500">{t("jobsEmpty")}</p>
          {await canOperate() && <>
            <p><Link data-testid="empty-wizard-link" href="/topics/new" className="inline-block rounded bg-teal-700 px-3 py-1.5 text-white hover:bg-teal-800">{t("jobsEmptyWizard")}</Link></p>
            <p className="text-slate-600">{t("jobsEmptyWizardHint")}</p>
          </>}
          {await canOperate() && <p><Link href="/jobs/new" className="text-teal-700 hover:underline">{t("jobsEmptyDirect")}</Link></p>}
        </div>
      ) : jobs.length === 0 ? <p className="text-slate-500">{o("homeNoneWithStatus")}</p> : (
        <div className="overflow-x-auto rounded border border-slate-200 bg-white">
          <table data-testid="jobs-table" className="w-full min-w-[46rem] text-sm">
            <thead className="bg-slate-100 text-left">
              <tr>
                <th className="p-2">#</th><th className="p-2">{o("homeColJob")}</th><th className="p-2">{t("colStatus")}</th>
                <th className="p-2 text-right">{t("colFetched")}</th><th className="p-2 text-right">{o("homeColFailed")}</th>
                <th className="p-2 text-right">{t("colRelevant")}</th><th className="p-2 text-right">{t("colHarvest")}</th>
                <th className="p-2">{o("homeColRate")}</th>
                <th className="p-2">{o("homeColAge")}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => {
                const series = rates.get(j.id) ?? [];
                return (
                  <tr key={j.id} data-testid="job-row" className="border-t border-slate-100 align-middle">
                    <td className="p-2 tabular-nums text-slate-500">{j.id}</td>
                    <td className="max-w-[8rem] p-2 sm:max-w-[18rem]">
                      <Link className="block truncate text-teal-700 hover:underline" href={`/jobs/${j.id}`} title={j.name}>{j.name}</Link>
                      {j.archivedAt && <span data-testid="job-archived" className="rounded bg-slate-200 px-1 text-xs">{a.archivedBadge}</span>}
                      <div className="truncate text-xs text-slate-500">
                        {strategyName(j.strategy, locale)}{j.finishReason ? ` · ${finishReasonLabel(locale, j.finishReason)}` : ""}
                      </div>
                    </td>
                    <td className="p-2"><StatusBadge status={j.status} t={t} /></td>
                    <td className="p-2 text-right tabular-nums">{j.pagesFetched}</td>
                    <td className={`p-2 text-right tabular-nums ${j.pagesFailed ? "text-red-700" : "text-slate-400"}`}>{j.pagesFailed}</td>
                    <td className="p-2 text-right tabular-nums">{j.pagesRelevant}</td>
                    <td className="p-2 text-right tabular-nums">{j.pagesFetched ? (j.pagesRelevant / j.pagesFetched).toFixed(3) : "—"}</td>
                    <td className="p-2">
                      <div className="flex items-center gap-2">
                        <Sparkline values={series} label={o("homeRateTitle", { max: Math.max(0, ...series) })} />
                        <span className="text-xs tabular-nums text-slate-500" title={o("homeRateLast")}>{series.at(-2) ?? 0}</span>
                      </div>
                    </td>
                    <td className="whitespace-nowrap p-2 text-xs" title={j.createdAt.toLocaleString(locale)}>{relativeAge(locale, j.createdAt, now)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
