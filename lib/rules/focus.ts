/**
 * Focus under politeness. With a per-host delay the claim can only take URLs of hosts that are
 * ready now; taking the best of those lets hundreds of irrelevant ready hosts spend the page
 * budget while the few on-topic hosts wait out their delay. So, for the topic-aware strategies,
 * the claim holds back a URL whose priority is below `holdBack` percent of the best pending
 * priority among hosts that will be ready within their delay, and waits for those hosts instead.
 */

/** Strategies whose priorities say how relevant a URL is likely to be (the claim holds back below them). */
export const FOCUSED_STRATEGIES = ["best-first", "rw", "tr-pagerank", "tr-hits", "cmscrawler"] as const;

/**
 * A host is never held back until it has been tried this many times (pages stored plus URLs
 * failed): its home and column pages may say nothing of the topic while its articles are on it
 * (the realistic web's plain-entry sites, lib/realweb/decoys.ts). The cost is bounded: at most this
 * many pages per host that the focus would not have chosen, and then the host's harvest decides.
 * While held back, such hosts' URLs go first: a claim is mostly for the one or two slots a worker has
 * free, and behind the best URLs they waited for good (a plain-entry site was never looked into).
 */
export const EXPLORE_PAGES = 3;

/**
 * Default hold-back: URLs below half the best soon-ready priority wait. 0 = take the best URL of
 * any ready host (fastest, least focused), 100 = only URLs as good as the best.
 */
export const DEFAULT_FOCUS_HOLD_BACK = 50;

/** Whether strategy `id` is topic-aware (its priorities predict relevance): it holds back and learns from hosts. */
export function isFocusedStrategy(id: string): boolean {
  return (FOCUSED_STRATEGIES as readonly string[]).includes(id);
}
