/**
 * The field posterior's lift (docs/ALGORITHMS.md §1.3d) on the three held-out genres
 * (bench/three-genres.ts: CSL dev abstracts, THUCNews dev headlines, the realistic web's pages), for
 * several λ: relevance = before × factor × (1 + λ π), from one scoring pass (the page's stored
 * weighing holds before, factor and π). Per genre: mean ROC-AUC, mean F1 at each topic's own
 * threshold (the shipped class thresholds, chosen on the weighed cosine without the lift) and mean best F1 in hindsight;
 * and the rule "relevant when the cosine says so at λ = 0 or π ≥ 0.5".
 *   npx tsx bench/field-lift.ts --data DIR
 */
import { parseArgs } from "node:util";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { FIELD_LIFT } from "../lib/topic/field-posterior";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { f1At, rocAuc } from "./csl";
import { threeGenres } from "./three-genres";

const DATA = parseArgs({ options: { data: { type: "string" } } }).values.data ?? "../shared/data";
const LAMBDAS = [0, 1, 2, 3, 6, 9, FIELD_LIFT].filter((x, i, a) => a.indexOf(x) === i).sort((a, b) => a - b);
const GRID = Array.from({ length: 400 }, (_, i) => 0.0025 * (i + 1));

console.log(`| genre | rule | ROC-AUC | F1 at own threshold | best F1 in hindsight | per class (F1 at own threshold) |\n|---|---|---:|---:|---:|---|`);
for (const genre of threeGenres(DATA)) {
  const cases = genre.cases();
  const rows = new Map<string, { auc: number; own: number; best: number; per: string[] }>();
  const add = (rule: string, code: string, scores: number[], truth: boolean[], own: number, isYes?: boolean[]) => {
    const r = rows.get(rule) ?? { auc: 0, own: 0, best: 0, per: [] };
    const f1 = isYes ? f1At(isYes.map((y) => (y ? 1 : 0)), truth, 0.5).f1 : f1At(scores, truth, own).f1;
    r.auc += isYes ? NaN : rocAuc(scores, truth);
    r.own += f1;
    r.best += isYes ? NaN : Math.max(...GRID.map((t) => f1At(scores, truth, t).f1));
    r.per.push(`${code} ${f1.toFixed(3)}`);
    rows.set(rule, r);
  };
  for (const c of cases) {
    const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c.code] })));
    const own = classesThreshold([c.code]) ?? 0.035;
    const scored = c.texts.map((x) => scorePage(scorer, x.title, x.text));
    const at = (lambda: number) => scored.map((s) => (s.field ? Math.min(1, s.field.before * s.field.factor * (1 + lambda * (s.field.posterior ?? 0))) : s.relevance));
    for (const lambda of LAMBDAS) add(`λ = ${lambda}${lambda === FIELD_LIFT ? " (shipped)" : ""}`, c.code, at(lambda), c.truth, own);
    const plain = at(0);
    add("λ = 0, or π ≥ 0.5", c.code, plain, c.truth, own, scored.map((s, i) => plain[i] >= own || (s.field?.posterior ?? 0) >= 0.5));
  }
  for (const [rule, r] of rows) {
    const m = (x: number) => (Number.isNaN(x) ? "–" : (x / cases.length).toFixed(3));
    console.log(`| ${genre.name} (${cases.length}) | ${rule} | ${m(r.auc)} | ${m(r.own)} | ${m(r.best)} | ${cases.length <= 8 ? r.per.join(", ") : ""} |`);
  }
}
