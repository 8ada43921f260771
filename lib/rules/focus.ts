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
 * Looking into hosts is bounded by a share of the job's pages: the URLs leased only because their
 * host was still being looked into (below the bar; jobs.look_ins) stay under LOOK_IN_FREE plus
 * LOOK_IN_SHARE of the pages the job has taken, and beyond that new hosts wait behind the bar like
 * the others until the job has taken more pages. Hosts already being looked into go first (a
 * plain-entry site shows its articles only at its third page), then the most promising. On the
 * long-tail web of 500 hosts, looking into every host spent the whole budget of 1,000 pages, most
 * of it on blogs whose links promised nothing, and best-first harvested what bfs did. With a share
 * of 0.1 the plain-entry site of the realistic web's sample was no longer found in a crawl's first
 * 200 pages (lib/realweb/decoy.db.test.ts); with a quarter, and look-ins that yield no page given
 * back (lib/store/frontier.ts, returnPageBudget), it gives as many as without a share (bench/LAB.md,
 * "Looking into hosts within a share of the pages").
 */
export const LOOK_IN_SHARE = 0.25;
/** Look-ins a job may take before the share applies: its first hosts are looked into at once. */
export const LOOK_IN_FREE = 30;

/**
 * Idle capacity. Holding back keeps the budget for the URLs worth waiting for, but while their
 * few hosts wait out their delay every other host stands idle, and a crawl whose good pages lie on
 * one or two sites ran at one or two pages a second (bench/LAB.md). Unless the job turns it off
 * (`idleCapacity`), when it learns from hosts a claim's slots that no URL above the bar takes go to the best held-back URLs of ready
 * hosts, with three limits. How many: no more than the budget has left beyond the URLs pending
 * above the bar (counted up to FILL_COUNT_CAP; at the cap, none) and beyond as many pages again as
 * the hosts not sunk and not yet done (something pending or in flight) have given relevant ones so
 * far (a productive site is likely to give about as many more, found as its pages are fetched). Which: only URLs the budget would fetch anyway as
 * things stand, at or above the priority of the budget's last page (the URL that many places down
 * the pending queue as the budget has pages left), so idle capacity changes when a page is fetched
 * more than which; counting only the URLs above the bar let the crawl spend its budget across every
 * host before the good site's pages were found. Where: only on hosts not sunk (docs/ALGORITHMS.md
 * §2.8: 20 irrelevant pages in a row and under 1 in 10 relevant) whose feedback is at least
 * FILL_FEEDBACK_SHARE of the bar-setting host's, so a decoy whose pages keep failing the topic gets
 * none of it.
 */
export const FILL_COUNT_CAP = 2_000;
/**
 * Least host feedback for idle capacity, as a share of the bar-setting host's (a new host weighs 1,
 * a site all of whose pages were relevant up to 2). Without it (idle capacity on every host not
 * sunk) R's crawl ran 1.8× as fast in relevant pages a minute, but a portal crawl under politeness
 * harvested 0.15 of its first 60 pages instead of 0.40 (lib/realweb/focus-politeness.db.test.ts).
 */
export const FILL_FEEDBACK_SHARE = 0.5;

/**
 * Default hold-back: URLs below half the best soon-ready priority wait. 0 = take the best URL of
 * any ready host (fastest, least focused), 100 = only URLs as good as the best.
 */
export const DEFAULT_FOCUS_HOLD_BACK = 50;

/** Whether strategy `id` is topic-aware (its priorities predict relevance): it holds back and learns from hosts. */
export function isFocusedStrategy(id: string): boolean {
  return (FOCUSED_STRATEGIES as readonly string[]).includes(id);
}
