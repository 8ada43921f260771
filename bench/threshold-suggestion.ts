/**
 * How well a threshold suggested from example texts (lib/topic/threshold.ts) filters real text:
 * for each CLC class with enough CSL abstracts, a few of its abstracts are the topic's example
 * texts (chosen by a seeded shuffle) and every other abstract is scored against the topic. F1
 * at the suggested threshold is compared with F1 at the default and at the best threshold for
 * that class (known only with the labels). Topics are built two ways: the class and the
 * examples, or the examples alone. With --grid the suggestion rule's quantile and share are
 * searched and the best pair is printed.
 *   npm run bench:threshold -- [--examples 5] [--seed 1] [--grid]
 */
import { parseArgs } from "node:util";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";
import { leaveOneOutScores, quantile, THRESHOLD_RULE, type ThresholdRule } from "../lib/topic/threshold";
import { codes, docs, f1At, labelsFor } from "./csl";

const { values } = parseArgs({ options: { examples: { type: "string" }, seed: { type: "string" }, grid: { type: "boolean" } } });
const EXAMPLES = Number(values.examples ?? 5);
const EVALUATE_AT_LEAST = 8;

/** A deterministic shuffle (mulberry32), so every run picks the same examples. */
function shuffled<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const grid = Array.from({ length: 200 }, (_, i) => +(0.0025 * (i + 1)).toFixed(4));
const started = performance.now();
type Case = { code: string; scores: number[]; labels: boolean[]; loo: number[] };
const cases: Record<"clc+examples" | "examples", Case[]> = { "clc+examples": [], examples: [] };
for (const code of codes) {
  const { indexes, labels } = labelsFor(code);
  const positives = indexes.filter((_, k) => labels[k]);
  if (positives.length < EXAMPLES + EVALUATE_AT_LEAST) continue;
  const examples = new Set(shuffled(positives, Number(values.seed ?? 1) + code.length * 7919 + code.charCodeAt(0)).slice(0, EXAMPLES));
  const exampleTexts = [...examples].map((i) => `${docs[i].title}\n${docs[i].abstract}`);
  const rest = indexes.map((i, k) => ({ i, label: labels[k] })).filter((x) => !examples.has(x.i));
  for (const kind of Object.keys(cases) as (keyof typeof cases)[]) {
    const definition = TopicDefinitionSchema.parse({ clc: kind === "examples" ? [] : [code], exampleTexts });
    const scorer = topicScorer(buildTopic(definition));
    cases[kind].push({
      code,
      scores: rest.map((x) => scorePage(scorer, docs[x.i].title, docs[x.i].abstract).relevance),
      labels: rest.map((x) => x.label),
      loo: leaveOneOutScores(definition),
    });
  }
}

const suggested = (c: Case, rule: ThresholdRule) => Math.min(0.5, Math.max(0.01, rule.share * quantile(c.loo, rule.quantile)));
const meanF1 = (cs: Case[], threshold: (c: Case) => number) => cs.reduce((a, c) => a + f1At(c.scores, c.labels, threshold(c)).f1, 0) / cs.length;
const bestOf = (c: Case) => grid.reduce((a, t) => (f1At(c.scores, c.labels, t).f1 > f1At(c.scores, c.labels, a).f1 ? t : a));

let rule = THRESHOLD_RULE;
if (values.grid) {
  const all = [...cases["clc+examples"], ...cases.examples];
  let best = { rule, f1: -1 };
  for (const q of [0, 0.25, 0.5, 0.75, 1]) for (let share = 0.2; share <= 2.0001; share += 0.1) {
    const r = { quantile: q, share: +share.toFixed(2) };
    const f1 = meanF1(all, (c) => suggested(c, r));
    if (f1 > best.f1) best = { rule: r, f1 };
  }
  console.log(`grid: best rule quantile ${best.rule.quantile}, share ${best.rule.share} (mean F1 over both topic kinds ${best.f1.toFixed(3)})`);
  rule = best.rule;
}

console.log(`${EXAMPLES} example abstracts per class, rule: ${rule.share} × the ${rule.quantile} quantile of the leave-one-out scores\n`);
console.log("| topic | classes | F1 at the default " + DEFAULT_PAGE_THRESHOLD + " | F1 at the suggestion | F1 at each class's best (labels needed) | median suggestion | median best |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [kind, cs] of Object.entries(cases)) {
  console.log(`| ${kind} | ${cs.length} | ${meanF1(cs, () => DEFAULT_PAGE_THRESHOLD).toFixed(3)} | ${meanF1(cs, (c) => suggested(c, rule)).toFixed(3)} | ` +
    `${meanF1(cs, bestOf).toFixed(3)} | ${quantile(cs.map((c) => suggested(c, rule)), 0.5).toFixed(4)} | ${quantile(cs.map(bestOf), 0.5).toFixed(4)} |`);
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
