/**
 * Learning a class's field vocabulary from labelled text (pure; the sources are read by
 * scripts/build-class-knowledge.ts). A word belongs to a class's vocabulary when the class's
 * documents use it much more often than the other classes' documents do, so 研究, 方法 and
 * 发展, common everywhere, never enter, however frequent they are.
 */
import { clcAncestors } from "../clc/tree";

/** A labelled document: the set of its whole-word terms and the CLC classes its label maps to. */
export interface LabelledDoc { terms: ReadonlySet<string>; codes: readonly string[] }

/** A weighted word list, strongest first. */
export type Vocabulary = [string, number][];

/** True when class `inner` is `outer` or lies below it in the tree. */
export function isWithinClass(inner: string, outer: string): boolean {
  return clcAncestors(inner).some((n) => n.code === outer);
}

/**
 * Which side of class `code` a document labelled `codes` is on: inside (labelled the class or a
 * class below it), outside (unrelated), or neither (labelled only above it, 应用经济学 → F for
 * F8: it could be either, so it counts on no side).
 */
export function sideOf(codes: readonly string[], code: string): "inside" | "outside" | "neither" {
  if (codes.some((c) => isWithinClass(c, code))) return "inside";
  return codes.some((c) => isWithinClass(code, c)) ? "neither" : "outside";
}

/** Smoothed share of `n` documents that use a word `df` of them use (add-½, so unseen words are not zero). */
const share = (df: number, n: number) => (df + 0.5) / (n + 1);

/** Least times the class's documents use a word over what the others do, for the word to be kept. */
export const MIN_LIFT = 2;

/**
 * The vocabulary of class `code`: words of documents labelled with the class (or a class
 * below it) weighed against documents of unrelated classes. Documents whose label lies only
 * above the class (应用经济学 → F, for F8) could be either, so they count on neither side.
 * Weight: p × ln(p / q), p and q the shares of the class's and the other documents using the
 * word (the word's part of the Kullback–Leibler divergence between the two), which favours
 * words both common in the class and rare elsewhere. Words need at least `minDocs` documents.
 */
export function learnVocabulary(docs: readonly LabelledDoc[], code: string, opts: { size: number; minDocs: number }): Vocabulary {
  const inside = new Map<string, number>();
  const outside = new Map<string, number>();
  let nIn = 0;
  let nOut = 0;
  for (const d of docs) {
    const side = sideOf(d.codes, code);
    if (side === "neither") continue;
    const isIn = side === "inside";
    const counts = isIn ? inside : outside;
    if (isIn) nIn++;
    else nOut++;
    for (const t of d.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  if (nIn === 0) return [];
  const kept: Vocabulary = [];
  for (const [t, df] of inside) {
    if (df < opts.minDocs) continue;
    const p = share(df, nIn);
    const q = share(outside.get(t) ?? 0, nOut);
    if (p / q >= MIN_LIFT) kept.push([t, p * Math.log(p / q)]);
  }
  return top(kept, opts.size);
}

/** A domain lexicon's words with their document frequencies in general text. */
export interface Lexicon { name: string; words: [string, number][] }

/**
 * The vocabulary a domain lexicon gives its class. A lexicon lists a domain's words with how
 * often general text uses them, so its most frequent words (发展, 部门, 政府 under 财经) are the
 * least specific. The contrast comes from the labelled documents of the other classes:
 * `generalShare(word)` is the share of them that use the word, and a word more than
 * MAX_GENERAL_SHARE of them use is dropped (发展, 政府, 函数 in mathematics); below that its
 * weight falls as that share grows. A word two lexicons list (病毒 under IT and medicine) weighs
 * half; one listed by more is dropped. Weight grows with the word's frequency: a field's common
 * everyday words (数组, 大盘, which papers seldom write) are what its pages use.
 * Of the rules compared on the realistic web (bench/RELEVANCE.md), this one ranked best on both
 * the tutorial pages (TP) and the finance headlines (F).
 */
export function lexiconVocabulary(lexicon: Lexicon, listedIn: (word: string) => number, generalShare: (word: string) => number, opts: { size: number; isWord: (w: string) => boolean }): Vocabulary {
  const maxLog = Math.log1p(Math.max(1, ...lexicon.words.map(([, df]) => df)));
  const kept: Vocabulary = [];
  for (const [w, df] of lexicon.words) {
    const lists = listedIn(w);
    const general = generalShare(w);
    if (!opts.isWord(w) || lists > MAX_LEXICONS_LISTING || general > MAX_GENERAL_SHARE) continue;
    kept.push([w, (Math.log1p(df) / maxLog) / lists * (1 - general / MAX_GENERAL_SHARE)]);
  }
  return top(kept, opts.size);
}

/** Most lexicons that may list a word for it to be kept. */
export const MAX_LEXICONS_LISTING = 2;

/** Share of the other classes' documents above which a lexicon word is too general for its field. */
export const MAX_GENERAL_SHARE = 0.02;

/** The `size` strongest entries, each scaled so the strongest weighs 1, rounded to 3 digits. */
export function top(v: Vocabulary, size: number): Vocabulary {
  const sorted = [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, size);
  const max = sorted[0]?.[1] ?? 1;
  return sorted.map(([t, w]) => [t, +(w / max).toPrecision(3)]);
}

/** Two vocabularies summed (`b` scaled by `bShare`), strongest `size` kept. */
export function mergeVocabularies(a: Vocabulary, b: Vocabulary, bShare: number, size: number): Vocabulary {
  const sum = new Map(a);
  for (const [t, w] of b) sum.set(t, (sum.get(t) ?? 0) + w * bShare);
  return top([...sum], size);
}
