import Link from "next/link";
import { notFound } from "next/navigation";
import { getPage, parsePageId } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getT } from "../../../../i18n";
import { parseId } from "../../../../json";

export const dynamic = "force-dynamic";

/** A stored page. Crawled HTML is never rendered: only its extracted text, as text. */
export default async function StoredPage({ params }: { params: Promise<{ id: string; pageId: string }> }) {
  const raw = await params;
  const jobId = parseId(raw.id);
  const pageId = parsePageId(raw.pageId);
  const page = jobId === null || pageId === null ? null : await getPage(getPrisma(), jobId, pageId);
  if (!page) notFound();
  const { locale, t } = await getT();
  const terms = ((page.explanation as { terms?: { term: string; share: number }[] } | null)?.terms ?? []);
  return (
    <article className="space-y-4">
      <Link href={`/jobs/${jobId}`} className="text-sm text-teal-700">← {t("pageBack")}</Link>
      <h1 data-testid="page-title" className="text-xl font-semibold">{page.title || page.url}</h1>
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2 break-all"><dt className="inline text-slate-500">{t("colUrl")}: </dt>
          <dd data-testid="page-url" className="inline font-mono text-xs">{page.finalUrl}</dd></div>
        <div><dt className="inline text-slate-500">{t("colRelevance")}: </dt>
          <dd className="inline">{page.relevance.toFixed(3)} ({page.isRelevant ? t("relevantYes") : t("relevantNo")})</dd></div>
        <div><dt className="inline text-slate-500">{t("pageHttpStatus")}: </dt><dd className="inline">{page.httpStatus}</dd></div>
        <div><dt className="inline text-slate-500">{t("pageCharset")}: </dt><dd className="inline">{page.charset} ({page.charsetSource})</dd></div>
        <div><dt className="inline text-slate-500">{t("colFetchedAt")}: </dt><dd className="inline">{page.fetchedAt.toLocaleString(locale)}</dd></div>
      </dl>
      {terms.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold">{t("pageTerms")}</h2>
          <ul className="mt-1 flex flex-wrap gap-2 text-xs">
            {terms.map((x) => <li key={x.term} className="rounded bg-teal-50 px-2 py-0.5 text-teal-800">{x.term} {(x.share * 100).toFixed(0)}%</li>)}
          </ul>
        </div>
      )}
      <div>
        <h2 className="text-sm font-semibold">{t("pageMainText")}</h2>
        <p data-testid="page-text" className="mt-1 whitespace-pre-wrap rounded border border-slate-200 bg-white p-3 text-sm leading-relaxed">{page.mainText}</p>
      </div>
    </article>
  );
}
