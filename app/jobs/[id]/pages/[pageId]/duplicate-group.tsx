/** The page view's near-duplicate group: an original's duplicates, or a duplicate's original and siblings. */
import Link from "next/link";
import type { Locale } from "@/lib/i18n/messages";
import { countText, dupMessages } from "@/lib/i18n/dup-messages";
import { DUPLICATE_COUNT_CAP, type DuplicateGroup } from "@/lib/store/duplicate-groups";

/** Groups up to this size show their list open; larger ones fold it, as the inlinks and outlinks are. */
const OPEN_LIST_MAX = 5;

/** The group section; nothing for a page that is no one's duplicate and has none. */
export function DuplicateGroupSection({ jobId, group, locale }: { jobId: number; group: DuplicateGroup; locale: Locale }) {
  const dm = dupMessages(locale);
  if (!group.original && group.count === 0) return null;
  const groupLink = (
    <Link data-testid="page-group-link" className="text-teal-700 hover:underline" href={`/jobs/${jobId}/results?dupOf=${group.originalId}`}>
      {dm.pageViewGroup}
    </Link>
  );
  const listed = group.duplicates.length;
  return (
    <section data-testid="page-duplicates" className="space-y-1 text-sm">
      <h2 className="font-semibold">{dm.pageTitle}</h2>
      {group.original ? (
        <>
          <p className="break-words">{dm.pageIsDuplicate}{" "}
            <Link data-testid="page-original" className="text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${group.original.id}`}>
              {group.original.title || group.original.url}
            </Link>
          </p>
          <p className="text-slate-600">
            {group.count > 1 ? countText(dm.pageSiblings, group.count - 1, DUPLICATE_COUNT_CAP - 1) : dm.pageNoSiblings} {groupLink}
          </p>
        </>
      ) : (
        <>
          <p className="text-slate-600">{countText(dm.pageDuplicates, group.count, DUPLICATE_COUNT_CAP)} {groupLink}</p>
          <details open={group.count <= OPEN_LIST_MAX}>
            <summary className="cursor-pointer text-slate-600">
              {(listed < group.count ? dm.pageListFirst : dm.pageListAll).replace("{n}", String(listed))}
            </summary>
            <ul data-testid="page-duplicate-list" className="mt-1 space-y-0.5 text-xs">
              {group.duplicates.map((d) => (
                <li key={d.id} className="break-all">
                  <Link className="text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${d.id}`}>{d.title || d.url}</Link>
                  {d.title && <span className="ml-1 font-mono text-slate-500">{d.url}</span>}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}
