/**
 * The article-extraction benchmark's measure (scrapinghub/article-extraction-benchmark, MIT,
 * evaluate.py: string_shingle_matching and metrics_from_tp_fp_fns), rewritten in TypeScript so
 * that `npm run bench:extract` scores main text the way the benchmark's published figures were
 * scored: per page, the multiset of 4-token shingles of the expected and the extracted text,
 * true/false positives and false negatives normalised to sum to 1 (long pages weigh no more than
 * short ones); precision and recall are means over pages, F1 their harmonic mean.
 */

/** One page's shares of true positives, false positives and false negatives (summing to 1, or all 0). */
export interface Match { tp: number; fp: number; fn: number }

/** Aggregate figures over pages. */
export interface Scores { f1: number; precision: number; recall: number }

/**
 * Python's `re.findall(r"\w+", text)` with re.UNICODE: runs of letters, digits (every Unicode
 * number category, as str.isalnum) and underscores. Chinese text without spaces is one token per
 * run between punctuation, as the benchmark's own note says it expects.
 */
const TOKEN = /[\p{L}\p{N}_]+/gu;
const SHINGLE = 4;

/** The benchmark's tokens of a text. */
export function tokenizeForScore(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Count of each `n`-token shingle; a text of fewer than `n` tokens is one shorter shingle, none for no tokens. */
function countShingles(text: string, n = SHINGLE): Map<string, number> {
  const tokens = tokenizeForScore(text);
  const counts = new Map<string, number>();
  for (let i = 0; i < Math.max(1, tokens.length - n + 1); i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length === 0) continue;
    const key = shingle.join("\u0000");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** evaluate.py's string_shingle_matching: shingle overlap of `truth` and `pred`, normalised. */
export function matchShingles(truth: string, pred: string): Match {
  const t = countShingles(truth);
  const p = countShingles(pred);
  let tp = 0, fp = 0, fn = 0;
  for (const key of new Set([...t.keys(), ...p.keys()])) {
    const tc = t.get(key) ?? 0;
    const pc = p.get(key) ?? 0;
    tp += Math.min(tc, pc);
    fp += Math.max(0, pc - tc);
    fn += Math.max(0, tc - pc);
  }
  const s = tp + fp + fn;
  return s > 0 ? { tp: tp / s, fp: fp / s, fn: fn / s } : { tp, fp, fn };
}

const precisionOf = ({ tp, fp, fn }: Match) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
const recallOf = ({ tp, fp, fn }: Match) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** evaluate.py's metrics_from_tp_fp_fns: mean precision over pages with a prediction, mean recall over pages with a truth. */
export function scoreMatches(matches: Match[]): Scores {
  const precision = mean(matches.filter((m) => m.tp + m.fp > 0).map(precisionOf));
  const recall = mean(matches.filter((m) => m.tp + m.fn > 0).map(recallOf));
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/** Precision and recall of one page, for listing the worst pages. */
export function pageScores(m: Match): { precision: number; recall: number } {
  return { precision: precisionOf(m), recall: recallOf(m) };
}
