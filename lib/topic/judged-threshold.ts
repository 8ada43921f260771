/**
 * A page threshold chosen from the pages people judged (docs/ALGORITHMS.md §1.4): the threshold
 * with the best F1 on their judgments, cross-validated so that the figure shown is the F1 on
 * pages the choice did not see. The topic itself may be learned from the same judgments, so each
 * fold learns its own topic from the other folds (`learn`) before it scores its held-out pages.
 */
import { bestF1Threshold, f1AtThreshold } from "./knowledge/class-threshold";
import { createRng } from "../rules/random";

export { f1AtThreshold };
import { isRelevantAt, scorePage, topicScorer, type TopicVector } from "./topic";
import { PageCentroid, refineTopic, type FeedbackPage } from "./feedback";
import { isJudgedEnough, pickRelevantPages } from "./feedback-pages";

/** A page a person judged. */
export interface JudgedPage extends FeedbackPage { isRelevant: boolean }

/** Folds of the cross-validation (fewer when there are fewer pages of one side). */
export const JUDGED_FOLDS = 3;

/** Resamples of the held-out judgments behind the intervals shown (seeded: the same judgments give the same interval). */
export const BOOTSTRAP_SAMPLES = 500;
/** The intervals shown hold the middle 90 % of the resampled F1. */
const INTERVAL_TAIL = 0.05;

/**
 * The threshold chosen from judgments: the cross-validated F1 the learned topic reaches with it
 * (`cvF1`, with the middle 90 % of its bootstrap over the held-out judgments, `interval`) and with
 * the current threshold kept (`keptF1`), the bootstrap's middle 90 % of the difference
 * (`gainInterval`), and the F1 of the topic and threshold in use (`currentF1`), all on the judged
 * pages. `isProposed`: the threshold is proposed only when it differs from the current one and
 * the cross-validated F1 rises with it; else `keptBecause` says why the threshold stays.
 */
export interface JudgedThreshold {
  threshold: number; cvF1: number; keptF1: number; currentF1: number; relevant: number; irrelevant: number;
  interval: [number, number]; gainInterval: [number, number];
  isProposed: boolean; keptBecause?: "same-threshold" | "no-gain";
}

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
  const held: HeldOut[] = [];
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
  const threshold = +(chosen.reduce((a, b) => a + b, 0) / folds).toFixed(4);
  const cvF1 = +heldF1(held, "score").toFixed(3);
  const keptF1 = +heldF1(held, "kept").toFixed(3);
  const { interval, gainInterval } = bootstrapIntervals(held);
  const keptBecause = threshold === current.threshold ? "same-threshold" as const : cvF1 <= keptF1 ? "no-gain" as const : undefined;
  return {
    threshold, cvF1, keptF1, currentF1: +f1AtThreshold(currentScores, judged.map((p) => p.isRelevant), current.threshold).toFixed(3),
    relevant, irrelevant, interval, gainInterval, isProposed: !keptBecause, ...(keptBecause ? { keptBecause } : {}),
  };
}

/** A held-out judgment: 1 when the fold's topic lets the page through with the chosen threshold (`score`) or the current one (`kept`). */
interface HeldOut { score: number; kept: number; label: boolean }

function heldF1(held: readonly HeldOut[], by: "score" | "kept"): number {
  return f1AtThreshold(held.map((h) => h[by]), held.map((h) => h.label), 1);
}

/**
 * The middle 90 % of the cross-validated F1 and of its gain over the kept threshold when the
 * held-out judgments are drawn again with replacement (paired: one draw serves both). With 20
 * judgments the interval is wide; it tells the person how much the figure can be trusted.
 */
function bootstrapIntervals(held: readonly HeldOut[]): { interval: [number, number]; gainInterval: [number, number] } {
  const random = createRng(held.length).next;
  const f1s: number[] = [];
  const gains: number[] = [];
  for (let b = 0; b < BOOTSTRAP_SAMPLES; b++) {
    const draw = Array.from(held, () => held[Math.floor(random() * held.length)]);
    const f1 = heldF1(draw, "score");
    f1s.push(f1);
    gains.push(f1 - heldF1(draw, "kept"));
  }
  return { interval: middle(f1s), gainInterval: middle(gains) };
}

/** The INTERVAL_TAIL and 1 − INTERVAL_TAIL quantiles, to 3 decimals. */
function middle(xs: number[]): [number, number] {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(3);
  return [at(INTERVAL_TAIL), at(1 - INTERVAL_TAIL)];
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
    return refineTopic(topic, learnedFrom, { nonRelevant: counter, judged: train.length - irrelevant.length, judgedIrrelevant: irrelevant.length });
  };
}
