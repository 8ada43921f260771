/**
 * A page threshold chosen from the pages people judged (docs/ALGORITHMS.md §1.4): the threshold
 * with the best F1 on their judgments, cross-validated so that the figure shown is the F1 on
 * pages the choice did not see. The topic itself may be learned from the same judgments, so each
 * fold learns its own topic from the other folds (`learn`) before it scores its held-out pages.
 */
import { bestF1Threshold, f1AtThreshold } from "./knowledge/class-threshold";

export { f1AtThreshold };
import { isRelevantAt, scorePage, topicScorer, type TopicVector } from "./topic";
import { PageCentroid, refineTopic, type FeedbackPage } from "./feedback";
import { isJudgedEnough, pickRelevantPages } from "./feedback-pages";

/** A page a person judged. */
export interface JudgedPage extends FeedbackPage { isRelevant: boolean }

/** Folds of the cross-validation (fewer when there are fewer pages of one side). */
export const JUDGED_FOLDS = 3;

/**
 * The threshold chosen from judgments: the cross-validated F1 the learned topic reaches with it
 * (`cvF1`) and with the current threshold kept (`keptF1`), and the F1 of the topic and threshold
 * in use (`currentF1`), all on the judged pages.
 */
export interface JudgedThreshold { threshold: number; cvF1: number; keptF1: number; currentF1: number; relevant: number; irrelevant: number }

/**
 * Choose a threshold from `judged` pages: fold f's topic is `learn(pages of the other folds)`, its
 * best-F1 threshold on those pages is applied to fold f's pages; the held-out decisions of every
 * fold make `cvF1` (and, at the current threshold, `keptF1`), and the threshold is the mean of
 * the folds' choices. `currentF1` scores the judged pages with `current` (the topic and threshold in use). Undefined with fewer than
 * MIN_JUDGED_EACH (lib/topic/feedback-pages.ts) pages judged on either side.
 */
export function chooseJudgedThreshold(judged: readonly JudgedPage[], learn: (train: readonly JudgedPage[]) => TopicVector, current: { topic: TopicVector; threshold: number }): JudgedThreshold | undefined {
  const relevant = judged.filter((p) => p.isRelevant).length;
  const irrelevant = judged.length - relevant;
  if (!isJudgedEnough(relevant) || !isJudgedEnough(irrelevant)) return undefined;
  const folds = Math.min(JUDGED_FOLDS, relevant, irrelevant);
  // Deal each side round the folds so every fold holds both kinds of page.
  const foldOf = new Map<JudgedPage, number>();
  for (const side of [true, false]) judged.filter((p) => p.isRelevant === side).forEach((p, i) => foldOf.set(p, i % folds));
  const chosen: number[] = [];
  const held: { score: number; kept: number; label: boolean }[] = [];
  for (let f = 0; f < folds; f++) {
    const train = judged.filter((p) => foldOf.get(p) !== f);
    const test = judged.filter((p) => foldOf.get(p) === f);
    const scorer = topicScorer(learn(train));
    const scoreOf = (p: FeedbackPage) => scorePage(scorer, p.title, p.text).relevance;
    const { threshold } = bestF1Threshold(train.map(scoreOf), train.map((p) => p.isRelevant));
    chosen.push(threshold);
    for (const p of test) {
      const s = scoreOf(p);
      held.push({ score: isRelevantAt(s, threshold) ? 1 : 0, kept: isRelevantAt(s, current.threshold) ? 1 : 0, label: p.isRelevant });
    }
  }
  const currentScorer = topicScorer(current.topic);
  const currentScores = judged.map((p) => scorePage(currentScorer, p.title, p.text).relevance);
  return {
    threshold: +(chosen.reduce((a, b) => a + b, 0) / folds).toFixed(4),
    cvF1: +f1AtThreshold(held.map((h) => h.score), held.map((h) => h.label), 1).toFixed(3),
    keptF1: +f1AtThreshold(held.map((h) => h.kept), held.map((h) => h.label), 1).toFixed(3),
    currentF1: +f1AtThreshold(currentScores, judged.map((p) => p.isRelevant), current.threshold).toFixed(3),
    relevant, irrelevant,
  };
}

/**
 * How a fold's topic learns, as a refinement does (lib/maintenance/refine.ts, lib/topic/feedback-pages.ts):
 * from the fold's pages judged relevant (filled with the same best-scoring unjudged pages up to
 * `pages` when they are few), against the fold's pages judged irrelevant (with the same unjudged
 * pages under the threshold, `below`, when they are few).
 */
export function judgedFoldLearner(topic: TopicVector, opts: { pages: number; bestUnjudged: FeedbackPage[]; below: PageCentroid }): (train: readonly JudgedPage[]) => TopicVector {
  return (train) => {
    const irrelevant = train.filter((p) => !p.isRelevant);
    const counter = isJudgedEnough(irrelevant.length) ? new PageCentroid(topic) : opts.below.fork();
    for (const p of irrelevant) counter.add(p);
    const learnedFrom = pickRelevantPages(train.filter((p) => p.isRelevant), opts.bestUnjudged, opts.pages);
    return refineTopic(topic, learnedFrom, { nonRelevant: counter });
  };
}
