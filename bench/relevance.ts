/**
 * Page-filter accuracy on real text: 1,000 CSL paper abstracts (bench/data, Apache-2.0), each
 * CLC class's topic built from the CLC node alone, every abstract scored against it.
 * Reports ROC-AUC and F1 per class, the threshold that maximises mean F1, and throughput.
 *   npm run bench:relevance [-- --threshold 0.1] [--top-k 200] [--min-positives 8]
 */
import { parseArgs } from "node:util";
import { buildTopic, DEFAULT_TOP_K, isRelevantAt, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";
import { ADAPT_MAX_CROSSING, ADAPT_MIN_RELEVANT, DEFAULT_FEEDBACK_PAGES, PageCentroid, refineTopic } from "../lib/topic/feedback";
import { DISCIPLINE_TO_CLC } from "./csl-mapping";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { codes, docs, f1At, labelsFor, rocAuc } from "./csl";

const { values } = parseArgs({ options: { threshold: { type: "string" }, "min-positives": { type: "string" }, "top-k": { type: "string" }, knowledge: { type: "string" } } });
const IS_KNOWLEDGE = values.knowledge !== "off";
const MIN_POSITIVES = Number(values["min-positives"] ?? 8);
const TOP_K = Number(values["top-k"] ?? DEFAULT_TOP_K);
const evaluated = codes.map((code) => ({ code, ...labelsFor(code) })).filter((c) => c.labels.filter(Boolean).length >= MIN_POSITIVES);

let scored = 0;
const started = performance.now();
const results = evaluated.map(({ code, labels, indexes }) => {
  const topic = buildTopic(TopicDefinitionSchema.parse({ clc: [code], topK: TOP_K, classKnowledge: IS_KNOWLEDGE }));
  const scorer = topicScorer(topic);
  const scores = indexes.map((i) => scorePage(scorer, docs[i].title, docs[i].abstract).relevance);
  scored += indexes.length;
  return { code, topic, scorer, labels, indexes, scores, auc: rocAuc(scores, labels), positives: labels.filter(Boolean).length };
});
const seconds = (performance.now() - started) / 1000;

/**
 * What a job does by default once it has fetched `adaptTopicAfter` pages (lib/maintenance/refine.ts),
 * with all 1,000 abstracts as the job's pages: when at least 3 pass the threshold, the topic
 * learns from the 10 best of those and against those below the threshold, no label used; if
 * the learned topic would let through more than ADAPT_MAX_CROSSING of the abstracts below the
 * threshold, learning is put off and the topic stays as built. Then the class's abstracts are
 * scored again.
 */
const withFeedback = results.map(({ code, topic, scorer, labels, indexes, scores: before }) => {
  const ranked = docs.map((d) => ({ page: { title: d.title, text: d.abstract }, s: scorePage(scorer, d.title, d.abstract).relevance }))
    .sort((a, b) => b.s - a.s);
  const over = ranked.filter((r) => isRelevantAt(r.s, DEFAULT_PAGE_THRESHOLD)).map((r) => r.page);
  const below = ranked.filter((r) => !isRelevantAt(r.s, DEFAULT_PAGE_THRESHOLD)).map((r) => r.page);
  const asBuilt = { code, labels, scores: before, auc: rocAuc(before, labels), isAdapted: false, crossing: 0 };
  if (over.length < ADAPT_MIN_RELEVANT) return asBuilt;
  const centroid = new PageCentroid(topic, { keepTerms: true });
  for (const p of below) centroid.add(p);
  const refinedTopic = refineTopic(topic, over.slice(0, DEFAULT_FEEDBACK_PAGES), { nonRelevant: centroid });
  const crossing = centroid.shareAtOrAbove(refinedTopic, DEFAULT_PAGE_THRESHOLD);
  if (crossing > ADAPT_MAX_CROSSING) return { ...asBuilt, crossing };
  const refined = topicScorer(refinedTopic);
  const scores = indexes.map((i) => scorePage(refined, docs[i].title, docs[i].abstract).relevance);
  return { code, labels, scores, auc: rocAuc(scores, labels), isAdapted: true, crossing };
});

const grid = Array.from({ length: 100 }, (_, i) => +(0.0025 * (i + 1)).toFixed(4));
const meanF1Of = (rs: { scores: number[]; labels: boolean[] }[], t: number) => rs.reduce((a, r) => a + f1At(r.scores, r.labels, t).f1, 0) / rs.length;
/** The threshold on the grid with the best mean F1 over `rs`. */
const bestThreshold = (rs: { scores: number[]; labels: boolean[] }[]) => grid.reduce((a, b) => (meanF1Of(rs, b) > meanF1Of(rs, a) ? b : a));
const meanF1 = (t: number) => meanF1Of(results, t);
const best = bestThreshold(results);
const threshold = values.threshold ? Number(values.threshold) : DEFAULT_PAGE_THRESHOLD;

console.log(`| CLC | positives | ROC-AUC | P@${threshold} | R@${threshold} | F1@${threshold} | F1@${best} (best) | ROC-AUC after learning | F1@${threshold} after learning |`);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
results.forEach((r, i) => {
  const at = f1At(r.scores, r.labels, threshold);
  const fb = withFeedback[i];
  console.log(`| ${r.code} | ${r.positives} | ${r.auc.toFixed(3)} | ${at.precision.toFixed(2)} | ${at.recall.toFixed(2)} | ${at.f1.toFixed(3)} | ` +
    `${f1At(r.scores, r.labels, best).f1.toFixed(3)} | ${fb.auc.toFixed(3)} | ${f1At(fb.scores, fb.labels, threshold).f1.toFixed(3)} |`);
});
const meanAuc = results.reduce((s, r) => s + r.auc, 0) / results.length;
console.log(`\nclasses: ${results.length}, mean ROC-AUC ${meanAuc.toFixed(3)}, mean F1 at ${threshold}: ${meanF1(threshold).toFixed(3)}, ` +
  `best threshold ${best} (mean F1 ${meanF1(best).toFixed(3)})`);
const top12 = [...results].sort((a, b) => b.positives - a.positives).slice(0, 12);
console.log(`the 12 classes with most positives (${top12.map((r) => r.code).join(", ")}): mean ROC-AUC ` +
  `${(top12.reduce((s, r) => s + r.auc, 0) / 12).toFixed(3)}, mean F1 at ${threshold}: ${(top12.reduce((s, r) => s + f1At(r.scores, r.labels, threshold).f1, 0) / 12).toFixed(3)}`);
/** Classes with a one-to-one mapping: one discipline maps to exactly this class and nothing else does. */
const isOneToOne = (code: string) => {
  const from = Object.entries(DISCIPLINE_TO_CLC).filter(([, codes]) => codes.includes(code));
  return from.length === 1 && from[0][1].length === 1;
};
const clean = results.filter((r) => isOneToOne(r.code));
console.log(`one-to-one classes (${clean.length}: ${clean.map((r) => r.code).join(", ")}): mean ROC-AUC ` +
  `${(clean.reduce((s, r) => s + r.auc, 0) / clean.length).toFixed(3)}, mean F1 at ${threshold}: ` +
  `${(clean.reduce((s, r) => s + f1At(r.scores, r.labels, threshold).f1, 0) / clean.length).toFixed(3)}`);
const bestFb = bestThreshold(withFeedback);
const meanOf = (rs: { auc: number }[]) => (rs.reduce((a, r) => a + r.auc, 0) / rs.length).toFixed(3);
const top12Codes = new Set(top12.map((r) => r.code));
const cleanCodes = new Set(clean.map((r) => r.code));
const crossings = withFeedback.map((r) => r.crossing);
console.log(`after the topic learned by itself, as a job does by default (${withFeedback.filter((r) => r.isAdapted).length} of ${withFeedback.length} classes learned; ` +
  `it let through at most ${(Math.max(...crossings) * 100).toFixed(1)}% of the abstracts below the threshold, mean ${(crossings.reduce((a, b) => a + b, 0) / crossings.length * 100).toFixed(1)}%), ` +
  `from up to ${DEFAULT_FEEDBACK_PAGES} best-scoring abstracts over the threshold: mean ROC-AUC ${meanOf(withFeedback)} (${withFeedback.length} classes), ` +
  `${meanOf(withFeedback.filter((r) => top12Codes.has(r.code)))} (12 with most positives), ${meanOf(withFeedback.filter((r) => cleanCodes.has(r.code)))} (one-to-one); ` +
  `mean F1 at ${threshold}: ${meanF1Of(withFeedback, threshold).toFixed(3)}, best threshold ${bestFb} (mean F1 ${meanF1Of(withFeedback, bestFb).toFixed(3)})`);
/** Each topic's own threshold: its classes' (class knowledge, chosen on the abstracts it learned from), else the default. */
const ownThreshold = (code: string) => (IS_KNOWLEDGE ? classesThreshold([code]) : undefined) ?? DEFAULT_PAGE_THRESHOLD;
const ownF1 = results.map((r) => f1At(r.scores, r.labels, ownThreshold(r.code)).f1);
console.log(`class knowledge ${IS_KNOWLEDGE ? "on" : "off"}: mean F1 at each topic's own threshold ${(ownF1.reduce((a, b) => a + b, 0) / ownF1.length).toFixed(3)} ` +
  `(thresholds ${Math.min(...results.map((r) => ownThreshold(r.code)))}–${Math.max(...results.map((r) => ownThreshold(r.code)))})`);
const ceiling = results.map((r) => Math.max(...grid.map((t) => f1At(r.scores, r.labels, t).f1)));
console.log(`mean F1 at each class's best threshold in hindsight (labels needed): ${(ceiling.reduce((a, b) => a + b, 0) / ceiling.length).toFixed(3)}`);
console.log(`scoring throughput: ${Math.round(scored / seconds)} abstracts/s (topic build included, one core)`);
