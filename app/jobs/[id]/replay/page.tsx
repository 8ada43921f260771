import Link from "next/link";
import { notFound } from "next/navigation";
import { canonicalizeUrl } from "@/lib/rules/url";
import { getSql } from "@/lib/store/infra/sql";
import { readCapture, readReplayDocument, readTimeline, type TimelineEntry } from "@/lib/store/replay";
import { replayPath } from "@/lib/results/replay-path";
import { replayMessages } from "@/lib/i18n/replay-messages";
import type { Locale } from "@/lib/i18n/messages";
import { getT } from "../../../i18n";
import { parseId } from "../../../json";

export const dynamic = "force-dynamic";

type Messages = ReturnType<typeof replayMessages>;

/**
 * A captured page replayed inside the dashboard: a bar saying what it is (the original URL, when it
 * was captured, its status, the captures of the same URL in the workflow's runs) above the
 * captured document, served by /api/jobs/{id}/replay in an iframe sandboxed without scripts. Its
 * links lead here again: to their captured copies, or to the notice that the job did not capture them.
 */
export default async function ReplayPage({ params, searchParams }: {
  params: Promise<{ id: string }>; searchParams: Promise<{ url?: string | string[] }>;
}) {
  const jobId = parseId((await params).id);
  const sql = getSql();
  const [job] = jobId === null ? [] : await sql<{ id: number }[]>`select id from jobs where id = ${jobId}`;
  if (!job || jobId === null) notFound();
  const { locale } = await getT();
  const m = replayMessages(locale);
  const raw = (await searchParams).url;
  const asked = typeof raw === "string" ? raw : "";
  const canonical = asked ? canonicalizeUrl(asked) : null;
  /** Back to the results, and to the page's details once there is a capture. */
  const header = (pageId?: string) => (
    <div className="flex flex-wrap gap-4 text-sm">
      <Link href={`/jobs/${jobId}/results`} className="text-teal-700">{m.back}</Link>
      {pageId && <Link href={`/jobs/${jobId}/pages/${pageId}`} className="text-teal-700">{m.pageView}</Link>}
    </div>
  );
  if (!canonical || !canonical.ok) {
    return (
      <div className="space-y-3">
        {header()}
        <h1 className="text-xl font-semibold">{m.title}</h1>
        <p data-testid="replay-error" role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 break-words">
          {asked ? m.badUrl.replace("{url}", asked.slice(0, 300)) : m.missingUrl}
        </p>
      </div>
    );
  }
  const url = canonical.url;
  const [capture, timeline] = await Promise.all([readCapture(sql, jobId, url), readTimeline(sql, jobId, url)]);
  if (!capture) {
    const elsewhere = timeline.filter((e) => e.jobId !== jobId);
    return (
      <div className="space-y-3">
        {header()}
        <h1 className="text-xl font-semibold">{m.title}</h1>
        <section data-testid="replay-notice" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <h2 className="font-semibold">{m.notCapturedTitle}</h2>
          <p data-testid="replay-notice-url" className="break-all font-mono text-xs">{url}</p>
          <p>{m.notCapturedText}</p>
          {elsewhere.length > 0 && <div><p>{m.notCapturedOther}</p><Timeline entries={elsewhere} current={null} m={m} locale={locale} /></div>}
        </section>
      </div>
    );
  }
  const doc = capture.hasBody ? await readReplayDocument(sql, jobId, capture, m.notCapturedTitle) : null;
  return (
    <div className="space-y-3">
      {header(capture.pageId)}
      <h1 data-testid="replay-title" className="break-words text-xl font-semibold">{m.titleOf.replace("{title}", capture.title || capture.finalUrl)}</h1>
      <section data-testid="replay-bar" className="space-y-1 rounded border border-slate-200 bg-slate-50 p-2 text-sm">
        <p className="break-all"><span className="text-slate-500">{m.original}: </span>
          <span data-testid="replay-url" className="font-mono text-xs">{capture.finalUrl}</span></p>
        <p className="flex flex-wrap gap-x-4">
          <span><span className="text-slate-500">{m.capturedAt}: </span><span data-testid="replay-captured-at">{capture.fetchedAt.toLocaleString(locale)}</span></span>
          <span><span className="text-slate-500">{m.status}: </span>{capture.httpStatus}</span>
        </p>
        {timeline.length > 1 && (
          <div data-testid="replay-timeline">
            <span className="text-slate-500">{m.timeline.replace("{n}", String(timeline.length))}: </span>
            <Timeline entries={timeline} current={capture.pageId} m={m} locale={locale} />
          </div>
        )}
        <p className="text-slate-600">{m.safety}</p>
        {doc && <p data-testid="replay-links" className="text-slate-600">{m.links.replace("{captured}", String(doc.links.captured)).replace("{missing}", String(doc.links.missing))}</p>}
        {doc?.isSnapshot && <p data-testid="replay-snapshot-only" className="text-amber-800">{m.snapshotOnly}</p>}
        {doc && doc.resourcesDropped > 0 && <p className="text-slate-600">{m.dropped.replace("{n}", String(doc.resourcesDropped))}</p>}
      </section>
      {doc ? (
        <iframe data-testid="replay-frame" sandbox="allow-top-navigation-by-user-activation" referrerPolicy="no-referrer" title={m.frameTitle}
          src={`/api/jobs/${jobId}/replay?url=${encodeURIComponent(url)}`} className="h-[70vh] w-full rounded border border-slate-200 bg-white" />
      ) : (
        <section data-testid="replay-no-body" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <h2 className="font-semibold">{m.noBodyTitle}</h2>
          <p>{m.noBodyText}</p>
        </section>
      )}
    </div>
  );
}

/** The captures of one URL, oldest first, each opening its own replay; `current` is the one shown. */
function Timeline({ entries, current, m, locale }: { entries: TimelineEntry[]; current: string | null; m: Messages; locale: Locale }) {
  return (
    <ol className="mt-1 flex flex-wrap gap-2">
      {entries.map((e) => {
        const label = `${e.run === null ? m.thisJob : m.run.replace("{n}", String(e.run))} · ${e.fetchedAt.toLocaleString(locale)}${e.mark === "unchanged" ? ` · ${m.timelineUnchanged}` : ""}`;
        return (
          <li key={e.pageId}>
            {e.pageId === current
              ? <span aria-current="true" className="rounded border border-teal-600 bg-teal-50 px-2 py-0.5 text-xs">{label}</span>
              : <Link href={replayPath(e.jobId, e.url)} className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-teal-700 hover:bg-slate-100">{label}</Link>}
          </li>
        );
      })}
    </ol>
  );
}
