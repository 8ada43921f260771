import Link from "next/link";
import { notFound } from "next/navigation";
import { findNeighbourPages, getPage, parsePageId } from "@/lib/store/page-queries";
import { PageNav } from "./page-nav";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { findInlinks, findOutlinks, findPageOrigin, findSeedPath } from "@/lib/store/page-origin";
import { outlinkMessages } from "@/lib/i18n/outlink-messages";
import { findDuplicateGroup } from "@/lib/store/duplicate-groups";
import { DuplicateGroupSection } from "./duplicate-group";
import { FieldWeighing, weighingOf } from "./field-weighing";
import { getT } from "../../../../i18n";
import { parseId } from "../../../../json";
import { PageJudge } from "../../judge-buttons";
import { canOperate } from "../../../../auth/current";
import { charsetSourceLabel } from "@/lib/i18n/ops-messages";
import { PageMark, RevisitOrigin } from "./page-mark";
import { replayMessages } from "@/lib/i18n/replay-messages";
import { replayPath } from "@/lib/results/replay-path";

export const dynamic = "force-dynamic";

/**
 * A stored page. Crawled HTML is never rendered in the app: its extracted text is shown as text,
 * and the kept raw HTML only sanitized, from its own URL with a CSP, in an iframe with sandbox="".
 */
export default async function StoredPage({ params }: { params: Promise<{ id: string; pageId: string }> }) {
  const raw = await params;
  const jobId = parseId(raw.id);
  const pageId = parsePageId(raw.pageId);
  const page = jobId === null || pageId === null ? null : await getPage(getPrisma(), jobId, pageId);
  if (!page || jobId === null) notFound();
  const sql = getSql();
  const [origin, path, inlinks, outlinks, group, beside, [run]] = await Promise.all([findPageOrigin(sql, jobId, page.id), findSeedPath(sql, jobId, page.id),
    findInlinks(sql, jobId, page.id), findOutlinks(sql, jobId, page.id), findDuplicateGroup(sql, jobId, page.id),
    findNeighbourPages(getPrisma(), jobId, BigInt(page.id)), sql<{ workflowId: number | null }[]>`select workflow_id as "workflowId" from jobs where id = ${jobId}`]);
  const { locale, t } = await getT();
  const om = outlinkMessages(locale);
  const rm = replayMessages(locale);
  const terms = ((page.explanation as { terms?: { term: string; share: number }[] } | null)?.terms ?? []);
  const weighing = weighingOf(page.explanation);
  const judgement = page.judgement === "relevant" || page.judgement === "irrelevant" ? page.judgement : null;
  return (
    <article className="space-y-4">
      <div className="flex flex-wrap gap-4 text-sm">
        <Link href={`/jobs/${jobId}`} className="text-teal-700">← {t("pageBack")}</Link>
        <Link href={`/jobs/${jobId}/results`} className="text-teal-700">{t("resultsTitle")}</Link>
      </div>
      <PageNav jobId={jobId} newer={beside.newer} older={beside.older} labels={{ prev: t("pageViewPrev"), next: t("pageViewNext"), keys: t("pageViewKeys") }} />
      <h1 data-testid="page-title" className="break-words text-xl font-semibold">{page.title || page.url}</h1>
      {run?.workflowId != null && <PageMark mark={page.mark} visits={page.visits} changes={page.changes} locale={locale} />}
      {await canOperate() && <PageJudge jobId={jobId} pageId={page.id} initial={judgement} labels={{
        relevant: t("judgeRelevant"), irrelevant: t("judgeIrrelevant"), clear: t("judgeClear"), judgedRelevant: t("judgedRelevant"),
        judgedIrrelevant: t("judgedIrrelevant"), failed: t("judgeFailed"),
      }} />}
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2 break-all"><dt className="inline text-slate-500">{t("colUrl")}: </dt>
          <dd data-testid="page-url" className="inline font-mono text-xs">{page.finalUrl}</dd></div>
        <div><dt className="inline text-slate-500">{t("colRelevance")}: </dt>
          <dd className="inline">{page.relevance.toFixed(3)} ({page.isRelevant ? t("relevantYes") : t("relevantNo")})</dd></div>
        <div><dt className="inline text-slate-500">{t("pageHttpStatus")}: </dt><dd className="inline">{page.httpStatus}</dd></div>
        <div><dt className="inline text-slate-500">{t("pageCharset")}: </dt><dd className="inline">{page.charset} ({charsetSourceLabel(locale, page.charsetSource)})</dd></div>
        <div><dt className="inline text-slate-500">{t("colFetchedAt")}: </dt><dd className="inline">{page.fetchedAt.toLocaleString(locale)}</dd></div>
        <div><dt className="inline text-slate-500">{t("pageHost")}: </dt><dd className="inline">{page.host}</dd></div>
        <div><dt className="inline text-slate-500">{t("colDepth")}: </dt><dd className="inline">{page.depth}</dd></div>
        <div><dt className="inline text-slate-500">{t("pageOutlinks")}: </dt><dd className="inline">{page.outLinks}</dd></div>
        {page.redirects.length > 0 && <div className="sm:col-span-2 break-all"><dt className="inline text-slate-500">{t("pageRedirects")}: </dt>
          <dd className="inline font-mono text-xs">{page.redirects.join(" → ")}</dd></div>}
      </dl>
      {group && <DuplicateGroupSection jobId={jobId} group={group} locale={locale} />}
      <div data-testid="page-origin" className="text-sm">
        <h2 className="font-semibold">{t("pageFoundFrom")}</h2>
        {origin?.parentId ? (
          <p className="mt-1 break-words">
            <Link className="text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${origin.parentId}`}>{origin.parentTitle || origin.parentUrl}</Link>
            {origin.anchor ? <span className="text-slate-600"> · {t("pageFoundAnchor")}: “{origin.anchor}”</span> : null}
          </p>
        ) : origin?.revisitOf ? <RevisitOrigin pageId={origin.revisitOf} jobId={origin.revisitJobId} locale={locale} />
          : <p className="mt-1 text-slate-600">{t("pageFoundSeed")}</p>}
        {path.length > 2 && (
          <details className="mt-1">
            <summary className="cursor-pointer text-slate-600">{t("pageSeedPath")} ({path.length - 1})</summary>
            <ol data-testid="page-seed-path" className="mt-1 list-decimal space-y-0.5 pl-6 text-xs">
              {path.map((p) => <li key={p.id} className="break-all"><Link className="text-teal-700" href={`/jobs/${jobId}/pages/${p.id}`}>{p.title || p.url}</Link>
</li>)}
            </ol>
          </details>
        )}
        {inlinks.length > 0 && (
          <details className="mt-1">
            <summary className="cursor-pointer text-slate-600">{t("pageInlinks")} ({inlinks.length}{inlinks.length === 20 ? "+" : ""})</summary>
            <ul data-testid="page-inlinks" className="mt-1 space-y-0.5 text-xs">
              {inlinks.map((l) => <li key={l.id} className="break-all"><Link className="text-teal-700" href={`/jobs/${jobId}/pages/${l.id}`}>{l.title || l.url}</Link>
                {l.anchor ? <span className="text-slate-500"> · “{l.anchor}”</span> : null}</li>)}
            </ul>
          </details>
        )}
        {outlinks.total > 0 && (
          <details className="mt-1">
            <summary className="cursor-pointer text-slate-600">{om.title} ({outlinks.total}{outlinks.links.length < outlinks.total ? ` · ${om.shown.replace("{n}", String(outlinks.links.length)).replace("{total}", String(outlinks.total))}` : ""})</summary>
            <ul data-testid="page-outlinks" className="mt-1 space-y-0.5 text-xs">
              {outlinks.links.map((l, i) => (
                <li key={i} className="break-all">
                  {l.pageId ? <Link className="text-teal-700" href={`/jobs/${jobId}/pages/${l.pageId}`}>{l.title || l.url}</Link> : <span>{l.url}</span>}
                  {l.anchor ? <span className="text-slate-500"> · “{l.anchor}”</span> : null}
                  <span data-status={l.status ?? "none"} className="ml-1 whitespace-nowrap rounded bg-slate-100 px-1 text-slate-600">
                    {l.status ? om[l.status] : om.notQueued}{l.reason ? `: ${l.reason}` : ""}
                    {l.isRelevant !== null ? ` · ${l.isRelevant ? om.relevant : om.irrelevant}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <div data-testid="page-why">
        <h2 className="text-sm font-semibold">{t("pageWhy")} <span className="font-normal text-slate-500">({t("pageTopicRevision")} {page.topicRevision})</span></h2>
        {terms.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-2 text-xs">
            {terms.map((x) => <li key={x.term} className="rounded bg-teal-50 px-2 py-0.5 text-teal-800">{x.term} {(x.share * 100).toFixed(0)}%</li>)}
          </ul>
        )}
        {weighing && <FieldWeighing weighing={weighing} relevance={page.relevance} locale={locale} />}
      </div>
      <div>
        <h2 className="text-sm font-semibold">{t("pageMainText")}</h2>
        <p data-testid="page-text" className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-3 text-sm leading-relaxed">{page.mainText}</p>
      </div>
      {origin?.responseHeaders && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">{t("pageResponseHeaders")}</summary>
          <dl data-testid="page-headers" className="mt-1 grid grid-cols-1 gap-0.5 font-mono text-xs">
            {Object.entries(origin.responseHeaders).map(([k, v]) => <div key={k} className="break-all"><dt className="inline text-slate-500">{k}: </dt><dd className="inline">{v}</dd></div>)}
          </dl>
        </details>
      )}
      <div>
        <div className="flex flex-wrap items-baseline gap-3">
          <h2 className="text-sm font-semibold">{t("pageSnapshot")}</h2>
          {origin?.hasBody && <Link data-testid="page-replay" href={replayPath(jobId, page.url)} title={rm.openHint} className="text-sm text-teal-700 hover:underline">{rm.open} →</Link>}
        </div>
        {origin?.hasBody
          ? <iframe data-testid="page-snapshot" sandbox="" referrerPolicy="no-referrer" title={t("pageSnapshot")}
              src={`/api/jobs/${jobId}/pages/${page.id}/snapshot`} className="mt-1 h-96 w-full rounded border border-slate-200 bg-white" />
          : <p className="mt-1 text-sm text-slate-500">{t("pageNoSnapshot")}</p>}
      </div>
    </article>
  );
}
