import Link from "next/link";
import { notFound } from "next/navigation";
import { getJob, getJobProgress } from "@/lib/store/jobs";
import { listQueued } from "@/lib/store/frontier-queries";
import { listPages } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { measureRawBodies } from "@/lib/store/page-bodies";
import { topicLabelWords, type TopicVector } from "@/lib/topic/topic";
import { getT } from "../../i18n";
import { parseId } from "../../json";
import { controlJobAction } from "../actions";
import { LiveProgress } from "./live-progress";
import { RefineTopic } from "./refine-topic";
import { JobTopic } from "./job-topic";
import { topicMessages } from "@/lib/i18n/topic-messages";

export const dynamic = "force-dynamic";

export default async function JobPage({ params, searchParams }: {
  params: Promise<{ id: string }>; searchParams: Promise<{ screen?: string }>;
}) {
  const id = parseId((await params).id);
  const prisma = getPrisma();
  const job = id === null ? null : await getJob(prisma, id);
  if (!job || id === null) notFound();
  const { locale, t } = await getT();
  const screen = Math.max(1, Number((await searchParams).screen) || 1);
  const [progress, pages, queued, raw] = await Promise.all([getJobProgress(prisma, id), listPages(prisma, id, screen), listQueued(prisma, id, 20), measureRawBodies(getSql(), id)]);
  const topicWords = topicLabelWords(job.topicSnapshot);
  const feedback = (job.topicSnapshot as Partial<TopicVector> | null)?.feedback;
  const deferred = (job.topicSnapshot as Partial<TopicVector> | null)?.adaptDeferred;
  const actions = job.status === "running" ? ["pause", "stop"] : job.status === "paused" ? ["resume", "stop"] : [];
  const actionLabel = { pause: t("jobPause"), resume: t("jobResume"), stop: t("jobStop") } as Record<string, string>;
  const lastScreen = Math.max(1, Math.ceil(pages.total / pages.perScreen));

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">#{job.id} {job.name}</h1>
        {actions.map((a) => (
          <form key={a} action={controlJobAction}>
            <input type="hidden" name="jobId" value={job.id} />
            <button name="action" value={a} className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">
              {actionLabel[a]}
            </button>
          </form>
        ))}
      </div>
      <Link data-testid="results-link" href={`/jobs/${job.id}/results`} className="inline-block rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800">{t("resultsLink")}</Link>
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <div><dt className="inline text-slate-500">{t("jobKeywords")}: </dt><dd className="inline">{topicWords.join("，")}</dd></div>
        <div><dt className="inline text-slate-500">{t("colStrategy")}: </dt><dd className="inline">{job.strategy}</dd></div>
        {feedback && <div data-testid="topic-feedback" className="sm:col-span-2 text-slate-600">
          {t(feedback.isAuto ? "topicAdapted" : "topicRefined").replace("{pages}", String(feedback.pages)).replace("{judged}", String(feedback.judged))
            .replace("{nonRelevant}", String(feedback.nonRelevant ?? 0))} {feedback.added.join("，")}</div>}
        {deferred && <div data-testid="topic-adapt-deferred" className="sm:col-span-2 text-slate-600">
          {t(deferred.reason === "unsafe" ? "topicAdaptDeferredUnsafe" : "topicAdaptDeferredFew").replace("{pages}", String(deferred.retryAtPages))}</div>}
        {raw.pages > 0 && <div data-testid="raw-storage" className="sm:col-span-2 text-slate-600">{t("rawStorage").replace("{pages}", String(raw.pages))
          .replace("{stored}", formatBytes(raw.storedBytes)).replace("{original}", formatBytes(raw.originalBytes))
          .replace("{per10k}", formatBytes(raw.storedBytes / raw.pages * 10_000))}</div>}
        <div className="sm:col-span-2"><dt className="inline text-slate-500">{t("jobSeeds")}: </dt>
          <dd className="inline break-all font-mono text-xs">{job.seeds.join("  ")}</dd></div>
      </dl>
      <JobTopic m={topicMessages(locale)} snapshot={job.topicSnapshot}
        topic={job.topicId ? { id: job.topicId, name: (await prisma.topic.findUnique({ where: { id: job.topicId }, select: { name: true } }))?.name ?? "", version: job.topicVersion } : undefined} />
      <RefineTopic jobId={job.id} labels={{
        title: t("refineTitle"), hint: t("refineHint"), pages: t("refinePages"), submit: t("refineSubmit"), done: t("refineDone"),
        errors: { "no-pages": t("refineErrNoPages"), "no-words": t("refineErrNoWords"), "bad-pages": t("refineErrBadPages"), "no-job": t("refineErrNoJob"), changed: t("refineErrChanged"), unsafe: t("refineErrUnsafe") },
      }} />
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("jobSettings")}</summary>
        {/* getJob hides passwords and cookie values; lists are shown one entry per line. */}
        <dl data-testid="job-settings" className="mt-2 grid grid-cols-1 gap-1 font-mono text-xs sm:grid-cols-2">
          {Object.entries(job.settings as Record<string, unknown>).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)).map(([k, v]) => (
            <div key={k}><dt className="inline text-slate-500">{k}: </dt><dd className="inline break-all">{Array.isArray(v) ? v.join(" | ") : String(v)}</dd></div>
          ))}
        </dl>
      </details>
      {progress && <LiveProgress jobId={job.id} initial={JSON.parse(JSON.stringify(progress))} labels={{
        status: t("jobStatus"), fetched: t("colFetched"), relevant: t("colRelevant"), harvest: t("colHarvest"),
        failed: t("jobFailed"), frontier: t("jobFrontier"), links: t("jobLinks"), finishReason: t("jobFinishReason"), live: t("live"),
        statusNames: Object.fromEntries(["queued", "running", "paused", "stopping", "done", "stopped", "failed"].map((s) => [s, t(`status_${s}` as "status_done")])),
      }} />}
      {queued.length > 0 && (
        <details className="text-sm" open>
          <summary className="cursor-pointer text-lg font-semibold">{t("queueTitle")}</summary>
          <table data-testid="queue-table" className="mt-2 w-full table-fixed rounded border border-slate-200 bg-white text-xs">
            <thead className="bg-slate-100 text-left">
              <tr><th className="w-1/2 p-2">{t("colUrl")}</th><th className="p-2 text-right">{t("colPriority")}</th><th className="p-2">{t("colWhy")}</th></tr>
            </thead>
            <tbody>
              {queued.map((q) => (
                <tr key={q.id} className="border-t border-slate-100 align-top">
                  <td className="truncate p-2 font-mono" title={q.url}>{q.anchorText ? <span className="font-sans">{q.anchorText} · </span> : null}{q.url}</td>
                  <td className="p-2 text-right tabular-nums">{q.priority.toFixed(4)}</td>
                  <td className="p-2 font-mono">{Object.entries((q.priorityDetail ?? {}) as Record<string, unknown>).map(([k, v]) => `${k} ${String(v)}`).join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      <div>
        <h2 className="mb-2 text-lg font-semibold">{t("pagesTitle")} ({pages.total})</h2>
        {pages.rows.length === 0 ? <p className="text-slate-500">{t("pagesEmpty")}</p> : (
          <table data-testid="pages-table" className="w-full table-fixed rounded border border-slate-200 bg-white text-sm">
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
                    <Link className="text-teal-700 hover:underline" href={`/jobs/${job.id}/pages/${p.id}`}>{p.title || p.url}</Link>
                    <div className="truncate font-mono text-xs text-slate-500">{p.url}</div>
                  </td>
                  <td className={`p-2 text-right ${p.isRelevant ? "font-semibold text-teal-700" : ""}`}>{p.relevance.toFixed(3)}</td>
                  <td className="p-2 text-right">{p.depth}</td>
                  <td className="p-2">{p.pageKind}</td>
                  <td className="p-2 text-xs">{p.fetchedAt.toLocaleTimeString(locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="mt-2 flex gap-3 text-sm">
          {screen > 1 && <Link className="text-teal-700" href={`/jobs/${job.id}?screen=${screen - 1}`}>{t("pagePrev")}</Link>}
          {screen < lastScreen && <Link className="text-teal-700" href={`/jobs/${job.id}?screen=${screen + 1}`}>{t("pageNext")}</Link>}
        </div>
      </div>
    </section>
  );
}

/** Bytes as KB, MB or GB (1024-based), one decimal. */
function formatBytes(n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}
