/**
 * The strategies that recompute every queued URL's priority over the job's link graph every
 * `recomputeEvery` fetched pages (lib/maintenance/recompute.ts): PageRank (seeds 002, 004),
 * IPageRank (seed 004 formula 3), Topic-Relevant PageRank and HITS (seed 001 baselines), and
 * larger-site-first (seed 002). Between recomputes a new link gets a provisional priority.
 */
import { DAMPING_PARAM, passedRank } from "./partial-pagerank";
import { relevanceWeight, RW_PARAMS } from "./rw";
import { r4 } from "./terms";
import type { ParamSpec, Strategy } from "./types";

export const RECOMPUTE_EVERY_PARAM = {
  name: "recomputeEvery", kind: "number", default: 500, min: 10, max: 1_000_000, integer: true, description: "fetched pages between recomputes",
} as const satisfies ParamSpec;

type PrParams = { d: number; recomputeEvery: number };

export const pagerank: Strategy<PrParams> = {
  id: "pagerank",
  description: "PageRank of the crawled graph, recomputed as the crawl goes",
  source: "seeds 002, 004 (formula 2)",
  params: [DAMPING_PARAM, RECOMPUTE_EVERY_PARAM],
  merge: "sum",
  recompute: "pagerank",
  scoreLinks: ({ links, parent, params }) => {
    const share = passedRank(parent.priority, links.length, params.d);
    return links.map(() => ({ priority: share, detail: { provisional: r4(share) } }));
  },
};

type IprParams = PrParams & { c: number };

export const ipagerank: Strategy<IprParams> = {
  id: "ipagerank",
  description: "IPageRank: PageRank whose links weigh by their topic terms (RW)",
  source: "seed 004 §3.6.4 (formula 3)",
  params: [DAMPING_PARAM, RECOMPUTE_EVERY_PARAM, ...RW_PARAMS],
  merge: "sum",
  recompute: "ipagerank",
  scoreLinks: ({ links, parent, topic, params }) => {
    const weights = links.map((l) => relevanceWeight(topic, l, params.c));
    const total = weights.reduce((s, w) => s + w.rw, 0);
    const rank = (1 - params.d) + parent.priority;
    return links.map((_, i) => {
      const part = total > 0 ? weights[i].rw / total : 1 / links.length;
      const share = params.d * rank * part;
      return { priority: share, detail: { provisional: r4(share), rw: r4(weights[i].rw), ...(weights[i].term ? { term: weights[i].term } : {}) } };
    });
  },
};

export const trPagerank: Strategy<PrParams> = {
  id: "tr-pagerank",
  description: "Topic-relevant PageRank: random jumps land only on relevant pages",
  source: "seed 001 (baseline)",
  params: [DAMPING_PARAM, RECOMPUTE_EVERY_PARAM],
  merge: "sum",
  recompute: "tr-pagerank",
  scoreLinks: ({ links, parent, params }) => {
    const share = parent.isRelevant ? passedRank(parent.priority, links.length, params.d) : 0;
    return links.map(() => ({ priority: share, detail: { provisional: r4(share) } }));
  },
};

type HitsParams = { recomputeEvery: number };

export const trHits: Strategy<HitsParams> = {
  id: "tr-hits",
  description: "Topic-relevant HITS: authority among the links of relevant pages",
  source: "seed 001 (baseline)",
  params: [RECOMPUTE_EVERY_PARAM],
  merge: "sum",
  recompute: "tr-hits",
  // Until the next recompute, a URL's authority is its count of relevant linking pages.
  scoreLinks: ({ links, parent }) => links.map(() => ({ priority: parent.isRelevant ? 1 : 0, detail: { relevantBacklink: parent.isRelevant ? 1 : 0 } })),
};

export const largerSiteFirst: Strategy<HitsParams> = {
  id: "larger-site-first",
  description: "Larger site first: hosts with the most queued URLs first",
  source: "seed 002",
  params: [RECOMPUTE_EVERY_PARAM],
  merge: "keep",
  recompute: "larger-site-first",
  // Until the next recompute, a link on the same site keeps the site's size; a new site starts at 0.
  scoreLinks: ({ links, parent }) => links.map((l) => {
    const size = l.host === parent.host ? parent.priority : 0;
    return { priority: size, detail: { queuedOnHost: size } };
  }),
};
