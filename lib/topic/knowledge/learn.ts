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

/** What a lexicon word is weighed against (docs/ALGORITHMS.md §1.3a). */
export interface LexiconContext {
  /** How many lexicons list the word. */
  listedIn(word: string): number;
  /** Share of the other classes' abstracts that use the word. */
  otherClassShare(word: string): number;
  /** Share of general text using the word (news headlines of every kind, jieba's dictionary: general-text.ts). */
  generalShare(word: string): number;
  /** Share of the field's own texts using the word (its labelled headlines or abstracts, the larger), 0 when fewer than two use it. */
  fieldShare(word: string): number;
  /** True when the field has labelled headlines of its own: words they do not show then rank below those they do. */
  hasFieldHeadlines: boolean;
  isWord(word: string): boolean;
}

/** Why a lexicon word was kept or dropped, with the figures the rule compared. */
export type LexiconVerdict =
  | { isKept: true; weight: number; by: "field texts" | "rare in general text"; field: number; general: number }
  | { isKept: false; rule: "not a word" | "several lexicons" | "other fields" | "general word"; field: number; general: number };

/**
 * A lexicon word's field share when its field's texts do not show one: 1 in 1,000 of them. A word
 * the lexicon lists is a field word; without field texts that use it, it counts as typical of the
 * field only when general text uses it less than 1/MIN_FIELD_LIFT of that, in fewer than 1 in
 * 3,000 texts (字符串, 构造函数, 市盈率), and not when it is an everyday word (律师, 博客, 红包, 民生).
 */
export const PRIOR_FIELD_SHARE = 1 / 1000;

/**
 * Least times the field's texts must use a lexicon word more than general text does. General
 * headlines hold every kind of news, the field's own too (2 of TNEWS's 15 kinds are finance), so a
 * word used by finance headlines alone reaches about 7.5 there; 3 keeps 股票 (15), 证券 (11), 银行
 * (3.5), and drops 主席 (0.5), 公司 (1.9), 市场 (1.6).
 */
export const MIN_FIELD_LIFT = 3;

/** Weight of a word kept for its rarity in general text, against one the field's headlines show to be typical. */
export const RARE_WORD_SHARE = 0.5;

/**
 * The rule a domain lexicon's word is kept or dropped by, in order:
 * 1. it must be a vocabulary word (words.ts);
 * 2. other classes: dropped when more than MAX_LEXICONS_LISTING lexicons list it, or more than
 *    MAX_GENERAL_SHARE of the other classes' abstracts use it (发展, 政府; 函数 in mathematics);
 * 3. general text: with `f` the field's share (the share of the field's texts using it, at least
 *    PRIOR_FIELD_SHARE) and `g` its general share, kept only when f / g ≥ MIN_FIELD_LIFT.
 * Weight: log(1 + df) / log(1 + max df) (a field's common words first: 数组, 大盘, which papers
 * seldom write, are what its pages use) ÷ the lexicons listing it × (1 − other classes' share /
 * MAX_GENERAL_SHARE), and × RARE_WORD_SHARE when only its rarity in general text kept it and the
 * field has headlines of its own that could have shown it (F8: 股票 and 证券 before 客服 and 超标). A
 * field whose pages are of no genre it has texts of (TP3's tutorials: 字符串, 数组 are in no abstract
 * and no headline) keeps its lexicon's order.
 */
export function judgeLexiconWord(word: string, df: number, maxDf: number, ctx: LexiconContext): LexiconVerdict {
  const observed = ctx.fieldShare(word);
  const field = Math.max(observed, PRIOR_FIELD_SHARE);
  const general = ctx.generalShare(word);
  const lists = ctx.listedIn(word);
  const other = ctx.otherClassShare(word);
  if (!ctx.isWord(word)) return { isKept: false, rule: "not a word", field, general };
  if (lists > MAX_LEXICONS_LISTING) return { isKept: false, rule: "several lexicons", field, general };
  if (other > MAX_GENERAL_SHARE) return { isKept: false, rule: "other fields", field, general };
  if (field < MIN_FIELD_LIFT * general) return { isKept: false, rule: "general word", field, general };
  const by = observed >= PRIOR_FIELD_SHARE && observed >= MIN_FIELD_LIFT * general ? "field texts" : "rare in general text";
  const weight = (Math.log1p(df) / Math.log1p(maxDf)) / lists * (1 - other / MAX_GENERAL_SHARE) * (by === "rare in general text" && ctx.hasFieldHeadlines ? RARE_WORD_SHARE : 1);
  return { isKept: true, weight, by, field, general };
}

/** The vocabulary a domain lexicon gives its class: the words judgeLexiconWord keeps, `size` strongest. */
export function lexiconVocabulary(lexicon: Lexicon, ctx: LexiconContext, opts: { size: number }): Vocabulary {
  const maxDf = Math.max(1, ...lexicon.words.map(([, df]) => df));
  const kept: Vocabulary = [];
  for (const [w, df] of lexicon.words) {
    const v = judgeLexiconWord(w, df, maxDf, ctx);
    if (v.isKept) kept.push([w, v.weight]);
  }
  return top(kept, opts.size);
}

/** Most lexicons that may list a word for it to be kept. */
export const MAX_LEXICONS_LISTING = 2;

/** Share of the other classes' documents above which a lexicon word is too general for its field. */
export const MAX_GENERAL_SHARE = 0.02;

/**
 * Words of a class's labelled texts that general text also uses (learned from headlines, where
 * the other classes' headlines are few): kept when the class's texts use them MIN_FIELD_LIFT
 * times as often as general text does (`fieldShare`: share of the class's texts using the word).
 */
export function withoutGeneralWords(v: Vocabulary, fieldShare: (w: string) => number, generalShare: (w: string) => number): Vocabulary {
  return v.filter(([w]) => fieldShare(w) >= MIN_FIELD_LIFT * generalShare(w));
}

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
