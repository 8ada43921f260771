/**
 * Yes/no rules built from a class topic's relevance and its field weighing (docs/ALGORITHMS.md
 * §1.3c), on the three held-out genres (bench/three-genres.ts): mean F1 of each rule. "own" is the
 * topic's own threshold; "ahead" means the topic's cosine is at least the best rival field's.
 *   npx tsx bench/yes-rules.ts --data DIR
 */
import { parseArgs } from "node:util";
import { threeGenres } from "./three-genres";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { f1At } from "./csl";
const DATA = parseArgs({ options: { data: { type: "string" } } }).values.data ?? "../shared/data";
const f1 = (yes: boolean[], truth: boolean[]) => f1At(yes.map((y) => (y ? 1 : 0)), truth, 0.5).f1;
type Row = { rel: number; before: number; rival: number; len: number };
for (const genre of threeGenres(DATA)) {
  const cases = genre.cases();
  const rules: Record<string, (r: Row, own: number) => boolean> = {
    base: (r, own) => r.rel >= own,
  };
  for (const a of [0, 0.25, 0.5, 0.75]) rules[`ahead&rel>=${a}own`] = (r, own) => r.before >= r.rival && r.rel >= a * own;
  for (const a of [0.5, 0.75]) rules[`base|ahead&rel>=${a}own`] = (r, own) => r.rel >= own || (r.before >= r.rival && r.rel >= a * own);
  for (const k of [1.5, 2, 3]) rules[`base&s>=r/${k}`] = (r, own) => r.rel >= own && r.before * k >= r.rival;
  const sums: Record<string, number> = {};
  const per: Record<string, string[]> = {};
  for (const c of cases) {
    const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c.code] })));
    const own = classesThreshold([c.code]) ?? 0.035;
    const rows: Row[] = c.texts.map((x) => { const s = scorePage(scorer, x.title, x.text); return { rel: s.relevance, before: s.field?.before ?? s.relevance, rival: s.field?.rivalCosine ?? 0, len: x.title.length + x.text.length }; });
    for (const [name, rule] of Object.entries(rules)) {
      const v = f1(rows.map((r) => rule(r, own)), c.truth);
      sums[name] = (sums[name] ?? 0) + v;
      (per[name] ??= []).push(`${c.code} ${v.toFixed(2)}`);
    }
  }
  console.log(genre.name);
  for (const name of Object.keys(rules)) console.log(`  ${name.padEnd(28)} ${(sums[name] / cases.length).toFixed(3)}${cases.length <= 8 ? "   " + per[name].join(", ") : ""}`);
}
