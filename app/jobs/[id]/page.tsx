import { WebhooksPanel } from "../../components/webhooks/webhooks-panel";
import { archiveMessages } from "@/lib/i18n/archive-messages";
import { ArchiveButton, ArchiveNotice } from "../../components/archive-button";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { getJob } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicKeywordWords, type TopicVector } from "@/lib/topic/topic";
import { strategyName } from "@/lib/i18n/strategy-messages";
import { SeedList } from "./seed-list";
import { RenderPanel } from "./render-panel";
import { readSeedOrigins } from "@/lib/jobs/seed-origins";
import { seedMessages } from "@/lib/i18n/seed-messages";
import { getT } from "../../i18n";
import { parseId } from "../../json";
import { parseScreen } from "@/lib/results/screen";
import { controlJobAction, deleteJobAction } from "../actions";
import { ConfirmButton } from "./confirm-button";
import { canOperate } from "../../auth/current";
import { PagesPanel, PanelLoading, ProgressPanel, QueuePanel, RawStorage } from "./panels";
import { RefineTopic } from "./refine-topic";
import { canUndoTopicRefinement } from "@/lib/maintenance/refine";
import { getSql } from "@/lib/store/infra/sql";
import { JobTopic } from "./job-topic";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { monitorMessages } from "@/lib/i18n/monitor-messages";
import { parseHostQuery } from "@/lib/store/monitor-hosts";
import { readCrawlSettings } from "@/lib/jobs/settings";
import { ChartsPanel } from "./monitor-charts";
import { DiagnosticsPanel, EventsPanel, SeedOutcomesPanel, TimingPanel } from "./monitor-panels";
import { HostsPanel } from "./hosts-panel";
import { ReportsPanel } from "./reports-panel";
import { JobControls } from "./job-controls";
import { ContinueJob } from "./continue-job";
import { countFrontierPrisma } from "@/lib/store/frontier-counts";
import { fill } from "@/lib/i18n/monitor-messages";
import { settingLabel, settingValueLabel } from "@/lib/i18n/ops-messages";
import { workflowMessages } from "@/lib/i18n/workflow-messages";
import { requestLogMessages } from "@/lib/i18n/request-log-messages";
import { RequestLog } from "./request-log";
import { createWorkflowFromJobAction } from "../../workflows/actions";

export const dynamic = "force-dynamic";

export default async function JobPage({ params, searchParams }: {
  params: Promise<{ id: string }>; searchParams: Promise<{ screen?: string; hsort?: string; hdir?: string; hq?: string; hpage?: string; deleteRefused?: string; archivedDone?: string; unarchivedDone?: string; archiveRefused?: string }>;
}) {
  const id = parseId((await params).id);
  const prisma = getPrisma();
  const job = id === null ? null : await getJob(prisma, id);
  if (!job || id === null) notFound();
  const { locale, t } = await getT();
  const query = await searchParams;
  const screen = parseScreen(query.screen);
  const hosts = parseHostQuery(query);
  const m = monitorMessages(locale);
  const isActive = ["running", "paused"].includes(job.status);
  const isEnded = ["done", "stopped", "failed"].includes(job.status);
  const isOperator = await canOperate();
  // An ended job can be continued from the URLs it left (lib/store/job-continue.ts).
  const leftToFetch = isOperator && isEnded ? (await countFrontierPrisma(prisma, job.id)).pending : 0;
  // Class codes are named with the topic below, not listed as keywords.
  const topicWords = topicKeywordWords(job.topicSnapshot);
  const feedback = (job.topicSnapshot as Partial<TopicVector> | null)?.feedback;
  const deferred = (job.topicSnapshot as Partial<TopicVector> | null)?.adaptDeferred;
  const actions = !isOperator ? [] : job.status === "running" ? ["pause", "stop"] : job.status === "paused" ? ["resume", "stop"] : [];
  const w = workflowMessages(locale);
  const workflow = job.workflowId ? await prisma.workflow.findUnique({ where: { id: job.workflowId }, select: { id: true, name: true } }) : null;
  const actionLabel = { pause: t("jobPause"), resume: t("jobResume"), stop: t("jobStop") } as Record<string, string>;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">#{job.id} {job.name}</h1>
        {job.archivedAt && <span data-testid="job-archived" className="rounded bg-slate-200 px-1.5 text-xs">{archiveMessages(locale).archivedBadge}</span>}
        {actions.map((a) => (
          <form key={a} action={controlJobAction}>
            <input type="hidden" name="jobId" value={job.id} />
            <button name="action" value={a} className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">
              {actionLabel[a]}
            </button>
          </form>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link data-testid="results-link" href={`/jobs/${job.id}/results`} className="inline-block rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800">{t("resultsLink")}</Link>
        {isOperator && !isActive && job.status !== "stopping" && (
          <form action={deleteJobAction}>
            <input type="hidden" name="jobId" value={job.id} />
            <ConfirmButton testId="delete-job" question={t("jobDeleteConfirm").replace("{id}", String(job.id)).replace("{name}", job.name)}
              className="rounded border border-red-300 bg-white px-3 py-1 text-sm text-red-800 hover:bg-red-50">{t("jobDelete")}</ConfirmButton>
          </form>
        )}
        {/* Deleting waits for the job to end: its workers would store pages into rows being deleted. */}
        {isOperator && (isActive || job.status === "stopping") && (
          <button type="button" disabled data-testid="delete-hint" title={t("jobDeleteActive")} aria-label={`${t("jobDelete")}: ${t("jobDeleteActive")}`}
            className="cursor-not-allowed rounded border border-dashed border-slate-300 px-3 py-1 text-sm text-slate-400">{t("jobDelete")}</button>
        )}
        {query.deleteRefused && <p role="alert" className="basis-full text-xs text-red-800">{t("jobDeleteActive")}</p>}
        {isOperator && !isActive && job.status !== "stopping" && <ArchiveButton kind="job" id={job.id} archivedAt={job.archivedAt} back={`/jobs/${job.id}`} m={archiveMessages(locale)} />}
        <div className="basis-full empty:hidden"><ArchiveNotice q={query} m={archiveMessages(locale)} /></div>
        {isOperator && <Link data-testid="clone-link" href={`/jobs/new?clone=${job.id}`} className="inline-block rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">{m.clone}</Link>}
        {isOperator && !isActive && job.status !== "stopping" && (
          <form action={createWorkflowFromJobAction}>
            <input type="hidden" name="jobId" value={job.id} />
            <button data-testid="save-workflow" title={w.fromJobHint} className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">{w.fromJob}</button>
          </form>
        )}
        {workflow && <p data-testid="job-workflow" className="basis-full text-xs text-slate-600">{w.title}: <Link href={`/workflows/${workflow.id}`} className="text-teal-700 hover:underline">#{workflow.id} {workflow.name}</Link>
          {job.workflowVersion ? ` · v${job.workflowVersion}` : ""}</p>}
      </div>
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        {topicWords.length > 0 && <div><dt className="inline text-slate-500">{t("jobKeywords")}: </dt><dd data-testid="job-keywords" className="inline">{topicWords.join("，")}</dd></div>}
        <div><dt className="inline text-slate-500">{t("colStrategy")}: </dt><dd data-testid="job-strategy" className="inline">{strategyName(job.strategy, locale)}</dd></div>
        {/* How pages are fetched decides what a crawl can see (a browser runs the scripts); it belongs beside the strategy, not only in the settings. */}
        <div><dt className="inline text-slate-500">{settingLabel(locale, "fetchMode")}: </dt>
          <dd data-testid="job-fetch-mode" className="inline">{settingValueLabel(locale, "fetchMode", (job.settings as { fetchMode?: string } | null)?.fetchMode ?? "http")}</dd></div>
        {feedback && <div data-testid="topic-feedback" className="sm:col-span-2 text-slate-600">
          {t(feedback.isAuto ? "topicAdapted" : "topicRefined").replace("{pages}", String(feedback.pages)).replace("{judged}", String(feedback.judged))
            .replace("{nonRelevant}", String(feedback.nonRelevant ?? 0))} {feedback.added.join("，")}</div>}
        {deferred && <div data-testid="topic-adapt-deferred" className="sm:col-span-2 text-slate-600">
          {t(deferred.reason === "unsafe" ? "topicAdaptDeferredUnsafe" : "topicAdaptDeferredFew").replace("{pages}", String(deferred.retryAtPages))}</div>}
        <Suspense fallback={null}><RawStorage jobId={job.id} /></Suspense>
        <Suspense fallback={null}><RenderPanel jobId={job.id} /></Suspense>
        <SeedList seeds={job.seeds} origins={readSeedOrigins(job.seedOrigins)} s={seedMessages(locale)} labels={{ seeds: t("jobSeeds"), showAll: t("jobSeedsShowAll") }} />
      </dl>
      <JobTopic m={topicMessages(locale)} snapshot={job.topicSnapshot}
        topic={job.topicId ? { id: job.topicId, name: (await prisma.topic.findUnique({ where: { id: job.topicId }, select: { name: true } }))?.name ?? "", version: job.topicVersion } : undefined} />
      {isOperator && <RefineTopic jobId={job.id} canUndo={await canUndoTopicRefinement(getSql(), job.id)} labels={{
        title: t("refineTitle"), hint: t("refineHint"), pages: t("refinePages"), preview: t("refinePreview"), apply: t("refineApply"), undo: t("refineUndo"),
        done: t("refineDone"), added: t("refineAdded"), removed: t("refineRemoved"), raised: t("refineRaised"), lowered: t("refineLowered"), unchanged: t("refineUnchanged"), liftDropped: t("refineLiftDropped"),
        threshold: t("refineThreshold"), thresholdKept: t("refineThresholdKept"), thresholdSame: t("refineThresholdSame"), thresholdApply: t("refineThresholdApply"), thresholdNone: t("refineThresholdNone"), thresholdApplied: t("refineThresholdApplied"), undone: t("refineUndone"),
        errors: { "no-pages": t("refineErrNoPages"), "no-words": t("refineErrNoWords"), "bad-pages": t("refineErrBadPages"), "no-job": t("refineErrNoJob"), changed: t("refineErrChanged"),
          unsafe: t("refineErrUnsafe"), "nothing-to-undo": t("refineErrNothingToUndo") },
      }} />}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("jobSettings")}</summary>
        {/* getJob hides passwords and cookie values; lists are shown one entry per line. */}
        <dl data-testid="job-settings" className="mt-2 grid grid-cols-1 gap-1 font-mono text-xs sm:grid-cols-2">
          {Object.entries(job.settings as Record<string, unknown>).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)).map(([k, v]) => (
            <div key={k}><dt className="inline font-sans text-slate-500" title={k}>{settingLabel(locale, k)}: </dt><dd className="inline break-all">{settingValueLabel(locale, k, v)}</dd></div>
          ))}
        </dl>
      </details>
      {/* Each panel streams in on its own: the header above never waits for the tables. */}
      <Suspense fallback={<PanelLoading />}><ProgressPanel jobId={job.id} /></Suspense>
      {isOperator && isEnded && (
        <ContinueJob jobId={job.id} spent={job.pagesReserved} maxPages={job.maxPages} pending={leftToFetch} labels={{
          title: m.continueTitle, maxPages: m.continueMaxPages, button: m.continueButton, done: m.continueDone, empty: m.continueEmpty,
          hint: fill(m.continueHint, { pending: leftToFetch, spent: job.pagesReserved, max: job.maxPages }),
        }} />
      )}
      {job.pagesFetched === 0 && <Suspense fallback={null}><SeedOutcomesPanel jobId={job.id} seedCount={job.seeds.length} m={m} locale={locale} /></Suspense>}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Suspense fallback={<PanelLoading />}><DiagnosticsPanel jobId={job.id} status={job.status} m={m} locale={locale} /></Suspense>
        <Suspense fallback={<PanelLoading />}><TimingPanel jobId={job.id} m={m} locale={locale} /></Suspense>
      </div>
      {isActive && isOperator && (
        <details className="text-sm" data-testid="job-controls">
          <summary className="cursor-pointer text-slate-600">{m.controlsTitle}</summary>
          <div className="mt-2"><JobControls jobId={job.id} delayMs={readCrawlSettings({ minDelayMs: (job.settings as { minDelayMs?: number }).minDelayMs }).minDelayMs} labels={{
            jobDelay: m.jobDelay, apply: m.apply, saved: m.saved, addSeeds: m.addSeeds, addSeedsHint: m.addSeedsHint, addSeedsDone: m.addSeedsDone,
          }} /></div>
        </details>
      )}
      <Suspense fallback={<PanelLoading />}><ChartsPanel jobId={job.id} threshold={job.pageThreshold} relevant={job.pagesRelevant} m={m} locale={locale} /></Suspense>
      <Suspense fallback={<PanelLoading />}><HostsPanel jobId={job.id} q={hosts} params={screen > 1 ? { screen: String(screen) } : {}}
        canControl={isActive && isOperator} m={m} locale={locale} /></Suspense>
      <Suspense fallback={<PanelLoading />}><ReportsPanel jobId={job.id} m={m} locale={locale} /></Suspense>
      <Suspense fallback={<PanelLoading />}><EventsPanel jobId={job.id} m={m} locale={locale} /></Suspense>
      <RequestLog jobId={job.id} hosts={(await prisma.host.findMany({ where: { jobId: job.id }, select: { host: true }, orderBy: { host: "asc" }, take: 200 })).map((h) => h.host)}
        isLive={isActive || job.status === "stopping"} m={requestLogMessages(locale)} locale={locale} />
      <Suspense fallback={<PanelLoading />}><QueuePanel jobId={job.id} /></Suspense>
      <Suspense fallback={<PanelLoading />}><PagesPanel jobId={job.id} screen={screen} /></Suspense>
      <Suspense fallback={<PanelLoading />}><WebhooksPanel owner={{ kind: "job", id: job.id }} locale={locale} canEdit={isOperator} /></Suspense>
    </section>
  );
}

