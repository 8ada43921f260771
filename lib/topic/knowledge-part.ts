/**
 * The knowledge part of a class topic (docs/ALGORITHMS.md §1.3a): the classes' field words from
 * lib/topic/knowledge/, as one unit vector. Topics add it to their class names' part; the field
 * rivals (field-rivals.ts) compare a page with each class's part alone.
 */
import { findClassKnowledge } from "./knowledge/knowledge";
import { idf } from "./idf";
import { normalize, type TermVector } from "./vector";

/**
 * How much the classes' field vocabulary weighs against their names (both unit vectors).
 * bench/RELEVANCE.md: held-out abstracts, news headlines and the realistic web's pages.
 */
export const KNOWLEDGE_SHARE = 1;
/** A class deeper than the knowledge reaches borrows its nearest ancestor's words at this weight. */
const INHERITED_KNOWLEDGE_WEIGHT = 0.5;

/** The knowledge part: each class's field words (lib/topic/knowledge/), weight × √idf, scaled to `KNOWLEDGE_SHARE`. */
export function knowledgePart(codes: string[]): { vector: TermVector; classOf: Map<string, string> } {
  const mass: TermVector = new Map();
  const best = new Map<string, { code: string; mass: number }>();
  for (const code of codes) {
    const k = findClassKnowledge(code);
    if (!k) continue;
    const scale = k.isInherited ? INHERITED_KNOWLEDGE_WEIGHT : 1;
    for (const [t, w] of k.terms) {
      mass.set(t, (mass.get(t) ?? 0) + w * scale);
      if (w * scale > (best.get(t)?.mass ?? 0)) best.set(t, { code: k.code, mass: w * scale });
    }
  }
  const unit = normalize(new Map([...mass].map(([t, m]) => [t, m * Math.sqrt(idf(t))])));
  return { vector: new Map([...unit].map(([t, w]) => [t, w * KNOWLEDGE_SHARE])), classOf: new Map([...best].map(([t, b]) => [t, b.code])) };
}

