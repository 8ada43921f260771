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
 * Default hold-back: URLs below half the best soon-ready priority wait. 0 = take the best URL of
 * any ready host (fastest, least focused), 100 = only URLs as good as the best.
 */
export const DEFAULT_FOCUS_HOLD_BACK = 50;

/** Whether strategy `id` is topic-aware (its priorities predict relevance): it holds back and learns from hosts. */
export function isFocusedStrategy(id: string): boolean {
  return (FOCUSED_STRATEGIES as readonly string[]).includes(id);
}
