/**
 * RW, relevance weighting on extended link metadata (seed 004 §3.6.2): the strongest topic term
 * among the anchor text, title attribute, image alt and URL words, if it reaches c.
 */
import { anchorTerms, bestTerm, r4, urlTerms } from "./terms";
import type { CandidateLink, Strategy } from "./types";
import type { TopicScorer } from "../topic/topic";

type Params = { c: number };

/** RW(j) and the term that gave it (0 below the cut-off c). */
export function relevanceWeight(topic: TopicScorer, link: CandidateLink, c: number): { rw: number; term: string } {
  const best = bestTerm(topic, [...anchorTerms(topic, link), ...urlTerms(topic, link.url)]);
  return best.rel >= c ? { rw: best.rel, term: best.term } : { rw: 0, term: best.term };
}

export const RW_PARAMS = [
  { name: "c", kind: "number", default: 0.1, min: 0, max: 1, description: "cut-off: weights below it count as 0" },
] as const;

export const rw: Strategy<Params> = {
  id: "rw",
  description: "RW: topic terms in the anchor, title, alt and URL",
  source: "seed 004 §3.6.2",
  params: [...RW_PARAMS],
  merge: "max",
  scoreLinks: ({ links, topic, params }) => links.map((l) => {
    const { rw: w, term } = relevanceWeight(topic, l, params.c);
    const detail: Record<string, number | string> = { rw: r4(w) };
    if (term) detail.term = term;
    return { priority: w, detail };
  }),
};
