/**
 * Field rivals (docs/ALGORITHMS.md §1.3c): a class topic's score is weighed against the page's
 * best cosine with any other field the class knowledge has (a class neither above nor below the
 * topic's classes). Cosines of a one-line headline are all small and those of a long abstract all
 * larger, so the share of the topic in "topic + best rival" reads the same on every kind of page,
 * where the cosine alone does not.
 *
 *     factor = (2 · s / (s + r))²        s: the topic's score, r: the best rival's cosine
 *
 * 1 when the rival reads as much like the page as the topic does, up to 4 when no other field
 * does, toward 0 when another field clearly does more.
 */
import { isRelated, knownClassCodes, knowledgeEdition } from "./knowledge/knowledge";
import { knowledgePart } from "./knowledge-part";
import { DISCIPLINE_TO_CLC } from "./knowledge/mapping";
import type { TermVector } from "./vector";

/** The factor's exponent: chosen on abstracts, headlines and the realistic web together (bench/RELEVANCE.md). */
export const RIVAL_EXPONENT = 2;

/**
 * Every known class's field words (unit vectors) as postings, flat: term `t`'s postings are the
 * entries `starts[ids.get(t)]` up to `starts[ids.get(t) + 1]` of `classOf` (a class's index in
 * `codes`) and `weightOf`. A small array per posting took 9.3 MB in every process and analysis
 * thread; flat typed arrays hold the same in 1.7 MB (bench/PERFORMANCE.md).
 */
interface RivalIndex { codes: string[]; ids: Map<string, number>; starts: Uint32Array; classOf: Uint16Array; weightOf: Float64Array }

/**
 * The rivals of one topic: the process's shared index, which of its classes the topic is told apart
 * from, and the topic's own classes (all another thread needs to find the same rivals in its index).
 */
export interface FieldRivals { index: RivalIndex; isRival: boolean[]; topicCodes: readonly string[] }

/** The page's best rival: its class and the page's cosine with that class's field words. */
export interface BestRival { code: string; cosine: number }

let index: RivalIndex | undefined;
let indexEdition = -1;

function rivalIndex(): RivalIndex {
  if (index && indexEdition === knowledgeEdition()) return index;
  const codes = knownClassCodes().sort();
  const lists = new Map<string, [number, number][]>();
  codes.forEach((code, i) => {
    for (const [t, w] of knowledgePart([code]).vector) {
      const list = lists.get(t);
      if (list) list.push([i, w]);
      else lists.set(t, [[i, w]]);
    }
  });
  const ids = new Map<string, number>();
  const starts = new Uint32Array(lists.size + 1);
  let count = 0;
  for (const list of lists.values()) count += list.length;
  const classOf = new Uint16Array(count);
  const weightOf = new Float64Array(count);
  let at = 0;
  for (const [t, list] of lists) {
    starts[ids.size] = at;
    ids.set(t, ids.size);
    for (const [i, w] of list) {
      classOf[at] = i;
      weightOf[at++] = w;
    }
  }
  starts[ids.size] = at;
  index = { codes, ids, starts, classOf, weightOf };
  indexEdition = knowledgeEdition();
  return index;
}

/**
 * Build the index now (under a second of CPU with the knowledge file and IDF table, once per process) rather than inside the
 * first class topic's job context, with leases in hand: a worker calls it once a class topic's job may crawl.
 */
export function warmUpFieldRivals(): void {
  rivalIndex();
}

/** Whether this process holds the index (a worker of keyword topics alone never builds it). */
export function hasFieldRivalIndex(): boolean {
  return index !== undefined;
}

/**
 * True when class `other` shares labelled texts with `code`: one discipline maps to both (地理学 →
 * K9 and P9), so a text of that discipline is of both fields and `other` is no rival of `code`.
 * `other` must be the co-labelled class or below it: for K, P9 is no rival but P (astronomy and earth
 * science) still is.
 */
export function isCoLabelled(other: string, code: string): boolean {
  return Object.values(DISCIPLINE_TO_CLC).some((mapped) => mapped.some((m) => isRelated(m, code))
    && mapped.some((m) => !isRelated(m, code) && other.toUpperCase().startsWith(m.toUpperCase())));
}

/** The rivals of a topic on classes `codes` (none without classes: the factor is then 1). */
export function fieldRivalIndex(codes: readonly string[]): FieldRivals | undefined {
  if (codes.length === 0) return undefined;
  const idx = rivalIndex();
  const isRival = idx.codes.map((c) => !codes.some((code) => isRelated(c, code) || isCoLabelled(c, code)));
  return isRival.some(Boolean) ? { index: idx, isRival, topicCodes: [...codes] } : undefined;
}

/** The rival class whose field words read most like `page` (of norm `pageNorm`), or none. */
export function bestRival(rivals: FieldRivals, page: TermVector, pageNorm: number): BestRival | undefined {
  if (pageNorm === 0) return undefined;
  const { ids, starts, classOf, weightOf, codes } = rivals.index;
  const dots = new Float64Array(codes.length);
  for (const [t, w] of page) {
    const id = ids.get(t);
    if (id === undefined) continue;
    for (let k = starts[id]; k < starts[id + 1]; k++) dots[classOf[k]] += w * weightOf[k];
  }
  let best = -1;
  for (let i = 0; i < dots.length; i++) if (rivals.isRival[i] && dots[i] > 0 && (best < 0 || dots[i] > dots[best])) best = i;
  return best < 0 ? undefined : { code: rivals.index.codes[best], cosine: Math.min(1, dots[best] / pageNorm) };
}

/** The factor a topic score `score` is multiplied by against a rival of cosine `rivalCosine`. */
export function rivalFactor(score: number, rivalCosine: number): number {
  if (score <= 0) return 0;
  return (2 * score / (score + rivalCosine)) ** RIVAL_EXPONENT;
}
