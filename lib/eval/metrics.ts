/**
 * The evaluation measures of seeds 001 and 004 (docs/ALGORITHMS.md §6), computed from one job's
 * fetch log: harvest rate, resource discovery rate (recall), average submitted links,
 * average time per predicted link, MIME contribution ratio, and the page filter's
 * precision, recall and F1 against labels.
 */
import { mimeFromExtension } from "../rules/classify";
import { mimeRelevance } from "../strategy/cmscrawler";
import type { FetchLog } from "../store/measures";

/** A stored page in fetch order. */
export type FetchedPage = FetchLog["pages"][number];
/** A URL the job queued (a link prediction), with when. */
export type QueuedUrl = FetchLog["queued"][number];

/**
 * Ground truth: which URLs are relevant, and how many relevant pages the web has; `sameAs` maps an
 * address to the page's own one where a page is served at several (it counts once).
 */
export interface Labels { relevant: Set<string>; relevantCount: number; sameAs?: Map<string, string> }

/** The measures at one checkpoint (pages fetched). */
export interface Checkpoint {
  pages: number;
  /** Relevant fetched / fetched (relevance from the labels when given, else the page filter). */
  harvestRate: number;
  /** Relevant fetched / relevant in the web (labels only). */
  recall: number | null;
  /** Links queued / relevant pages fetched (seed 001). */
  avgSubmittedLinks: number | null;
  /** Elapsed time / links queued, in ms (seed 001). */
  msPerPredictedLink: number | null;
  /** Queued links whose predicted MIME type is relevant / all queued links (seed 001). */
  mimeContribution: number | null;
  elapsedMs: number;
}

/** Labels from a label file: `{ pages: { url: { relevant, sameAs? } }, relevantCount? }` or `{ url: boolean }`. */
export function parseLabels(json: unknown): Labels {
  const obj = json as { pages?: Record<string, { relevant?: boolean; sameAs?: unknown }>; relevantCount?: number };
  const entries = obj && typeof obj === "object" && obj.pages ? Object.entries(obj.pages).map(([u, v]) => [u, Boolean(v?.relevant)] as const)
    : Object.entries((json ?? {}) as Record<string, unknown>).map(([u, v]) => [u, v === true] as const);
  if (entries.length === 0) throw new Error("the label file has no pages: give {\"pages\": {\"URL\": {\"relevant\": true}}} or {\"URL\": true}");
  const relevant = new Set(entries.filter(([, r]) => r).map(([u]) => u));
  const sameAs = new Map(Object.entries(obj?.pages ?? {}).flatMap(([u, v]) => (typeof v?.sameAs === "string" ? [[u, v.sameAs] as const] : [])));
  const pageCount = new Set([...relevant].map((u) => sameAs.get(u) ?? u)).size;
  return { relevant, relevantCount: obj?.relevantCount ?? pageCount, ...(sameAs.size ? { sameAs } : {}) };
}

/**
 * Whether a fetched page of `pages` (a crawl, in fetch order) counts as relevant: by the labels
 * when given, else by the page filter. With labels a page counts once, at its first fetch: its
 * fetch under a second address (`sameAs`) does not.
 */
export function relevanceBy(labels: Labels | undefined, pages: readonly FetchedPage[]): (p: FetchedPage) => boolean {
  if (!labels) return (p) => p.isRelevant;
  const firstFetches = new Set<FetchedPage>();
  const counted = new Set<string>();
  for (const p of pages) {
    if (!labels.relevant.has(p.url)) continue;
    const page = labels.sameAs?.get(p.url) ?? p.url;
    if (counted.has(page)) continue;
    counted.add(page);
    firstFetches.add(p);
  }
  return (p) => firstFetches.has(p);
}

/** The measures at each checkpoint that the crawl reached (and at its end). */
export function measure(pages: FetchedPage[], queued: QueuedUrl[], opts: { checkpoints: number[]; startedAt: number; labels?: Labels }): Checkpoint[] {
  const isRelevant = relevanceBy(opts.labels, pages);
  const marks = [...new Set([...opts.checkpoints.filter((c) => c <= pages.length), pages.length])].filter((c) => c > 0).sort((a, b) => a - b);
  const sortedQueued = [...queued].sort((a, b) => a.at - b.at);
  let relevant = 0;
  let q = 0;
  let htmlish = 0;
  const out: Checkpoint[] = [];
  let next = 0;
  pages.forEach((p, i) => {
    if (isRelevant(p)) relevant++;
    while (q < sortedQueued.length && sortedQueued[q].at <= p.at) {
      if (mimeRelevance(mimeFromExtension(sortedQueued[q].url), "html") > 0) htmlish++;
      q++;
    }
    if (i + 1 !== marks[next]) return;
    next++;
    const elapsed = p.at - opts.startedAt;
    out.push({
      pages: i + 1,
      harvestRate: relevant / (i + 1),
      recall: opts.labels ? relevant / Math.max(1, opts.labels.relevantCount) : null,
      avgSubmittedLinks: relevant ? q / relevant : null,
      msPerPredictedLink: q ? elapsed / q : null,
      mimeContribution: q ? htmlish / q : null,
      elapsedMs: elapsed,
    });
  });
  return out;
}

/** Precision, recall and F1 of the page filter (is_relevant) against the labels, over the fetched pages. */
export function filterAccuracy(pages: FetchedPage[], labels: Labels) {
  let tp = 0, fp = 0, fn = 0;
  for (const p of pages) {
    const truth = labels.relevant.has(p.url);
    if (p.isRelevant && truth) tp++;
    else if (p.isRelevant) fp++;
    else if (truth) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Minutes after a job's start at which the relevant pages found are reported (Compare page, lab). */
export const TIME_MARKS_MINUTES = [1, 2, 5, 10];

/** Relevant pages found by a moment of the crawl, `minutes` after its start. */
export interface TimePoint { minutes: number; relevant: number }

/**
 * Relevant pages found by each of `minutes` after `startedAt`, for the marks the crawl has reached
 * by `until`: now while it runs; Infinity once it ended, whose count by a later mark is what it
 * found in all (a crawl that ended at 74 s had found by 2 minutes all it found). `pages` in fetch order.
 */
export function relevantByTime(pages: readonly FetchedPage[], startedAt: number, until: number, minutes: readonly number[], isRelevant: (p: FetchedPage) => boolean = (p) => p.isRelevant): TimePoint[] {
  const out: TimePoint[] = [];
  let i = 0, relevant = 0;
  for (const m of [...minutes].sort((a, b) => a - b)) {
    const at = startedAt + m * 60_000;
    if (at > until) break;
    for (; i < pages.length && pages[i].at <= at; i++) if (isRelevant(pages[i])) relevant++;
    out.push({ minutes: m, relevant });
  }
  return out;
}

/** About `points` evenly spaced marks (in minutes, at least every 5 s) from the start to `until` and `until` itself, for a curve by time. */
export function timeMarks(startedAt: number, until: number, points = 60): number[] {
  const span = Math.max(0, until - startedAt);
  const step = Math.max(5_000, Math.ceil(span / points / 1000) * 1000);
  const marks = Array.from({ length: Math.floor(span / step) + 1 }, (_, k) => (k * step) / 60_000);
  // The end too, so that the curve reaches what the crawl found in all.
  if (span % step !== 0) marks.push(span / 60_000);
  return marks;
}

/**
 * The most relevant pages a minute any crawl polite at `delayMs` per host could reach in `ms`:
 * each host gives at most one page per delay (and the first at once), so in that time at most
 * Σ over hosts of min(its relevant pages, ⌊ms / delay⌋ + 1) relevant pages are fetched. A crawl
 * cannot go faster than the machine lets it fetch its budget, so with `ms` the fastest crawl's
 * time this bounds the rate of every strategy that fetches as many pages; relevant pages that lie
 * on few hosts cap it, whatever the strategy. A page served at several addresses counts once.
 */
export function politeRelevantBound(labels: Labels, delayMs: number, ms: number): { relevant: number; perMinute: number } {
  const perHost = new Map<string, number>();
  const pages = new Set([...labels.relevant].map((url) => labels.sameAs?.get(url) ?? url));
  for (const url of pages) {
    let host: string;
    try { host = new URL(url).host; } catch { continue; }
    perHost.set(host, (perHost.get(host) ?? 0) + 1);
  }
  const most = delayMs > 0 ? Math.floor(ms / delayMs) + 1 : Infinity;
  const relevant = [...perHost.values()].reduce((sum, n) => sum + Math.min(n, most), 0);
  return { relevant, perMinute: ms > 0 ? relevant / (ms / 60_000) : 0 };
}
