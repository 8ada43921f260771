/**
 * The CSL paper abstracts (bench/data/csl-dev.tsv, Apache-2.0) as labelled pages for each CLC
 * class, and the measures the relevance benches report.
 */
import fs from "node:fs";
import path from "node:path";
import { clcAncestors } from "../lib/topic/clc/tree";
import { isRelevantAt } from "../lib/topic/topic";
import { DISCIPLINE_TO_CLC } from "./csl-mapping";

export const docs = fs.readFileSync(path.join(import.meta.dirname, "data", "csl-dev.tsv"), "utf8").trim().split("\n").map((l) => {
  const [title, abstract, discipline] = l.split("\t");
  return { title, abstract, discipline };
});

/** ROC-AUC by the rank-sum (Mann-Whitney) statistic, ties counted half. */
export function rocAuc(scores: number[], labels: boolean[]): number {
  const idx = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(scores.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j < idx.length && idx[j][0] === idx[i][0]) j++;
    for (let k = i; k < j; k++) ranks[idx[k][1]] = (i + j + 1) / 2;
    i = j;
  }
  const pos = labels.filter(Boolean).length;
  const neg = labels.length - pos;
  const sum = labels.reduce((s, l, i) => s + (l ? ranks[i] : 0), 0);
  return (sum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export function f1At(scores: number[], labels: boolean[], t: number) {
  let tp = 0, fp = 0, fn = 0;
  scores.forEach((s, i) => (isRelevantAt(s, t) ? (labels[i] ? tp++ : fp++) : labels[i] && fn++));
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** True when class `inner` is `outer` or lies below it in the tree. */
const isWithin = (inner: string, outer: string) => clcAncestors(inner).some((n) => n.code === outer);

/**
 * For class C, an abstract is relevant when its discipline maps to C or to a class below C;
 * abstracts whose discipline maps only to a class above C (e.g. 应用经济学 → F when C is F8)
 * could be either, so they are left out of C's evaluation rather than counted as negatives.
 */
export function labelsFor(code: string) {
  const docsIn = docs.map((d, i) => ({ d, i })).filter(({ d }) => {
    const mapped = DISCIPLINE_TO_CLC[d.discipline];
    return mapped.some((c) => isWithin(c, code)) || !mapped.some((c) => isWithin(code, c));
  });
  return { indexes: docsIn.map((x) => x.i), labels: docsIn.map(({ d }) => DISCIPLINE_TO_CLC[d.discipline].some((c) => isWithin(c, code))) };
}

/** Every CLC class some discipline maps to. */
export const codes = [...new Set(Object.values(DISCIPLINE_TO_CLC).flat())];
