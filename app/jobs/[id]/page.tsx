import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { getJob } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicLabelWords, type TopicVector } from "@/lib/topic/topic";
import { getT } from "../../i18n";
import { parseId } from "../../json";
import { parseScreen } from "@/lib/results/screen";
import { controlJobAction } from "../actions";
import { PagesPanel, PanelLoading, ProgressPanel, QueuePanel, RawStorage } from "./panels";
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
  const screen = parseScreen((await searchParams).screen);
  const topicWords = topicLabelWords(job.topicSnapshot);
  const feedback = (job.topicSnapshot as Partial<TopicVector> | null)?.feedback;
  const deferred = (job.topicSnapshot as Partial<TopicVector> | null)?.adaptDeferred;
  const actions = job.status === "running" ? ["pause", "stop"] : job.status === "paused" ? ["resume", "stop"] : [];
  const actionLabel = { pause: t("jobPause"), resume: t("jobResume"), stop: t("jobStop") } as Record<string, string>;

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
        <Suspense fallback={null}><RawStorage jobId={job.id} /></Suspense>
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
      {/* Each panel streams in on its own: the header above never waits for the tables. */}
      <Suspense fallback={<PanelLoading />}><ProgressPanel jobId={job.id} /></Suspense>
      <Suspense fallback={<PanelLoading />}><QueuePanel jobId={job.id} /></Suspense>
      <Suspense fallback={<PanelLoading />}><PagesPanel jobId={job.id} screen={screen} /></Suspense>
    </section>
  );
}

