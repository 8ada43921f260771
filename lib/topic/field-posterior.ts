/**
 * The field posterior (docs/ALGORITHMS.md §1.3d): how likely a page is of a class topic's field
 * rather than of any other field the class knowledge knows, from a naive Bayes classifier of every
 * label the knowledge learns from (CSL's disciplines and TNEWS's news categories, mapped to CLC).
 * A class topic's score is weighed by it, the more the fewer words a page has (`field-lift.ts`):
 * a short page's cosine rests on a handful of words, while the posterior reads the same at every
 * length.
 *
 * The model (field-posterior.json, `npm run build:field-posterior`) holds each word's count per
 * label; a page is read in the scorer's own terms (search mode), so no second segmentation.
 */
import fs from "node:fs";
import { projectPath } from "../project-root";
import { getClcNode } from "./clc/tree";
import { isWithinClass } from "./knowledge/learn";

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
