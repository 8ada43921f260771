/**
 * Which words a topic may learn from pages, and which terms it keeps when it learns
 * (docs/ALGORITHMS.md §1.5). Learning from 30 judged pages had added overlapping pieces of one
 * word (通货 + 膨胀 + 通货膨胀, 搜索 + 引擎 + 搜索引擎), the markup token `list`, and had dropped the
 * class's own name words (证券; 机器 and 学习 of 机器学习) under the counter-examples' weight.
 */
import { isVocabularyWord } from "./knowledge/words";
import { isMarkupWord } from "./stop-words";

/**
 * Relevant pages a Latin token must appear in before a topic learns it: a word of one page is
 * that page's markup or its site's template as often as its subject.
 */
export const MIN_LATIN_PAGES = 3;

const LATIN = /^[\x20-\x7e]+$/;
const HAN = /\p{Script=Han}/u;

/**
 * Whether a whole word of the relevant pages (found in `pagesWithWord` of them; 0 for a search-mode fragment) may become a
 * learned term: a vocabulary word (no filler, no number), and a Latin token only when it is no
 * markup, URL or site-furniture token and appears in MIN_LATIN_PAGES pages or more.
 */
export function isLearnableWord(word: string, pagesWithWord: number): boolean {
  if (pagesWithWord < 1 || !isVocabularyWord(word)) return false;
  return !LATIN.test(word) || (!isMarkupWord(word) && pagesWithWord >= MIN_LATIN_PAGES);
}

/** Whether `piece` is a shorter Chinese term inside `word` (膨胀 of 通货膨胀); Latin tokens are never split by the segmenter. */
export function isPieceOf(piece: string, word: string): boolean {
  return piece.length < word.length && HAN.test(piece) && word.includes(piece);
}

/** Every Chinese piece (2 characters or more, shorter than the word) of each of `words`. */
function piecesOf(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    if (!HAN.test(w)) continue;
    for (let i = 0; i < w.length; i++) for (let j = i + 2; j <= w.length && j - i < w.length; j++) out.add(w.slice(i, j));
  }
  return out;
}

const byWeight = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/**
 * The `k` terms a learned topic keeps from `sum` (base + β · relevant − γ · non-relevant, not yet
 * scaled to unit length), strongest first:
 * - a core term of the base topic (its class names' and keywords' words, `core`) keeps at least
 *   its base weight and always has a place;
 * - a term the base topic lacks (a learned one) is a whole word only: a piece of a base term is
 *   left out, and a piece of a longer learned word gives that word its weight when larger and
 *   is left out (the longest is kept: with 通货膨胀, neither 通货 nor 膨胀; the pages' search-mode
 *   terms hold all three, so 通货膨胀 alone still matches them);
 * - terms at or below 0 are dropped.
 */
export function selectLearnedTerms(sum: ReadonlyMap<string, number>, base: ReadonlyMap<string, number>, core: ReadonlySet<string>, k: number): [string, number][] {
  const weights = new Map([...sum].filter(([, w]) => w > 0));
  const isCore = (t: string) => core.has(t) && base.has(t);
  for (const [t, w] of base) if (isCore(t)) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  const basePieces = piecesOf(base.keys());
  const learned = [...weights.keys()].filter((t) => !base.has(t));
  for (const t of learned) if (basePieces.has(t)) weights.delete(t);
  const pieces = new Set<string>();
  for (const word of learned) {
    if (!weights.has(word)) continue;
    for (const piece of piecesOf([word])) {
      const w = weights.get(piece);
      if (w === undefined || base.has(piece)) continue;
      pieces.add(piece);
      weights.set(word, Math.max(weights.get(word)!, w));
    }
  }
  for (const piece of pieces) weights.delete(piece);
  const ranked = [...weights].sort(byWeight);
  const kept = ranked.filter(([t]) => isCore(t));
  const coreKept = new Set(kept.map(([t]) => t));
  kept.push(...ranked.filter(([t]) => !coreKept.has(t)).slice(0, Math.max(0, k - kept.length)));
  return kept.sort(byWeight);
}
