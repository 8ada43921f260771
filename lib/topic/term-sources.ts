/** Where each of a topic's top terms came from, for the topic preview ("which class, keyword or example"). */
import type { TopicPart, TopicSourceKind, TopicVector } from "./topic";

/** One source of a term and its share of the term's weight before normalisation (0–1). */
export interface TermSource { kind: TopicSourceKind; code?: string; share: number }

/** A top term, its weight in the topic and its sources, largest share first. */
export interface ExplainedTerm { term: string; weight: number; sources: TermSource[] }

/** The `n` strongest terms of `vector` with the parts (from `buildTopicParts`) that gave them weight. */
export function explainTopTerms(vector: TopicVector, parts: TopicPart[], n = 50): ExplainedTerm[] {
  return vector.terms.slice(0, n).map(([term, weight]) => {
    const given = parts.map((p) => ({ p, w: p.vector.get(term) ?? 0 })).filter((x) => x.w > 0);
    const total = given.reduce((s, x) => s + x.w, 0);
    const sources = given
      .map(({ p, w }): TermSource => ({ kind: p.kind, ...((p.kind === "clc" || p.kind === "knowledge") && p.classOf?.get(term) ? { code: p.classOf.get(term) } : {}), share: +(w / total).toFixed(3) }))
      .sort((a, b) => b.share - a.share);
    return { term, weight: +weight.toFixed(4), sources };
  });
}
