/**
 * The field posterior (docs/ALGORITHMS.md §1.3d): how likely a page is of a class topic's field
 * rather than of any other field the class knowledge knows, from a naive Bayes classifier of every
 * label the knowledge learns from (CSL's disciplines and TNEWS's news categories, mapped to CLC).
 * A class topic's score is weighed by it:
 *
 *     relevance = weighed cosine × (FIELD_LIFT_FLOOR + λ(n) × posterior)
 *     λ(n)      = FIELD_LIFT_LONG + FIELD_LIFT_SHORT / (n + FIELD_LIFT_WORDS)
 *
 * with n the page's number of words. A cosine's scale and trust depend on the kind of page: a
 * headline's few words give small, noisy cosines, a long page's many words a steady one. The
 * posterior reads the same on every length, so the fewer words a page has, the more it counts
 * (λ about 30 on a 10-word headline, 4 on a 150-word abstract, 1.7 on 500 words, under 1 on long
 * pages): a short page the classifier places in the field gets over the threshold its cosine alone
 * would miss, and a page the classifier places surely elsewhere keeps 3/4 of its cosine.
 * Snapshots from before this rule (`fieldLift: true`) keep the flat lift 1 + FIELD_LIFT × posterior.
 *
 * The model (field-posterior.json, `npm run build:field-posterior`) holds each word's count per
 * label; a page is read in the scorer's own terms (search mode), so no second segmentation.
 */
import fs from "node:fs";
import { projectPath } from "../project-root";
import { getClcNode } from "./clc/tree";
import { isWithinClass } from "./knowledge/learn";

/** The flat lift of topics built before the rule by length: 1 + FIELD_LIFT × posterior. */
export const FIELD_LIFT = 2;

/**
 * The rule by length (docs/ALGORITHMS.md §1.3d), its four numbers chosen on one half of the
 * abstracts, headlines and realistic web pages together and checked on the other half
 * (bench/field-lift.ts, bench/RELEVANCE.md): what a page surely of another field keeps of its score…
 */
export const FIELD_LIFT_FLOOR = 0.75;
/** …the posterior's weight on a very long page… */
export const FIELD_LIFT_LONG = 0.5;
/** …and how it grows as the page gets shorter: FIELD_LIFT_SHORT / (words + FIELD_LIFT_WORDS). */
export const FIELD_LIFT_SHORT = 600;
export const FIELD_LIFT_WORDS = 10;

/** The built model's path. */
export const FIELD_POSTERIOR_FILE = projectPath("lib", "topic", "knowledge", "field-posterior.json");

/**
 * The model as stored: labels (each a set of CLC codes and how many texts and words it learned
 * from), and per word its counts, flat: `[label, count, label, count, …]`.
 */
export interface FieldPosteriorModel {
  version: 1;
  /** Additive smoothing of the word shares. */
  alpha: number;
  labels: { codes: string[]; texts: number; words: number }[];
  words: Record<string, number[]>;
}

/** A labelled text as the model learns it: its terms (repeats kept) and its classes. */
export interface PosteriorDoc { terms: readonly string[]; codes: readonly string[] }

/** Additive smoothing the model is built with (0.01–0.5 measured; bench/RELEVANCE.md). */
export const POSTERIOR_ALPHA = 0.1;

/** Learn the model from labelled texts; a label is a text's set of classes. */
export function learnFieldPosterior(docs: readonly PosteriorDoc[], alpha = POSTERIOR_ALPHA): FieldPosteriorModel {
  const labelIds = new Map<string, number>();
  const labels: FieldPosteriorModel["labels"] = [];
  const counts = new Map<string, Map<number, number>>();
  for (const d of docs) {
    const key = [...d.codes].sort().join("+");
    let id = labelIds.get(key);
    if (id === undefined) {
      id = labels.length;
      labelIds.set(key, id);
      labels.push({ codes: [...d.codes].sort(), texts: 0, words: 0 });
    }
    labels[id].texts++;
    labels[id].words += d.terms.length;
    for (const t of d.terms) {
      let byLabel = counts.get(t);
      if (!byLabel) counts.set(t, (byLabel = new Map()));
      byLabel.set(id, (byLabel.get(id) ?? 0) + 1);
    }
  }
  const words: Record<string, number[]> = {};
  for (const t of [...counts.keys()].sort()) words[t] = [...counts.get(t)!].sort((a, b) => a[0] - b[0]).flat();
  return { version: 1, alpha, labels, words };
}

/**
 * The model ready for scoring, flat: word `t`'s postings are entries `starts[ids.get(t)]` up to
 * `starts[ids.get(t) + 1]` of `labelOf` and `gain` (log((count + α) / α), what the word adds to
 * the label's log likelihood over an unseen word's `unseen[label]`).
 */
interface PosteriorIndex { labels: string[][]; ids: Map<string, number>; starts: Uint32Array; labelOf: Uint16Array; gain: Float64Array; unseen: Float64Array; prior: Float64Array }

let model: FieldPosteriorModel | undefined;
/** The shipped model's index (the parsed file is dropped once it is built). */
let shippedIndex: PosteriorIndex | undefined;
/** Each other model's index, built once (the tests' models). */
const indexes = new WeakMap<FieldPosteriorModel, PosteriorIndex>();

/** Score with `m` instead of the shipped model (tests); undefined goes back to it. */
export function useFieldPosteriorModel(m: FieldPosteriorModel | undefined): void {
  model = m;
}

function posteriorIndex(): PosteriorIndex {
  if (!model) return (shippedIndex ??= indexOf(JSON.parse(fs.readFileSync(FIELD_POSTERIOR_FILE, "utf8")) as FieldPosteriorModel));
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = indexOf(model)));
  return index;
}

function indexOf(m: FieldPosteriorModel): PosteriorIndex {
  const entries = Object.entries(m.words);
  const vocabulary = entries.length;
  let count = 0;
  for (const [, flat] of entries) count += flat.length / 2;
  const ids = new Map<string, number>();
  const starts = new Uint32Array(vocabulary + 1);
  const labelOf = new Uint16Array(count);
  const gain = new Float64Array(count);
  let at = 0;
  for (const [t, flat] of entries) {
    starts[ids.size] = at;
    ids.set(t, ids.size);
    for (let k = 0; k < flat.length; k += 2) {
      labelOf[at] = flat[k];
      gain[at++] = Math.log((flat[k + 1] + m.alpha) / m.alpha);
    }
  }
  starts[ids.size] = at;
  const texts = m.labels.reduce((a, l) => a + l.texts, 0);
  return {
    labels: m.labels.map((l) => l.codes),
    ids, starts, labelOf, gain,
    unseen: Float64Array.from(m.labels, (l) => Math.log(m.alpha / (l.words + m.alpha * vocabulary))),
    prior: Float64Array.from(m.labels, (l) => Math.log(l.texts / texts)),
  };
}

/** Build the index now (a worker calls it with the field rivals' warm-up, before any lease is held). */
export function warmUpFieldPosterior(): void {
  posteriorIndex();
}

/** A class topic's view of the model: which labels are of the topic's classes. */
export interface FieldPosterior { index: PosteriorIndex; isTopic: boolean[]; topicCodes: readonly string[] }


/** The posterior of a topic on classes `codes`; none when no label is of them (the lift is then 1). */
export function fieldPosteriorOf(codes: readonly string[]): FieldPosterior | undefined {
  if (codes.length === 0) return undefined;
  const idx = posteriorIndex();
  const canonical = codes.map((code) => getClcNode(code)?.code ?? code);
  const isTopic = idx.labels.map((l) => l.some((c) => canonical.some((code) => isWithinClass(c, code))));
  return isTopic.some(Boolean) && !isTopic.every(Boolean) ? { index: idx, isTopic, topicCodes: [...codes] } : undefined;
}

/** The probability that a page of these terms is of the topic's field; undefined when none of its words is known (no evidence). */
export function topicPosterior(fp: FieldPosterior, ...termLists: readonly (readonly string[])[]): number | undefined {
  const { ids, starts, labelOf, gain, unseen, prior } = fp.index;
  const logs = Float64Array.from(prior);
  let known = 0;
  for (const terms of termLists) {
    for (const t of terms) {
      const id = ids.get(t);
      if (id === undefined) continue;
      known++;
      for (let k = starts[id]; k < starts[id + 1]; k++) logs[labelOf[k]] += gain[k];
    }
  }
  if (known === 0) return undefined;
  let top = -Infinity;
  for (let i = 0; i < logs.length; i++) top = Math.max(top, (logs[i] += known * unseen[i]));
  let all = 0, topic = 0;
  for (let i = 0; i < logs.length; i++) {
    const e = Math.exp(logs[i] - top);
    all += e;
    if (fp.isTopic[i]) topic += e;
  }
  return topic / all;
}

/** The posterior's weight λ on a page of `words` words (the rule by length). */
export function liftWeight(words: number): number {
  return FIELD_LIFT_LONG + FIELD_LIFT_SHORT / (Math.max(0, words) + FIELD_LIFT_WORDS);
}

/**
 * The factor a class topic's score is multiplied by for posterior `p`: by the page's length
 * `words` under the rule by length, or the flat lift of older snapshots when `words` is undefined.
 */
export function fieldLift(p: number, words?: number): number {
  return words === undefined ? 1 + FIELD_LIFT * p : FIELD_LIFT_FLOOR + liftWeight(words) * p;
}
