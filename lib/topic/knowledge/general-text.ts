/**
 * How common a word is in general text, whatever the field (docs/ALGORITHMS.md §1.3a). A domain
 * lexicon says a word belongs to a field, not how much: THUOCL's 财经 list holds 律师, 主席 and
 * 淘宝, words every news page uses. Its words are therefore contrasted with general text of the
 * genre the crawler meets: news headlines of every kind, and jieba's dictionary (general written
 * Chinese, the People's Daily style that makes 财政 and 国务院 common).
 */

/** A word's general share and the two figures it is the larger of (for explaining a decision). */
export interface GeneralFigures { share: number; headlines: number; dictionary: number }

/** How common words are in general text. */
export interface GeneralText {
  /** Share of general texts using the word: the larger of the headlines' and the scaled dictionary's. */
  figures(word: string): GeneralFigures;
  /** Headlines the share was counted on. */
  headlineCount: number;
  /** Factor turning a dictionary share (of word counts) into a share of headlines. */
  dictionaryScale: number;
}

/** Least headlines a word must be in for its share to calibrate the dictionary against the headlines. */
const CALIBRATION_MIN_HEADLINES = 20;

/**
 * General text from `headlines` (each the set of its words) and `dictionaryShare` (a word's share
 * of jieba's dictionary counts). The dictionary counts words, the headlines count documents, so the
 * dictionary share is scaled by the median, over the words in ≥ 20 headlines, of headline share ÷
 * dictionary share (about 60 on the 20,000 TNEWS headlines). A word's general share is the larger
 * of the two: 淘宝 is rare in the dictionary (older than it) but in 32 headlines; 财政 is in 2
 * headlines but common in the dictionary.
 */
export function generalTextOf(headlines: readonly ReadonlySet<string>[], dictionaryShare: (word: string) => number): GeneralText {
  const counts = new Map<string, number>();
  for (const h of headlines) for (const w of h) counts.set(w, (counts.get(w) ?? 0) + 1);
  const n = Math.max(1, headlines.length);
  const ratios: number[] = [];
  for (const [w, c] of counts) {
    const d = dictionaryShare(w);
    if (c >= CALIBRATION_MIN_HEADLINES && d > 0) ratios.push(c / n / d);
  }
  ratios.sort((a, b) => a - b);
  const scale = ratios.length ? ratios[ratios.length >> 1] : 1;
  return {
    headlineCount: headlines.length,
    dictionaryScale: scale,
    figures(word) {
      const headlineShare = (counts.get(word) ?? 0) / n;
      const dictionary = dictionaryShare(word) * scale;
      return { share: Math.max(headlineShare, dictionary), headlines: counts.get(word) ?? 0, dictionary };
    },
  };
}
