/**
 * The page threshold a topic of one class alone should use, chosen on labelled abstracts its
 * field words were not learned from (two folds: learn on one half, choose on the other, the mean
 * of the two choices). Field words raise the cosine of every page of the field, so one fixed
 * threshold no longer suits every class (bench/RELEVANCE.md). The fold's knowledge holds the
 * broad classes too, learned from the same half, so the topic is scored with its class contrast.
 */
import { isRelevantAt, scoreTerms, topicScorer, buildTopic, TopicDefinitionSchema } from "../topic";
import { useClassKnowledge, type ClassKnowledgeFile } from "./knowledge";
import { sideOf, type LabelledDoc } from "./learn";

/** A labelled document with its page terms (segmented as the crawler segments a page) for scoring. */
export interface ScoredDoc extends LabelledDoc { pageTerms: string[] }

/** Thresholds tried (a 0.0025 grid up to 0.3). */
const GRID = Array.from({ length: 120 }, (_, i) => +(0.0025 * (i + 1)).toFixed(4));

/** Least abstracts of the class in each fold for a threshold to be chosen at all. */
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

/**
 * Two-fold choice of class `code`'s threshold: `learn(trainDocs, fold)` gives the knowledge of the
 * class and of the broad classes it is contrasted with from one half, a topic of the class alone
 * is built with it, and the other half is scored.
 * Undefined when a fold holds fewer than MIN_FOLD_POSITIVES of the class's abstracts.
 */
export function chooseClassThreshold(code: string, docs: readonly ScoredDoc[], learn: (train: readonly ScoredDoc[], fold: number) => ClassKnowledgeFile["classes"]): number | undefined {
  const chosen: number[] = [];
  for (const fold of [0, 1]) {
    const train = docs.filter((_, i) => i % 2 !== fold);
    const test = docs.filter((d, i) => i % 2 === fold && sideOf(d.codes, code) !== "neither");
    const labels = test.map((d) => sideOf(d.codes, code) === "inside");
    if (labels.filter(Boolean).length < MIN_FOLD_POSITIVES) return undefined;
    useClassKnowledge({ version: 1, classes: learn(train, fold) });
    try {
      const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [code] })));
      chosen.push(bestF1Threshold(test.map((d) => scoreTerms(scorer, [], d.pageTerms).relevance), labels).threshold);
    } finally {
      useClassKnowledge(undefined);
    }
  }
  return +((chosen[0] + chosen[1]) / 2).toFixed(4);
}
