/**
 * The page threshold a topic of one class alone should use, chosen on labelled abstracts its
 * field words were not learned from (cross-validated: each fold is scored with knowledge learned
 * from the others). Field words raise the cosine of every page of the field, so one fixed
 * threshold no longer suits every class (bench/RELEVANCE.md). The fold's knowledge holds the
 * broad classes too, learned from the same abstracts, so the topic is scored with its class contrast.
 * The field posterior's lift (§1.3d) is left out: chosen with it on abstracts, thresholds doubled and
 * lost on headlines and the web (bench/RELEVANCE.md, "A field posterior lifts a class topic's score").
 */
import { isRelevantAt, scoreTerms, topicScorer, buildTopic, TopicDefinitionSchema } from "../topic";
import { useClassKnowledge, type ClassKnowledgeFile } from "./knowledge";
import { sideOf, type LabelledDoc } from "./learn";

/** A labelled document with its page terms (segmented as the crawler segments a page) for scoring. */
export interface ScoredDoc extends LabelledDoc { pageTerms: string[] }

/** Thresholds tried (a 0.0025 grid up to 0.3). */
const GRID_STEP = 0.0025;
const GRID = Array.from({ length: 120 }, (_, i) => +(GRID_STEP * (i + 1)).toFixed(4));

/** Least abstracts of the class per fold, on average, for a threshold to be chosen at all. */
export const MIN_FOLD_POSITIVES = 4;

/** The threshold with the best F1 of `scores` against `labels` on the grid (the lowest of ties). */
export function bestF1Threshold(scores: number[], labels: boolean[]): { threshold: number; f1: number } {
  let best = { threshold: GRID[0], f1: -1 };
  for (const t of GRID) {
    const f1 = f1AtThreshold(scores, labels, t);
    if (f1 > best.f1) best = { threshold: t, f1 };
  }
  return best;
}

/** F1 of scores against labels at threshold `t` (a page at the threshold counts as relevant). */
export function f1AtThreshold(scores: readonly number[], labels: readonly boolean[], t: number): number {
  let tp = 0, fp = 0, fn = 0;
  scores.forEach((s, i) => (isRelevantAt(s, t) ? (labels[i] ? tp++ : fp++) : labels[i] && fn++));
  return tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
}

/** Folds of the cross-validation: each learns on three quarters of the abstracts and is scored on the rest. */
export const THRESHOLD_FOLDS = 4;

const foldsOf = new WeakMap<readonly ScoredDoc[], ScoredDoc[][]>();
/** Each fold's training documents (the same arrays for every class, so learning can be remembered per fold). */
function trainingFolds(docs: readonly ScoredDoc[]): ScoredDoc[][] {
  let folds = foldsOf.get(docs);
  if (!folds) {
    folds = Array.from({ length: THRESHOLD_FOLDS }, (_, fold) => docs.filter((_, i) => i % THRESHOLD_FOLDS !== fold));
    foldsOf.set(docs, folds);
  }
  return folds;
}

/** A class's held-out scores: every abstract scored by a topic of the class learned without it. */
export interface HeldOutScores { scores: number[]; labels: boolean[]; positives: number }

/**
 * Cross-validated scores of class `code`: for each of THRESHOLD_FOLDS folds,
 * `learn(trainDocs, fold)` gives the knowledge of the class and of the broad classes it is
 * contrasted with from the other folds, a topic of the class alone is built with it, and the
 * fold is scored. Undefined when the class has fewer than MIN_FOLD_POSITIVES abstracts per fold.
 */
export function heldOutScores(code: string, docs: readonly ScoredDoc[], learn: (train: readonly ScoredDoc[], fold: number) => ClassKnowledgeFile["classes"]): HeldOutScores | undefined {
  const scores: number[] = [];
  const labels: boolean[] = [];
  const positives = docs.filter((d) => sideOf(d.codes, code) === "inside").length;
  if (positives < MIN_FOLD_POSITIVES * THRESHOLD_FOLDS) return undefined;
  for (let fold = 0; fold < THRESHOLD_FOLDS; fold++) {
    const train = trainingFolds(docs)[fold];
    const test = docs.filter((d, i) => i % THRESHOLD_FOLDS === fold && sideOf(d.codes, code) !== "neither");
    useClassKnowledge({ version: 1, classes: learn(train, fold) });
    try {
      // Without the field posterior's lift (§1.3d): thresholds are chosen on the weighed cosine, and
      // the shipped classifier learned from the fold's abstracts.
      const { fieldLift: _, ...topic } = buildTopic(TopicDefinitionSchema.parse({ clc: [code] }));
      const scorer = topicScorer(topic);
      for (const d of test) {
        scores.push(scoreTerms(scorer, [], d.pageTerms).relevance);
        labels.push(sideOf(d.codes, code) === "inside");
      }
    } finally {
      useClassKnowledge(undefined);
    }
  }
  return { scores, labels, positives };
}

/**
 * How many held-out positives a class's own best threshold counts as, against the threshold best
 * for all classes pooled: a class with `n` positives gets n / (n + SHRINK_POSITIVES) of its own.
 * Set once, not tuned on any text measured on (bench/RELEVANCE.md).
 */
export const SHRINK_POSITIVES = 50;

/**
 * The thresholds of classes from their held-out scores: each class's best-F1 threshold (its
 * pooled curve over every held-out abstract, steadier than the mean of each fold's own best),
 * shrunk toward the best threshold of all classes' scores pooled, by how many positives it rests
 * on (empirical Bayes). A class's own best on a few dozen abstracts follows their noise: on the
 * realistic web it set R at 0.0175 and G at 0.0275, whose pages want 0.04 and 0.08, and TP at
 * 0.05, whose pages want 0.0325; the pooled threshold is one figure on thousands of scores.
 */
export function shrunkThresholds(byClass: ReadonlyMap<string, HeldOutScores>): { thresholds: Map<string, number>; pooled: number } {
  const all = [...byClass.values()];
  const pooled = bestF1Threshold(all.flatMap((h) => h.scores), all.flatMap((h) => h.labels)).threshold;
  const thresholds = new Map<string, number>();
  for (const [code, h] of byClass) {
    const own = bestF1Threshold(h.scores, h.labels).threshold;
    const w = h.positives / (h.positives + SHRINK_POSITIVES);
    thresholds.set(code, roundToGrid(w * own + (1 - w) * pooled));
  }
  return { thresholds, pooled };
}

/** `t` on the thresholds' grid. */
const roundToGrid = (t: number) => +(Math.round(t / GRID_STEP) * GRID_STEP).toFixed(4);
