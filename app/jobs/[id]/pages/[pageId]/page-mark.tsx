import Link from "next/link";
import type { Locale } from "@/lib/i18n/messages";
import { revisitMessages } from "@/lib/i18n/revisit-messages";
import { fill } from "@/lib/i18n/workflow-messages";
import type { PageMark as Mark } from "@/lib/results/filters";

/** What a workflow run found at this page against the run before, and the URL's visits and changes so far. */
export function PageMark({ mark, visits, changes, locale }: { mark: string; visits: number; changes: number; locale: Locale }) {
  const rm = revisitMessages(locale);
  const m = mark as Mark;
  return (
    <p data-testid="page-mark" data-mark={mark} className="rounded border border-slate-200 bg-white p-2 text-sm">
      <span className="text-slate-500">{rm.pageMark}: </span><strong>{rm.mark[m] ?? mark}</strong>
      <span className="text-slate-600"> · {rm.pageMarkHint[m] ?? ""} </span>
      <span className="text-xs text-slate-500">{fill(rm.visits, { n: visits, changes })}</span>
    </p>
  );
}

/** Where a revisit came from: the previous run's copy of the page (or that it was deleted since). */
export function RevisitOrigin({ pageId, jobId, locale }: { pageId: string; jobId: number | null; locale: Locale }) {
  const rm = revisitMessages(locale);
  return (
    <p data-testid="page-revisit-of" className="mt-1 text-slate-600">
      {jobId === null ? rm.revisitOfDeleted
        : <Link className="text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${pageId}`}>{fill(rm.revisitOf, { run: jobId })}</Link>}
    </p>
  );
}
