/**
 * Is the abstracts' F1 held back by the data or by the model? A linear classifier per class
 * (logistic regression on L2-normalised TF-IDF of whole words, one against the rest), learned from
 * the class knowledge's own labelled abstracts (lib/topic/knowledge/sources.ts, which hold none of
 * CSL's dev split), measured on CSL's dev abstracts beside the shipped relevance: ROC-AUC, F1 at the
 * best threshold in hindsight, and F1 at a threshold chosen by four-fold cross-validation on the
 * training abstracts (honest). A linear classifier on normalised TF-IDF is a cosine with a weight
 * vector that may hold negative weights, so it fits the topic model's form (docs/ALGORITHMS.md §1.2).
 *   npx tsx bench/linear-ceiling.ts --data DIR [--epochs 40] [--l2 1e-4]
 */
import { parseArgs } from "node:util";
import { labelledDocs, loadKnowledgeSources } from "../lib/topic/knowledge/sources";
import { knowledgeWords } from "../lib/topic/knowledge/words";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { clcAncestors } from "../lib/topic/clc/tree";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { codes, docs, f1At, labelsFor, rocAuc } from "./csl";

const { values } = parseArgs({ options: { data: { type: "string" }, epochs: { type: "string" }, l2: { type: "string" } } });
const EPOCHS = Number(values.epochs ?? 40);
const L2 = Number(values.l2 ?? 1e-4);
const isWithin = (inner: string, outer: string) => clcAncestors(inner).some((n) => n.code === outer);

const { abstractDocs } = labelledDocs(loadKnowledgeSources(values.data ?? "../shared/data"), { selfTraining: false });
type Vec = { ids: Int32Array; vals: Float64Array };
const vocab = new Map<string, number>();
const df: number[] = [];
const trainWords = abstractDocs.map((d) => knowledgeWords(d.text));
for (const ws of trainWords) for (const w of new Set(ws)) {
  if (!vocab.has(w)) { vocab.set(w, vocab.size); df.push(0); }
  df[vocab.get(w)!]++;
}
const N = trainWords.length;
function vectorize(words: string[]): Vec {
  const tf = new Map<number, number>();
  for (const w of words) { const id = vocab.get(w); if (id !== undefined) tf.set(id, (tf.get(id) ?? 0) + 1); }
  const ids = Int32Array.from(tf.keys());
  const vals = Float64Array.from(ids, (id) => (1 + Math.log(tf.get(id)!)) * Math.log((N + 1) / (df[id] + 1)));
  const norm = Math.hypot(...vals) || 1;
  for (let i = 0; i < vals.length; i++) vals[i] /= norm;
  return { ids, vals };
}
const train = trainWords.map(vectorize);
const dot = (w: Float64Array, x: Vec) => { let s = 0; for (let i = 0; i < x.ids.length; i++) s += w[x.ids[i]] * x.vals[i]; return s; };

/** Logistic regression by Adagrad, positives weighed to balance the classes. */
function fit(xs: Vec[], ys: boolean[]): { w: Float64Array; b: number } {
  const w = new Float64Array(vocab.size), g2 = new Float64Array(vocab.size).fill(1e-8);
  let b = 0, gb = 1e-8;
  const pos = ys.filter(Boolean).length, posWeight = Math.max(1, (ys.length - pos) / Math.max(1, pos));
  const order = xs.map((_, i) => i);
  for (let e = 0; e < EPOCHS; e++) {
    for (let i = order.length - 1; i > 0; i--) { const j = (i * 7919 + e * 104729) % (i + 1); [order[i], order[j]] = [order[j], order[i]]; }
    for (const i of order) {
      const x = xs[i];
      const p = 1 / (1 + Math.exp(-(dot(w, x) + b)));
      const err = (p - (ys[i] ? 1 : 0)) * (ys[i] ? posWeight : 1);
      for (let k = 0; k < x.ids.length; k++) {
        const id = x.ids[k];
        const g = err * x.vals[k] + L2 * w[id];
        g2[id] += g * g;
        w[id] -= (0.5 / Math.sqrt(g2[id])) * g;
      }
      gb += err * err;
      b -= (0.5 / Math.sqrt(gb)) * err;
    }
  }
  return { w, b };
}

const GRID = Array.from({ length: 199 }, (_, i) => 0.005 * (i + 1));
const dev = docs.map((d) => vectorize(knowledgeWords(`${d.title} ${d.abstract}`)));
const sums = { relAuc: 0, relOwn: 0, relBest: 0, auc: 0, half: 0, cv: 0, best: 0 };
let n = 0;
for (const code of codes) {
  const { indexes, labels } = labelsFor(code);
  if (labels.filter(Boolean).length < 8) continue;
  n++;
  // Training texts of the class, and of classes unrelated to it (labelled only above it: neither).
  const inTrain = abstractDocs.map((d, i) => ({ i, pos: d.codes.some((c) => isWithin(c, code)), skip: !d.codes.some((c) => isWithin(c, code)) && d.codes.some((c) => isWithin(code, c)) })).filter((x) => !x.skip);
  const prob = (m: { w: Float64Array; b: number }, x: Vec) => 1 / (1 + Math.exp(-(dot(m.w, x) + m.b)));
  // Four folds: held-out probabilities of the training texts choose the threshold.
  const heldOut: { p: number; y: boolean }[] = [];
  for (let f = 0; f < 4; f++) {
    const fitOn = inTrain.filter((_, k) => k % 4 !== f), test = inTrain.filter((_, k) => k % 4 === f);
    const m = fit(fitOn.map((x) => train[x.i]), fitOn.map((x) => x.pos));
    for (const x of test) heldOut.push({ p: prob(m, train[x.i]), y: x.pos });
  }
  const cvT = GRID.map((t) => ({ t, f1: f1At(heldOut.map((h) => h.p), heldOut.map((h) => h.y), t).f1 })).reduce((a, b) => (b.f1 > a.f1 ? b : a)).t;
  const model = fit(inTrain.map((x) => train[x.i]), inTrain.map((x) => x.pos));
  const ps = indexes.map((i) => prob(model, dev[i]));
  sums.auc += rocAuc(ps, labels);
  sums.half += f1At(ps, labels, 0.5).f1;
  sums.cv += f1At(ps, labels, cvT).f1;
  sums.best += Math.max(...GRID.map((t) => f1At(ps, labels, t).f1));
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [code] })));
  const rel = indexes.map((i) => scorePage(scorer, docs[i].title, docs[i].abstract).relevance);
  const own = classesThreshold([code]) ?? 0.035;
  sums.relAuc += rocAuc(rel, labels);
  sums.relOwn += f1At(rel, labels, own).f1;
  sums.relBest += Math.max(...Array.from({ length: 400 }, (_, i) => f1At(rel, labels, 0.0025 * (i + 1)).f1));
}
const m = (x: number) => (x / n).toFixed(3);
console.log(`${n} classes, ${N} training abstracts, ${vocab.size} words, ${EPOCHS} epochs, L2 ${L2}`);
console.log(`| score | ROC-AUC | F1 at its own threshold | best F1 in hindsight |\n|---|---:|---:|---:|`);
console.log(`| relevance (shipped) | ${m(sums.relAuc)} | ${m(sums.relOwn)} | ${m(sums.relBest)} |`);
console.log(`| linear, threshold by 4-fold CV (0.5: ${m(sums.half)}) | ${m(sums.auc)} | ${m(sums.cv)} | ${m(sums.best)} |`);
