/** Sparse term vectors and cosine similarity. */

/** Term → weight. */
export type TermVector = Map<string, number>;

/** Term frequencies of `terms`, each term of `boosted` counting `boost` times (title boost, docs/ALGORITHMS.md §1). */
export function termFrequencies(terms: string[], boosted: string[] = [], boost = 1): TermVector {
  const v: TermVector = new Map();
  for (const t of terms) v.set(t, (v.get(t) ?? 0) + 1);
  for (const t of boosted) v.set(t, (v.get(t) ?? 0) + boost);
  return v;
}

/** The Euclidean norm. */
export function norm(v: TermVector): number {
  let s = 0;
  for (const w of v.values()) s += w * w;
  return Math.sqrt(s);
}

/** `v` scaled to unit length (empty stays empty). */
export function normalize(v: TermVector): TermVector {
  const n = norm(v);
  if (n === 0) return new Map();
  return new Map([...v].map(([t, w]) => [t, w / n]));
}

/** Cosine of two vectors with its per-term contributions, largest first. */
export function cosineExplained(a: TermVector, b: TermVector, topN = 10): { score: number; terms: { term: string; share: number }[] } {
  const na = norm(a);
  const nb = norm(b);
  if (na === 0 || nb === 0) return { score: 0, terms: [] };
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const parts: { term: string; value: number }[] = [];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o === undefined) continue;
    dot += w * o;
    parts.push({ term: t, value: w * o });
  }
  parts.sort((x, y) => y.value - x.value);
  const score = Math.min(1, dot / (na * nb));
  return { score, terms: parts.slice(0, topN).map((p) => ({ term: p.term, share: dot ? p.value / dot : 0 })) };
}
