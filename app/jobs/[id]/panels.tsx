/**
 * The job page's panels, each reading its own data inside its own Suspense boundary, so the
 * page's header shows at once and a slow table (a job with a million pages) holds up only itself.
 */
import Link from "next/link";
import { getJobProgress } from "@/lib/store/jobs";
import { listQueued } from "@/lib/store/frontier-queries";
import { loadEnv } from "@/lib/env";
import { listPages } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { measureRawBodies } from "@/lib/store/page-bodies";
import { getT } from "../../i18n";
import { LiveProgress } from "./live-progress";
import { finishReasonLabels, pageKindLabel, priorityDetailText } from "@/lib/i18n/ops-messages";

/** What a panel shows while its data loads. */
export function PanelLoading() {
  return <div className="h-16 animate-pulse rounded border border-slate-200 bg-white" aria-busy="true" />;
}

/** The live counters (a client leaf kept current by the job's event stream). */
export async function ProgressPanel({ jobId }: { jobId: number }) {
  const [{ t, locale }, progress] = await Promise.all([getT(), getJobProgress(getPrisma(), jobId)]);
  if (!progress) return null;
  return <LiveProgress jobId={jobId} initial={JSON.parse(JSON.stringify(progress))} labels={{
    status: t("jobStatus"), fetched: t("colFetched"), relevant: t("colRelevant"), harvest: t("colHarvest"),
    failed: t("jobFailed"), frontier: t("jobFrontier"), budget: t("jobBudgetUsed"), links: t("jobLinks"), finishReason: t("jobFinishReason"), live: t("live"),
    finishReasons: finishReasonLabels(locale), statusNames: Object.fromEntries(["queued", "running", "paused", "stopping", "done", "stopped", "failed"].map((s) => [s, t(`status_${s}` as "status_done")])),
  }} />;
}

/** The next URLs of the frontier with what made their priority. */
export async function QueuePanel({ jobId }: { jobId: number }) {
  const [{ t, locale }, queued] = await Promise.all([getT(), listQueued(getPrisma(), jobId, 20, loadEnv().CRAWL_USER_AGENT)]);
  if (queued.length === 0) return null;
  return (
    <details className="text-sm" open>
      <summary className="cursor-pointer text-lg font-semibold">{t("queueTitle")}</summary>
      <div className="mt-2 overflow-x-auto"><table data-testid="queue-table" className="w-full min-w-[36rem] table-fixed rounded border border-slate-200 bg-white text-xs">
        <thead className="bg-slate-100 text-left">
          <tr><th className="w-1/2 p-2">{t("colUrl")}</th><th className="p-2 text-right">{t("colPriority")}</th><th className="p-2">{t("colWhy")}</th></tr>
        </thead>
        <tbody>
          {queued.map((q) => (
            <tr key={q.id} data-testid="queue-row" data-robots={q.isRobotsForbidden ? "forbidden" : "allowed"}
              className={`border-t border-slate-100 align-top ${q.isRobotsForbidden ? "text-slate-400" : ""}`}>
              <td className="truncate p-2 font-mono" title={q.url}>
                {q.isRobotsForbidden && <span data-testid="queue-robots" className="mr-1 rounded bg-slate-200 px-1 font-sans text-slate-700">{t("queueRobotsForbidden")}</span>}
                {q.anchorText ? <span className="font-sans">{q.anchorText} · </span> : null}{q.url}</td>
              <td className="p-2 text-right tabular-nums">{q.priority.toFixed(4)}</td>
              <td className="p-2">{priorityDetailText(locale, q.priorityDetail, q.hostFeedback)}</td>
            </tr>
          ))}
        </tbody>
      </table></div>
    </details>
  );
}

/** The stored pages, newest first, one screen at a time. */
export async function PagesPanel({ jobId, screen }: { jobId: number; screen: number }) {
  const [{ t, locale }, pages] = await Promise.all([getT(), listPages(getPrisma(), jobId, screen)]);
  const lastScreen = Math.max(1, Math.ceil(pages.total / pages.perScreen));
  return (
    <div>
      <h2 className="mb-2 text-lg font-semibold">{t("pagesTitle")} ({pages.total})</h2>
      {pages.rows.length === 0 ? <p className="text-slate-500">{t("pagesEmpty")}</p> : (
        <div className="overflow-x-auto"><table data-testid="pages-table" className="w-full min-w-[40rem] table-fixed rounded border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left">
            <tr>
              <th className="w-5/12 p-2">{t("colTitle")} / {t("colUrl")}</th><th className="p-2 text-right">{t("colRelevance")}</th>
              <th className="p-2 text-right">{t("colDepth")}</th><th className="p-2">{t("colKind")}</th><th className="p-2">{t("colFetchedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {pages.rows.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="truncate p-2">
                  <Link className="text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${p.id}`}>{p.title || p.url}</Link>
                  <div className="truncate font-mono text-xs text-slate-500">{p.url}</div>
                </td>
                <td className={`p-2 text-right ${p.isRelevant ? "font-semibold text-teal-700" : ""}`}>{p.relevance.toFixed(3)}</td>
                <td className="p-2 text-right">{p.depth}</td>
                <td className="p-2">{pageKindLabel(locale, p.pageKind)}</td>
                <td className="p-2 text-xs">{p.fetchedAt.toLocaleTimeString(locale)}</td>
              </tr>
            ))}
          </tbody>
        </table></div>
      )}
      <div className="mt-2 flex gap-3 text-sm">
        {screen > 1 && <Link className="text-teal-700" href={`/jobs/${jobId}?screen=${screen - 1}`}>{t("pagePrev")}</Link>}
        {screen < lastScreen && <Link className="text-teal-700" href={`/jobs/${jobId}?screen=${screen + 1}`}>{t("pageNext")}</Link>}
      </div>
    </div>
  );
}

/** How much room the kept raw HTML takes (nothing while none is kept). */
export async function RawStorage({ jobId }: { jobId: number }) {
  const [{ t }, raw] = await Promise.all([getT(), measureRawBodies(getSql(), jobId)]);
  if (raw.pages === 0) return null;
  return (
    <div data-testid="raw-storage" className="sm:col-span-2 text-slate-600">{t("rawStorage").replace("{pages}", String(raw.pages))
      .replace("{stored}", formatBytes(raw.storedBytes)).replace("{original}", formatBytes(raw.originalBytes))
      .replace("{per10k}", formatBytes(raw.storedBytes / raw.pages * 10_000))}</div>
  );
}

/** Bytes as KB, MB or GB (1024-based), one decimal. */
function formatBytes(n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}
