/**
 * A measured next lever, not shipped: a naive Bayes posterior of the topic's classes ("how likely is
 * this page of the topic's field rather than any other the knowledge knows"), beside today's relevance
 * (docs/ALGORITHMS.md §1.3c), on the three held-out genres: CSL dev abstracts (62 classes), THUCNews dev
 * headlines (8) and the realistic web (TP, R, F, S, G, K). A posterior has one natural threshold, 0.5,
 * for every class and every kind of page; a cosine's threshold is the page kind's.
 *   npx tsx bench/field-posterior.ts --data DIR [--texts abstracts|all] [--counts] [--ahead] [--short N]
 * `--texts abstracts`: the classifier learns from the labelled abstracts alone (disciplines as classes);
 * `all` (default): from abstracts, labelled and self-labelled headlines (docs/ALGORITHMS.md §1.3a).
 * `--counts`: a word counts as often as it occurs (multinomial); default, once per text.
 * The last column joins the two yes/no rules: "either" (relevant at the topic's own threshold, or
 * posterior ≥ 0.5; with `--ahead` the posterior's yes counts only where the topic's cosine is at least
 * the best rival field's) and "both".
 * Learned from the class knowledge's own sources (lib/topic/knowledge/sources.ts), which hold none of
 * the measured texts.
 */
import { parseArgs } from "node:util";
import { labelledDocs, loadKnowledgeSources } from "../lib/topic/knowledge/sources";
import { knowledgeWords } from "../lib/topic/knowledge/words";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { clcAncestors } from "../lib/topic/clc/tree";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { f1At, rocAuc } from "./csl";
import { threeGenres, type GenreCase, type GenreText } from "./three-genres";

const { values } = parseArgs({ options: { data: { type: "string" }, texts: { type: "string" }, counts: { type: "boolean" }, ahead: { type: "boolean" }, short: { type: "string" } } });
const DATA = values.data ?? "../shared/data";
const IS_ALL = (values.texts ?? "all") === "all";
const IS_COUNTS = values.counts ?? false;
const IS_AHEAD = values.ahead ?? false;
/** `--short N`: the posterior's yes counts only on texts of at most N characters (title and text). */
const SHORT = values.short ? Number(values.short) : Infinity;
/** Additive smoothing of the word shares. */
const ALPHA = 0.1;

const sources = loadKnowledgeSources(DATA);
const { abstractDocs, headlineDocs, selfTrainedDocs } = labelledDocs(sources);
const words = (text: string) => (IS_COUNTS ? knowledgeWords(text) : [...new Set(knowledgeWords(text))]);
const train = [
  ...abstractDocs.map((d) => ({ words: words(d.text), codes: d.codes })),
  ...(IS_ALL ? [...headlineDocs, ...selfTrainedDocs].map((d) => ({ words: [...d.terms], codes: d.codes })) : []),
];
const labels = [...new Set(train.map((d) => d.codes.join("+")))];
const labelCodes = labels.map((l) => l.split("+"));
const counts = labels.map(() => new Map<string, number>());
const totals = labels.map(() => 0);
const priors = labels.map(() => 0);
const vocabulary = new Set<string>();
for (const d of train) {
  const i = labels.indexOf(d.codes.join("+"));
  priors[i]++;
  for (const w of d.words) { counts[i].set(w, (counts[i].get(w) ?? 0) + 1); totals[i]++; vocabulary.add(w); }
}

/** The posterior of every label for a text. */
function posterior(text: string): number[] {
  const known = words(text).filter((w) => vocabulary.has(w));
  const logs = labels.map((_, i) => Math.log(priors[i]) + known.reduce((a, w) => a + Math.log(((counts[i].get(w) ?? 0) + ALPHA) / (totals[i] + ALPHA * vocabulary.size)), 0));
  const top = Math.max(...logs);
  const e = logs.map((x) => Math.exp(x - top));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}
const isWithin = (inner: string, outer: string) => clcAncestors(inner).some((n) => n.code === outer);
const classPosterior = (post: number[], code: string) => post.reduce((a, p, j) => a + (labelCodes[j].some((c) => isWithin(c, code)) ? p : 0), 0);
const SCORE_GRID = Array.from({ length: 400 }, (_, i) => 0.0025 * (i + 1));
const POSTERIOR_GRID = Array.from({ length: 199 }, (_, i) => 0.005 * (i + 1));

function measure(genre: string, cases: GenreCase[]): void {
  const sums = { relAuc: 0, relOwn: 0, relBest: 0, pAuc: 0, pHalf: 0, pBest: 0, either: 0, both: 0 };
  const perClass: string[] = [];
  const cache = new Map<GenreText, number[]>();
  for (const c of cases) {
    const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c.code] })));
    const own = classesThreshold([c.code]) ?? 0.035;
    const scored = c.texts.map((x) => scorePage(scorer, x.title, x.text));
    const rel = scored.map((x) => x.relevance);
    /** The topic reads at least as much like the page as any other field does (§1.3c's factor ≥ 1). */
    const isAhead = scored.map((x) => (x.field ? x.field.factor >= 1 : x.relevance > 0));
    const p = c.texts.map((x) => {
      if (!cache.has(x)) cache.set(x, posterior(`${x.title} ${x.text}`));
      return classPosterior(cache.get(x)!, c.code);
    });
    sums.relAuc += rocAuc(rel, c.truth);
    sums.relOwn += f1At(rel, c.truth, own).f1;
    sums.relBest += Math.max(...SCORE_GRID.map((t) => f1At(rel, c.truth, t).f1));
    sums.pAuc += rocAuc(p, c.truth);
    sums.pHalf += f1At(p, c.truth, 0.5).f1;
    sums.pBest += Math.max(...POSTERIOR_GRID.map((t) => f1At(p, c.truth, t).f1));
    // The two yes/no rules together: relevant when either says so, or when both do.
    const isShort = c.texts.map((x) => x.title.length + x.text.length <= SHORT);
    const either = rel.map((r, i) => (r >= own || (p[i] >= 0.5 && isShort[i] && (!IS_AHEAD || isAhead[i])) ? 1 : 0));
    const both = rel.map((r, i) => (r >= own && p[i] >= 0.5 ? 1 : 0));
    const f1Either = f1At(either, c.truth, 0.5).f1, f1Both = f1At(both, c.truth, 0.5).f1;
    sums.either += f1Either;
    sums.both += f1Both;
    perClass.push(`${c.code} ${f1At(rel, c.truth, own).f1.toFixed(2)}/${f1At(p, c.truth, 0.5).f1.toFixed(2)}/${f1Either.toFixed(2)}/${f1Both.toFixed(2)}`);
  }
  const m = (x: number) => (x / cases.length).toFixed(3);
  console.log(`| ${genre} (${cases.length}) | ${m(sums.relAuc)} / ${m(sums.relOwn)} / ${m(sums.relBest)} | ${m(sums.pAuc)} / ${m(sums.pHalf)} / ${m(sums.pBest)} | ${m(sums.either)} / ${m(sums.both)} |`);
  if (cases.length <= 8) console.log(`  per class, F1 relevance / posterior / either / both: ${perClass.join(", ")}`);
}

console.log(`classifier: ${labels.length} labels, ${train.length} texts (${IS_ALL ? "abstracts and headlines" : "abstracts"}), words ${IS_COUNTS ? "counted" : "once per text"}`);
console.log("| texts | relevance: ROC-AUC / F1 at own threshold / best F1 | posterior: ROC-AUC / F1 at 0.5 / best F1 | F1, either / both |\n|---|---|---|---|");
for (const genre of threeGenres(DATA)) measure(genre.name, genre.cases());
