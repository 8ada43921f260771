/**
 * Reading sitemaps in the pipeline: the sitemap files a host's robots.txt names (else
 * /sitemap.xml) are queued when the job reads sitemaps; a claimed sitemap file is fetched under
 * the host's politeness like a page, and the pages it lists are queued, scored like links by
 * the job's strategy, with their lastmod; an index's files are queued one level below.
 */
import type { ClaimedUrl } from "../store/claim/claim";
import { storeNonPage } from "../store/pages";
import { queueSitemaps, storeSitemap } from "../store/sitemaps";
import type { Sql } from "../store/infra/sql";
import { loadStrategyState } from "../store/strategy-state";
import { emptyState } from "../strategy/types";
import { linkRejections, PAGE_LEVEL_REASONS } from "../rules/traps";
import { parseSitemap, sitemapsOfRobots, sitemapText, type SitemapEntry } from "../rules/sitemap";
import { passedOnPriority } from "../rules/revisit";
import type { Fetcher, FetchRequestOptions } from "./fetch";
import type { JobContext } from "./job-context";

/** Files an index may add below it: enough for a large site's sections, not an endless list. */
export const MAX_SITEMAPS_PER_INDEX = 50;
/** Index levels followed below the files robots.txt names (the protocol allows none; sites nest once, rarely twice). */
export const MAX_SITEMAP_LEVEL = 2;

/** What reading a sitemap needs from its worker. */
export interface SitemapDeps { sql: Sql; workerId: string; fetcher: Fetcher }

/** How reading a sitemap file ended: its pages and files queued, or skipped with why (no such file, not a sitemap). */
export type SitemapResult = "read" | "skipped";

/**
 * When the job reads sitemaps: queue the host's sitemap files, those its robots.txt names (on
 * its own host) or else /sitemap.xml, with `priority` (the URL that fetched robots.txt's), so
 * that they are read early.
 */
export async function queueHostSitemaps(sql: Sql, ctx: JobContext, item: ClaimedUrl, robotsBody: string | null): Promise<number> {
  if (!ctx.settings.sitemaps) return 0;
  const listed = robotsBody ? sitemapsOfRobots(robotsBody, item.host) : [];
  const urls = listed.length ? listed.slice(0, MAX_SITEMAPS_PER_INDEX) : [`${new URL(item.url).origin}/sitemap.xml`];
  return queueSitemaps(sql, item.jobId, item.host, urls.filter((u) => ctx.inScope(u).allowed), passedOnPriority(item));
}

/** The pages of a sitemap as links of the host's front page, scored by the job's strategy, under the job's trap rules. */
async function scorePages(sql: Sql, ctx: JobContext, item: ClaimedUrl, entries: SitemapEntry[]) {
  const links = entries.map((e) => ({ url: e.url, host: e.host, anchor: "" }));
  const s = ctx.settings;
  const reasons = linkRejections(links.map((l) => l.url), 1, {
    maxDepth: ctx.maxDepth, maxRepeatedSegments: s.maxRepeatedSegments, maxLinksPerPage: s.maxSitemapUrls, inScope: ctx.inScope,
  });
  const state = ctx.strategy.needs ? await loadStrategyState(sql, item.jobId, links, ctx.strategy.needs) : emptyState();
  const scores = ctx.strategy.scoreLinks({
    parent: { url: `${new URL(item.url).origin}/`, host: item.host, depth: 0, relevance: 0, isRelevant: false, priority: item.priority, kind: "home" },
    links, topic: ctx.topic, params: ctx.strategyParams, state,
  });
  return entries.flatMap((e, i) => {
    const reason = reasons[i];
    const { priority, detail } = scores[i];
    if ((reason && PAGE_LEVEL_REASONS.has(reason)) || priority === null) return [];
    return [{ url: e.url, host: e.host, anchor: "", priority, detail: { ...detail, sitemap: 1 }, skipReason: reason, lastmod: e.lastmod }];
  });
}

/** Fetch and read one claimed sitemap file; what it lists is queued, and its row ends done or skipped. */
export async function readSitemap(deps: SitemapDeps, ctx: JobContext, item: ClaimedUrl, beforeRedirect: FetchRequestOptions["beforeRedirect"]): Promise<SitemapResult> {
  const outcome = await deps.fetcher.fetchUrl(item.url, { beforeRedirect, accept: "application/xml,text/xml,application/gzip,*/*;q=0.5" });
  const answeredAt = new Date();
  const base = { jobId: item.jobId, frontierId: item.id, workerId: deps.workerId, host: item.host, answeredAt };
  // A sitemap that is not there (most sites have none) is no failure of the crawl: skipped, its budget place given back.
  const skip = async (reason: string) => {
    await storeNonPage(deps.sql, { ...base, status: "skipped", reason, isFetched: false });
    return "skipped" as const;
  };
  if (!outcome.ok) return skip(`sitemap-${outcome.reason}`);
  if (outcome.status !== 200) return skip(`sitemap-http-${outcome.status}`);
  const sitemap = parseSitemap(sitemapText(outcome.body), item.host, ctx.settings.maxSitemapUrls);
  if (!sitemap) return skip("sitemap-not-xml");
  const level = (item.sitemapLevel ?? 0) + 1;
  const isIndex = sitemap.kind === "index";
  const files = isIndex && level <= MAX_SITEMAP_LEVEL ? sitemap.entries.slice(0, MAX_SITEMAPS_PER_INDEX).map((e) => e.url).filter((u) => ctx.inScope(u).allowed) : [];
  const pages = isIndex ? [] : await scorePages(deps.sql, ctx, item, sitemap.entries);
  await storeSitemap(deps.sql, {
    ...base, bytes: outcome.body.length, pages, sitemaps: { urls: files, level, priority: item.priority },
    politeness: ctx.politeness, merge: ctx.strategy.merge, isGraphRecomputed: Boolean(ctx.strategy.recompute),
    maxPagesPerHost: ctx.settings.maxPagesPerHost, maxQueryVariants: ctx.settings.maxQueryVariants,
  });
  return "read";
}
