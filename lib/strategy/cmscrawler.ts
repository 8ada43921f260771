/**
 * CMSCrawler Rank (seed 001), an improved best-first:
 *   Rank(j) = harvestRate × S_backlink(j) × (w_mime·rel_mime + w_parent·rel_parent + w_anchor·rel_anchor + w_url·rel_urltext)
 * Fine-grained filtering (default): links of an irrelevant page are queued only when their
 * Rank beats the one that page itself was queued with, both without the harvest rate (which
 * changes while the crawl runs); coarse-grained drops them all.
 * Home and list pages within TUNNEL_DEPTH of the seeds pass their links on whatever their own
 * relevance (at their Rank, however low): a portal's or directory's children are site home
 * pages, which are seldom relevant themselves, and without this a crawl from a portal ended
 * after the portal's children.
 */
import { anchorTerms, r4, topicWordShare, urlTerms } from "./terms";
import type { CandidateLink, JobState, ParentPage, Strategy } from "./types";

type Params = {
  grain: "fine" | "coarse"; harvest: "host" | "global"; documentTypes: "html" | "html+documents";
  wMime: number; wParent: number; wAnchor: number; wUrl: number;
};

const HTML = new Set(["text/html", "application/xhtml+xml"]);
const DOCUMENTS = new Set(["application/pdf", "application/msword", "application/vnd.ms-powerpoint", "application/vnd.ms-excel", "text/plain"]);

/** rel_mime: 1 for HTML and, when the topic wants documents, for pdf/doc/ppt/xls/txt; else 0. */
export function mimeRelevance(mime: string | undefined, documentTypes: Params["documentTypes"]): number {
  const m = mime ?? "text/html";
  return HTML.has(m) || (documentTypes === "html+documents" && DOCUMENTS.has(m)) ? 1 : 0;
}

/** Depth up to which home and list pages pass on their links whatever their relevance (portal → home → list). */
export const TUNNEL_DEPTH = 3;

/** Prior weight of the job's rate when smoothing a host's harvest rate (FocusCrawl's per-host form). */
const HARVEST_PRIOR = 5;

/**
 * The harvest rate that scales a link: per host smoothed toward the job's rate, or the job's.
 * The job's rate follows Laplace's rule of succession, (relevant + 1) / (fetched + 2), so it is
 * never 0: with the paper's relevant / fetched, a relevant page stored while the job had fetched
 * only irrelevant ones gave every link of a new host Rank 0, and its links were dropped for good.
 * Whether that happened depended on which pages the other connections had stored a moment
 * before, and two runs of one lab crawl differed by half their harvest (bench/LAB.md).
 * `parent` is the page whose links are scored: it counts for its own host before it is stored.
 */
export function harvestRate(state: JobState, host: string, mode: Params["harvest"], parent?: { host: string; isRelevant: boolean }): number {
  const job = (state.jobRelevant + 1) / (state.jobFetched + 2);
  if (mode === "global") return job;
  const h = state.hosts.get(host) ?? { fetched: 0, relevant: 0 };
  const own = parent?.host === host ? { fetched: 1, relevant: parent.isRelevant ? 1 : 0 } : { fetched: 0, relevant: 0 };
  return (h.relevant + own.relevant + HARVEST_PRIOR * job) / (h.fetched + own.fetched + HARVEST_PRIOR);
}

/** S_backlink(j) = 1 + ln(1 + b), b = relevant fetched pages linking to j. */
export const backlinkBoost = (b: number) => 1 + Math.log(1 + b);

/**
 * The parent's Rank without the harvest rate it was queued with (its `merit`), which the
 * fine-grained rule compares a link's merit with. Comparing Ranks compared harvest rates of two
 * moments: the same page queued when its host's rate was 0.42 or 0.21 let through different
 * links, and runs of one crawl drifted apart (bench/LAB.md). A page queued without the detail (a
 * sitemap's, another strategy's) falls back on its priority.
 */
export function queuedMerit(parent: Pick<ParentPage, "priority" | "detail">): number {
  const m = parent.detail?.merit;
  return typeof m === "number" && Number.isFinite(m) ? m : parent.priority;
}

export const cmscrawler: Strategy<Params> = {
  id: "cmscrawler",
  description: "CMSCrawler: harvest rate × backlinks × (MIME, parent, anchor, URL words)",
  source: "seed 001",
  params: [
    { name: "grain", kind: "choice", default: "fine", choices: ["fine", "coarse"], description: "fine: links of irrelevant pages must beat the page's own priority; coarse: dropped" },
    { name: "harvest", kind: "choice", default: "host", choices: ["host", "global"], description: "harvest rate per host (smoothed) or of the whole job" },
    { name: "documentTypes", kind: "choice", default: "html", choices: ["html", "html+documents"], description: "MIME types that count as relevant" },
    { name: "wMime", kind: "number", default: 0.2, min: 0, max: 1, description: "weight of rel_mime" },
    { name: "wParent", kind: "number", default: 0.2, min: 0, max: 1, description: "weight of the parent's relevance" },
    { name: "wAnchor", kind: "number", default: 0.3, min: 0, max: 1, description: "weight of topic words in the anchor" },
    { name: "wUrl", kind: "number", default: 0.3, min: 0, max: 1, description: "weight of topic words in the URL" },
  ],
  merge: "max",
  needs: { hostStats: true, backlinks: true },
  scoreLinks: ({ links, parent, topic, params, state }) => links.map((l: CandidateLink) => {
    const mime = mimeRelevance(l.mime, params.documentTypes);
    const anchor = topicWordShare(topic, anchorTerms(topic, l));
    const url = topicWordShare(topic, urlTerms(topic, l.url));
    const harvest = harvestRate(state, l.host, params.harvest, parent);
    // This page links to j too: if it is relevant it counts among j's relevant backlinks.
    const b = (state.relevantBacklinks.get(l.url) ?? 0) + (parent.isRelevant ? 1 : 0);
    const merit = backlinkBoost(b) * (params.wMime * mime + params.wParent * parent.relevance + params.wAnchor * anchor + params.wUrl * url);
    const rank = harvest * merit;
    const detail = { rank: r4(rank), harvest: r4(harvest), merit: r4(merit), backlinks: b, mime, parent: r4(parent.relevance), anchor: r4(anchor), url: r4(url) };
    // Seeds are queued with priority 1 whatever the strategy: the rule compares with 0 for them.
    const parentQueued = parent.depth === 0 ? 0 : queuedMerit(parent);
    const isTunnel = parent.kind !== undefined && parent.kind !== "content" && parent.depth < TUNNEL_DEPTH;
    const isKept = parent.isRelevant ? rank > 0 : isTunnel || (params.grain === "fine" && merit > parentQueued);
    return { priority: isKept ? rank : null, detail };
  }),
};
