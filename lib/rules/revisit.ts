/**
 * Revisits that keep a workflow's results fresh (docs/ALGORITHMS.md §4, seed 002): each page is
 * taken to change as a Poisson process of rate λ, estimated from its history of visits; a re-run
 * revisits first the pages most likely changed since their last visit, 1 − exp(−λ·t).
 */

const DAY_SEC = 86_400;

/**
 * Change rates (per second) assumed for a URL visited only once, by page kind: seed 002 presets
 * "首页 / 链接页 / 内容页" (home, link, content) rates before any change has been seen, home and
 * list pages changing faster than the articles they list.
 */
export const PRIOR_CHANGE_RATES: Record<string, number> = { home: 1 / DAY_SEC, hub: 1 / (2 * DAY_SEC), content: 1 / (7 * DAY_SEC) };

/** Revisits are queued above every strategy's priority (strategies give 0..1, cash and counts rarely reach this). */
export const REVISIT_PRIORITY_BASE = 1_000;

/**
 * The priority a claimed URL passes on to what it finds (its links' cash or rank, its host's
 * sitemaps): a revisit's queue priority only orders the revisits (REVISIT_PRIORITY_BASE + p), so it
 * passes on a seed's, 1; under OPIC a revisited home page otherwise handed each of two links 500.
 */
export function passedOnPriority(item: { priority: number; revisitOf?: string | null }): number {
  return item.revisitOf ? 1 : item.priority;
}

/** Links first found on a page that changed go before the other new URLs: their priority is raised by this much. */
export const FRESH_LINK_BOOST = 100;

/** What is known of a URL's changes over the runs that visited it. */
export interface ChangeHistory {
  /** Visits so far, the first included. */
  visits: number;
  /** Visits after the first that found the content changed since the visit before. */
  changes: number;
  /** Seconds from the first visit to the last. */
  trackedSec: number;
  /** The page's kind (home, hub, content): its prior rate. */
  kind: string;
}

/** The prior change rate of a page kind (content for kinds not listed). */
export function priorChangeRate(kind: string): number {
  return PRIOR_CHANGE_RATES[kind] ?? PRIOR_CHANGE_RATES.content;
}

/**
 * Estimated change rate λ (per second). With n intervals between visits of mean length I and X of
 * them showing a change, Cho & Garcia-Molina's estimator for incomplete change histories,
 * λ = −ln((n − X + 0.5) / (n + 0.5)) / I ("Estimating frequency of change", ACM TOIT 2003): a
 * visit sees at most one change however many happened, and the naive X / (n·I) undercounts fast
 * pages (X = n gives ln(2n + 1) / I, not infinity). The kind's prior, weighed down as 1 / (n + 1),
 * is a floor: a page not yet seen changing is not starved of revisits for good.
 */
export function estimateChangeRate(h: ChangeHistory): number {
  const n = h.visits - 1;
  const prior = priorChangeRate(h.kind);
  if (n < 1 || h.trackedSec <= 0) return prior;
  const x = Math.min(Math.max(h.changes, 0), n);
  const cho = -Math.log((n - x + 0.5) / (n + 0.5)) / (h.trackedSec / n);
  return Math.max(cho, prior / (n + 1));
}

/** The probability that a page of change rate `rate` (per second) changed in `sinceSec` seconds: 1 − exp(−λ·t). */
export function changeProbability(rate: number, sinceSec: number): number {
  return 1 - Math.exp(-rate * Math.max(sinceSec, 0));
}

/** A page to revisit: its history and when it was last visited. */
export interface RevisitCandidate { history: ChangeHistory; lastVisitAt: Date }

/** The probability that `c` changed since its last visit, at `now`. */
export function expectedChange(c: RevisitCandidate, now: Date): number {
  return changeProbability(estimateChangeRate(c.history), (now.getTime() - c.lastVisitAt.getTime()) / 1000);
}

/** Candidates most likely changed first (ties keep their given order), each with its probability. */
export function orderRevisits<T extends RevisitCandidate>(items: T[], now: Date): { item: T; changeProbability: number }[] {
  return items.map((item, i) => ({ item, changeProbability: expectedChange(item, now), i }))
    .sort((a, b) => b.changeProbability - a.changeProbability || a.i - b.i)
    .map(({ item, changeProbability }) => ({ item, changeProbability }));
}

/** The frontier priority of a revisit: above new URLs, ordered by its change probability. */
export function revisitPriority(changeProbability: number): number {
  return REVISIT_PRIORITY_BASE + changeProbability;
}
