"use client";
/** Previous and next stored page, in the job page's order (newest first), with the keys k and j. */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useShortcutKeys } from "../../judge-buttons";

/** The links and the keys: j the next (older) page, k the previous (newer) one, as in the results list. */
export function PageNav({ jobId, newer, older, labels }: { jobId: number; newer: string | null; older: string | null; labels: { prev: string; next: string; keys: string } }) {
  const router = useRouter();
  const href = (id: string) => `/jobs/${jobId}/pages/${id}`;
  const ready = useShortcutKeys((key) => {
    const to = key === "j" ? older : key === "k" ? newer : null;
    if (!to) return false;
    router.push(href(to));
    return true;
  });
  const link = "rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100";
  return (
    <nav data-testid="page-nav" data-keys={ready ? "ready" : "pending"} className="flex flex-wrap items-center gap-2 text-sm">
      {newer ? <Link data-testid="page-prev" href={href(newer)} className={link}>← {labels.prev}</Link> : <span className="px-2 text-slate-400">← {labels.prev}</span>}
      {older ? <Link data-testid="page-next" href={href(older)} className={link}>{labels.next} →</Link> : <span className="px-2 text-slate-400">{labels.next} →</span>}
      <span className="text-xs text-slate-500">{labels.keys}</span>
    </nav>
  );
}
