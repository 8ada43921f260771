"use client";
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { JobProgress as Progress } from "@/lib/store/jobs";

/** The page table below refreshes at most this often while counts move. */
const TABLE_REFRESH_MS = 4_000;
/**
 * After a click on a link of the page (a sort, a screen of hosts), no refresh for this long or
 * until the address changes: a refresh while the new page is on its way replaced it with the old
 * one, and on a busy machine the click seemed to do nothing.
 */
const NAVIGATION_GRACE_MS = 15_000;

/** A job's counters, kept current by the server's event stream. */
export function LiveProgress({ jobId, initial, labels }: {
  jobId: number; initial: Progress;
  labels: Record<"status" | "fetched" | "relevant" | "harvest" | "failed" | "frontier" | "budget" | "links" | "finishReason" | "live", string> & { statusNames: Record<string, string>; finishReasons: Record<string, string> };
}) {
  const [p, setP] = useState(initial);
  const [isLive, setLive] = useState(false);
  const router = useRouter();
  const lastRefresh = useRef(Date.now());
  const navigation = useRef<{ from: string; at: number } | null>(null);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      // Only links that load another page of this tab: a download or a new tab leaves this one as it is.
      const link = e.target instanceof Element ? e.target.closest("a[href]:not([download]):not([target=_blank])") : null;
      if (link) navigation.current = { from: location.href, at: Date.now() };
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    const source = new EventSource(`/api/jobs/${jobId}/events`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.onmessage = (e) => {
      const next = JSON.parse(e.data) as Progress;
      setP(next);
      const nav = navigation.current;
      const isNavigating = nav !== null && nav.from === location.href && Date.now() - nav.at < NAVIGATION_GRACE_MS;
      if (!isNavigating && (Date.now() - lastRefresh.current > TABLE_REFRESH_MS || next.status !== "running")) {
        lastRefresh.current = Date.now();
        router.refresh();
      }
    };
    return () => source.close();
  }, [jobId, router]);

  const pending = (p.frontier.pending ?? 0) + (p.frontier.leased ?? 0);
  const cards: [string, string | number, string][] = [
    [labels.status, labels.statusNames[p.status] ?? p.status, "status"],
    [labels.fetched, p.pagesFetched, "fetched"],
    // Failures beside what was fetched: a crawl whose URLs mostly fail shows it at a glance.
    [labels.failed, p.pagesFailed, "failed"],
    [labels.relevant, p.pagesRelevant, "relevant"],
    [labels.harvest, p.pagesFetched ? (p.pagesRelevant / p.pagesFetched).toFixed(3) : "—", "harvest"],
    [labels.frontier, pending, "frontier"],
    // From the same read as fetched and failed, so the three agree (it also counts URLs being fetched).
    [labels.budget, `${p.pagesReserved} / ${p.maxPages}`, "budget"],
  ];
  return (
    <div>
      <div className="mb-1 text-xs text-slate-500">
        <span className={`mr-1 inline-block h-2 w-2 rounded-full ${isLive ? "bg-teal-500" : "bg-slate-300"}`} />{labels.live}
        {p.finishReason && <span className="ml-3">{labels.finishReason}: <span data-testid="finish-reason" data-reason={p.finishReason}>{labels.finishReasons[p.finishReason] ?? p.finishReason}</span></span>}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {cards.map(([label, value, key]) => (
          <div key={key} className="rounded border border-slate-200 bg-white p-3">
            <div className="text-xs text-slate-500">{label}</div>
            <div data-testid={`count-${key}`} className="text-lg font-semibold tabular-nums">{value}</div>
          </div>
        ))}
      </div>
    </div>
  );
}
