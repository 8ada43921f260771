/**
 * Which pages a refinement learns from (docs/ALGORITHMS.md §1.6). A person's judgments beat the
 * filter's guesses: once MIN_JUDGED_EACH pages are judged on a side, that side learns from the
 * judged pages alone; with fewer, the filter's own picks fill in (the best-scoring unjudged
 * content pages as relevant, unjudged content pages under the threshold as not).
 *
 * On the realistic web (bench/RELEVANCE.md, `npm run bench:judge-learn`), filling 4 judged
 * relevant history pages up to 10 with the best-scoring unjudged ones (mostly not history) and
 * learning against 200 unjudged pages under the threshold lowered K's F1 from 0.333 to 0.204;
 * from the judgments alone it rose to 0.343, and the mean over six classes rose as well.
 */
import { MAX_FEEDBACK_PAGES, MAX_NON_RELEVANT_PAGES } from "./feedback";

/** Pages judged on one side before that side learns from judgments alone (and before a threshold is chosen from them). */
export const MIN_JUDGED_EACH = 3;

/** Whether `judged` pages on one side are enough to learn that side from the judgments alone. */
export function isJudgedEnough(judged: number): boolean {
  return judged >= MIN_JUDGED_EACH;
}

/** The relevant pages to learn from: the judged ones alone when there are enough, else them and the best unjudged up to `pages`. */
export function pickRelevantPages<P>(judged: readonly P[], bestUnjudged: readonly P[], pages: number): P[] {
  if (isJudgedEnough(judged.length)) return judged.slice(0, MAX_FEEDBACK_PAGES);
  return [...judged, ...bestUnjudged].slice(0, Math.max(pages, judged.length));
}

/** The counter-examples to learn against: the judged ones alone when there are enough, else them and the unjudged pages under the threshold. */
export function pickCounterExamples<P>(judged: readonly P[], belowUnjudged: readonly P[]): P[] {
  if (isJudgedEnough(judged.length)) return judged.slice(0, MAX_NON_RELEVANT_PAGES);
  return [...judged, ...belowUnjudged].slice(0, MAX_NON_RELEVANT_PAGES);
}
