/**
 * Partial PageRank (seed 002): formula 2 over the parents known so far, no global recompute. A
 * page's rank is (1 − d) plus what its fetched parents passed it; on fetching, it passes
 * d × rank / out-degree to each child, and a child's shares add up.
 */
import { r4 } from "./terms";
import type { Strategy } from "./types";

type Params = { d: number };

export const DAMPING_PARAM = { name: "d", kind: "number", default: 0.85, min: 0.01, max: 0.99, description: "damping factor d" } as const;

/** The share of rank a fetched page passes to each child (formula 2 of seed 004, one term of the sum). */
export function passedRank(parentPriority: number, outDegree: number, d: number): number {
  const rank = (1 - d) + parentPriority;
  return outDegree > 0 ? (d * rank) / outDegree : 0;
}

export const partialPagerank: Strategy<Params> = {
  id: "partial-pagerank",
  description: "Partial PageRank: rank passed on by the pages fetched so far",
  source: "seed 002",
  params: [DAMPING_PARAM],
  merge: "sum",
  scoreLinks: ({ links, parent, params }) => {
    const share = passedRank(parent.priority, links.length, params.d);
    return links.map(() => ({ priority: share, detail: { fromParent: r4(share), parentRank: r4(1 - params.d + parent.priority), outLinks: links.length } }));
  },
};
