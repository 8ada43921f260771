import Link from "next/link";
import { notFound } from "next/navigation";
import { getSql } from "@/lib/store/infra/sql";
import type { Locale, MessageKey } from "@/lib/i18n/messages";
import { parseResultFilters, RESULTS_PAGE_DUP, toSearchParams, type FilterProblem, type ResultFilters } from "@/lib/results/filters";
import { countText, dupMessages } from "@/lib/i18n/dup-messages";
import { DUPLICATE_COUNT_CAP } from "@/lib/store/duplicate-groups";
import { highlightTerms } from "@/lib/results/snippet";
import { EXPORT_FORMATS, STREAMED_FORMATS } from "@/lib/export/export-job";
import { EXPORT_STALE_MS } from "@/lib/export/export-run";
import { exportMessages } from "@/lib/i18n/export-messages";
import { listJobExportFiles, MAX_RUNNING_EXPORTS, type ExportFileRow } from "@/lib/store/exports";
import { countHosts, countResults, estimateJobPrecision, listResults, prepareResultQuery, RANK_CANDIDATES, type ResultRow } from "@/lib/store/results";
import { getT } from "../../../i18n";
import { canOperate, currentIdentity } from "../../../auth/current";
import { judgeMessages } from "@/lib/i18n/judge-messages";
import { JUDGE_BATCH_SIZE } from "@/lib/results/judge-batch";
import { parseId } from "../../../json";
import { ExportFiles, type ExportItem } from "./export-files";
import { FilterForm } from "./filter-form";
import { revisitMessages } from "@/lib/i18n/revisit-messages";
import { fill } from "@/lib/i18n/workflow-messages";
import { checkSinceRun, type SinceProblem } from "@/lib/store/revisits";
import type { PageMark } from "@/lib/results/filters";
import { hasRole } from "@/lib/auth/roles";
import { ResultsList, type ListRow } from "./results-list";
import { replayMessages } from "@/lib/i18n/replay-messages";

export const dynamic = "force-dynamic";

/** Descriptions of allowed values in Chinese; enumerations (relevant|hub ...) stay as they are typed. */
const ZH_ALLOWED: Record<string, string> = {
  "0..1": "0 到 1 之间的数", "0..1000": "0 到 1000 之间的整数", "100..599": "100 到 599 之间的整数", "a host name": "主机名",
  "search text (up to 200 characters)": "最多 200 字的搜索文本", "a MIME type such as text/html": "MIME 类型，如 text/html",
  "a date YYYY-MM-DD": "日期，格式 YYYY-MM-DD", "a topic revision 1..1000000": "主题版本号（1 到 1000000）", "a cursor from the previous screen's next link": "“下一页”链接中的游标",
  "an earlier run (job id) of the same workflow: pages new or changed since then": "同一工作流更早的一次运行（任务编号）：只看那之后新增或变化的页面",
};

function describeProblem(p: FilterProblem, locale: Locale, t: (k: MessageKey) => string): string {
  const allowed = locale === "zh-CN" ? (ZH_ALLOWED[p.allowed] ?? dupMessages(locale).allowed[p.allowed] ?? p.allowed.replace(/^at most max \((.+)\)$/, "不大于相关度上限 $1")) : p.allowed;
  return t("resultsBadParam").replace("{param}", p.param).replace("{value}", p.value).replace("{allowed}", allowed);
}

/** A refused "since" in the interface's language. */
function describeSinceProblem(p: SinceProblem, since: number, rm: ReturnType<typeof revisitMessages>): string {
  const reason = p.reason === "not-a-run" ? rm.badSinceNotRun : p.reason === "first-run" ? rm.badSinceFirst : fill(rm.badSinceNotEarlier, { runs: p.runs.slice(0, 10).join(", ") });
  return fill(rm.badSince, { since, reason });
}

function toListRow(r: ResultRow, terms: string[], locale: Locale, t: (k: MessageKey) => string, isRun = false): Omit<ListRow, "isOriginal" | "group"> {
  return {
    mark: isRun ? { value: r.mark, label: revisitMessages(locale).mark[r.mark as PageMark] ?? r.mark } : null,
    id: r.id, title: r.title, url: r.finalUrl, host: r.host, relevance: r.relevance.toFixed(3), isRelevant: r.isRelevant,
    judgement: r.judgement === "relevant" || r.judgement === "irrelevant" ? r.judgement : null, depth: r.depth,
    kind: t(`kind_${r.pageKind}` as MessageKey) ?? r.pageKind, status: r.httpStatus, fetchedAt: r.fetchedAt.toLocaleString(locale),
    isDuplicate: r.duplicateOf !== null, snippet: terms.length ? highlightTerms(r.snippet, terms) : [],
  };
}

function toExportItem(r: ExportFileRow): ExportItem {
  return {
    id: r.id, format: r.format, filters: r.filters, status: r.status, pagesTotal: r.pagesTotal, pagesDone: r.pagesDone,
    bytesWritten: Number(r.bytesWritten), isSnapshot: r.isSnapshot, isStale: r.isStale, error: r.error,
    startedBy: r.startedBy, startedByName: r.startedByName,
  };
}

/** A job's results: filters, search, sort, keyset screens, judging, precision estimate, export and export files. */
export default async function ResultsPage({ params, searchParams }: {
  params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const id = parseId((await params).id);
  const sql = getSql();
  const [job] = id === null ? [] : await sql<{ id: number; name: string; status: string; workflowId: number | null; earlierRuns: number[] | null }[]>`
    select id, name, status::text as status, workflow_id as "workflowId", (select array_agg(r.id order by r.id desc) from (select r.id from jobs r
      where r.workflow_id = j.workflow_id and r.id < j.id order by r.id desc limit 20) r) as "earlierRuns"
    from jobs j where id = ${id}`;
  if (!job || id === null) notFound();
  const { locale, t } = await getT();
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) for (const x of [v ?? []].flat()) query.append(k, x);
  const filtersParsed = parseResultFilters(query);
  // "New or changed since run N" names an earlier run of the same workflow, or it is refused with why.
  const sinceProblem = filtersParsed.ok && filtersParsed.value.since !== undefined ? await checkSinceRun(sql, id, filtersParsed.value.since) : null;
  const parsed = sinceProblem ? { ok: false as const, problem: null } : filtersParsed;
  const rm = revisitMessages(locale);
  const isRun = job.workflowId !== null;
  const named: ResultFilters = parsed.ok ? parsed.value : filtersParsed.ok ? { ...filtersParsed.value, since: undefined } : { sort: "relevance" };
  const f: ResultFilters = named.dup || named.dupOf ? named : { ...named, dup: RESULTS_PAGE_DUP };
  const dm = dupMessages(locale);
  const replayM = replayMessages(locale);
  const rq = prepareResultQuery(id, f);
  const [screen, total, hosts, quality, exportFiles] = await Promise.all([
    parsed.ok ? listResults(sql, rq) : { rows: [], next: null }, parsed.ok ? countResults(sql, rq) : { count: 0, isMore: false }, countHosts(sql, rq), estimateJobPrecision(sql, id),
    listJobExportFiles(sql, id, EXPORT_STALE_MS),
  ]);
  const base = toSearchParams({ ...f, after: undefined });
  // Grouped, a row's "+N" opens its group with the view's other filters, so the group lists those N.
  const toRow = (r: ResultRow): ListRow => ({
    ...toListRow(r, rq.terms, locale, t, isRun), isOriginal: f.dupOf === r.id,
    group: r.duplicates ? {
      text: countText(dm.more, r.duplicates, DUPLICATE_COUNT_CAP), href: `/jobs/${id}/results?${toSearchParams(f, { after: undefined, dupOf: r.id })}`,
    } : null,
  });
  const exportQuery = (format: string) => { const q = new URLSearchParams(base); q.set("format", format); return q.toString(); };
  const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(0)}%`);
  const isRunning = ["queued", "running", "paused", "stopping"].includes(job.status);
  const who = await currentIdentity();

  return (
    <section className="space-y-4">
      <Link href={`/jobs/${id}`} className="text-sm text-teal-700">← #{job.id} {job.name}</Link>
      <h1 className="text-xl font-semibold">{t("resultsTitle")}</h1>
      <p data-testid="results-precision" className="text-sm text-slate-600">
        {quality ? t("resultsPrecision").replace("{judged}", String(quality.judged)).replace("{precision}", pct(quality.precision)).replace("{recall}", pct(quality.recall))
          : t(hasRole(who.role, "operator") ? "resultsPrecisionNone" : "resultsPrecisionNoneRead")}
      </p>
      {await canOperate() && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-teal-200 bg-teal-50 p-2 text-sm">
          <Link data-testid="judge-these" href={`/jobs/${id}/results/judge`}
            className="rounded bg-teal-700 px-3 py-1 font-medium text-white hover:bg-teal-800">{judgeMessages(locale).open}</Link>
          <span className="text-slate-700">{fill(judgeMessages(locale).openHint, { n: JUDGE_BATCH_SIZE })}</span>
        </div>
      )}
      {!parsed.ok && <p role="alert" data-testid="results-error" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
        {parsed.problem ? describeProblem(parsed.problem, locale, t) : describeSinceProblem(sinceProblem!, filtersParsed.ok ? filtersParsed.value.since! : 0, rm)}</p>}
      {parsed.ok && f.since !== undefined && <p data-testid="results-since-hint" className="text-xs text-slate-600">{fill(rm.sinceHint, { id: f.since })}</p>}
      {f.dupOf && (
        <div data-testid="results-group" className="rounded border border-teal-200 bg-teal-50 p-2 text-sm">
          <p className="font-medium">{dm.groupTitle.replace("{id}", f.dupOf)}</p>
          <p className="text-xs text-slate-600">{dm.groupHint}</p>
          <div className="mt-1 flex flex-wrap gap-x-4">
            <Link className="text-teal-700" href={`/jobs/${id}/pages/${f.dupOf}`}>{dm.groupOriginal.replace("{id}", f.dupOf)}</Link>
            <Link data-testid="results-group-leave" className="text-teal-700" href={`/jobs/${id}/results?${toSearchParams(f, { after: undefined, dupOf: undefined })}`}>{dm.groupLeave}</Link>
          </div>
        </div>
      )}
      <FilterForm jobId={id} f={f} hosts={hosts} t={t} dm={dm} marks={isRun ? { earlierRuns: job.earlierRuns ?? [], rm } : undefined} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="results-count" className="font-medium">{t("resultsCount").replace("{count}", `${total.count}${total.isMore ? "+" : ""}`)}</span>
        {f.dup === "group" && <span className="text-xs text-slate-500">{dm.countGrouped}</span>}
        <span className="ml-auto text-slate-600">{t("resultsExport")}:</span>
        {STREAMED_FORMATS.map((format) => (
          <a key={format} data-testid={`export-${format}`} href={`/api/jobs/${id}/export?${exportQuery(format)}`} download
            className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100">{format.toUpperCase()}</a>
        ))}
      </div>
      <p className="text-xs text-slate-500">{isRunning ? t("resultsSnapshot") : t("resultsExportHint")}</p>
      {parsed.ok && (
        <ExportFiles jobId={id} filters={base.toString()} formats={EXPORT_FORMATS} initial={exportFiles.map(toExportItem)}
          m={exportMessages(locale)} locale={locale} maxRunning={MAX_RUNNING_EXPORTS} actor={{ userId: who.userId, role: who.role }} />
      )}
      {f.q && f.sort === "rank" && (total.isMore || total.count > RANK_CANDIDATES) && (
        <p className="text-xs text-slate-500">{t("resultsRankBounded").replace("{n}", String(RANK_CANDIDATES))}</p>
      )}
      {screen.rows.length === 0 ? <p className="text-slate-500">{t("resultsEmpty")}</p> : (
        <ResultsList jobId={id} canJudge={hasRole(who.role, "operator")} rows={screen.rows.map(toRow)} labels={{
          relevant: t("judgeRelevant"), irrelevant: t("judgeIrrelevant"), clear: t("judgeClear"), judgedRelevant: t("judgedRelevant"),
          judgedIrrelevant: t("judgedIrrelevant"), failed: t("judgeFailed"), keys: hasRole(who.role, "operator") ? t("resultsKeys") : t("resultsKeysRead"), depth: t("resultsDepth"),
          tick: t("resultsTick"), tickAll: t("resultsTickAll"), ticked: t("resultsTicked"), bulkRelevant: t("resultsBulkRelevant"), bulkIrrelevant: t("resultsBulkIrrelevant"),
          duplicate: dm.duplicate, original: dm.original, replay: replayM.open, replayHint: replayM.openHint,
        }} />
      )}
      <div className="flex gap-4 text-sm">
        {f.after && <Link className="text-teal-700" href={`/jobs/${id}/results?${base}`}>{t("resultsFirst")}</Link>}
        {screen.next && <Link data-testid="results-next" className="text-teal-700" href={`/jobs/${id}/results?${base.size ? `${base}&` : ""}after=${screen.next}`}>{t("resultsNext")}</Link>}
      </div>
    </section>
  );
}
