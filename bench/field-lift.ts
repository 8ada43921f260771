/**
 * The field posterior's weighing (docs/ALGORITHMS.md §1.3d) on the three held-out genres
 * (bench/three-genres.ts: CSL dev abstracts, THUCNews dev headlines, the realistic web's pages), and
 * how the rule by length's four numbers are chosen:
 *
 *     relevance = before × factor × (floor + λ(n) × π),  λ(n) = long + short / (n + words)
 *
 * with n the page's words as the scorer reads them (`field.words`). The choice: over a grid of the
 * four numbers, the largest mean gain over the three genres in F1 at each topic's own threshold
 * against the flat lift 1 + 2π, no genre losing more than 0.005. How well that choice does on texts
 * it did not see is measured by repeated two-fold splits: each text falls in one half by a hash of
 * its address (web) or its text and a salt; for each of SPLITS salts and both directions the rule is
 * chosen on one half and scored on the other. The rule shipped is the one the same choice makes on
 * all texts, so the figures on all texts are not held out; the held-out means are. F1 is at each
 * topic's own threshold (the class thresholds, chosen on the weighed cosine without any posterior).
 *   npx tsx bench/field-lift.ts --data DIR
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { FIELD_LIFT_FLOOR, FIELD_LIFT_LONG, FIELD_LIFT_SHORT, FIELD_LIFT_WORDS } from "../lib/topic/field-lift";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { f1At, rocAuc } from "./csl";
import { threeGenres } from "./three-genres";

const DATA = parseArgs({ options: { data: { type: "string" } } }).values.data ?? "../shared/data";
const SPLITS = ["1", "2", "3", "4"];

type Rule = { name: string; floor?: number; lift: (posterior: number, words: number) => number };
const flat = (lambda: number): Rule => ({ name: `flat 1 + ${lambda}π`, lift: (p) => 1 + lambda * p });
const byLength = (floor: number, long: number, short: number, words: number): Rule =>
  ({ name: `${floor} + (${long} + ${short}/(n+${words}))π`, floor, lift: (p, n) => floor + (long + short / (n + words)) * p });
const shipped = byLength(FIELD_LIFT_FLOOR, FIELD_LIFT_LONG, FIELD_LIFT_SHORT, FIELD_LIFT_WORDS);
const BASE = flat(2);
const RULES: Rule[] = [flat(0), BASE, flat(3), flat(9)];
for (const floor of [1, 0.75, 0.6]) for (const long of [0.5, 1, 2]) for (const a of [10, 20, 40, 60, 90]) for (const words of [10, 25, 50]) RULES.push(byLength(floor, long, a * words, words));
const GRID = RULES.filter((r) => r.floor !== undefined);

/** Which half of split `salt` a text falls in. */
const halfOf = (salt: string, key: string) => createHash("md5").update(`${salt}:${key}`).digest()[0] & 1;
/** A subset of texts: one half of one split, or all of them. */
type Subset = { salt: string; half: 0 | 1 } | "all";
const SUBSETS: Subset[] = ["all", ...SPLITS.flatMap((salt) => [{ salt, half: 0 as const }, { salt, half: 1 as const }])];
const subsetKey = (s: Subset) => (s === "all" ? "all" : `${s.salt}/${s.half}`);

/** Per rule, subset and genre: the sum over the genre's classes of F1 at the class's own threshold. */
const f1 = new Map<string, Map<string, number[]>>();
const auc = new Map<string, number[]>();
const perClass = new Map<string, string[][]>();
const genres = threeGenres(DATA);
const counts: number[] = [];

genres.forEach((genre, g) => {
  const cases = genre.cases();
  counts.push(cases.length);
  for (const c of cases) {
    const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c.code] })));
    const own = classesThreshold([c.code]) ?? 0.035;
    const scored = c.texts.map((x) => ({ score: scorePage(scorer, x.title, x.text), key: (x as { url?: string }).url ?? `${x.title}\n${x.text}` }));
    const members = new Map(SUBSETS.map((sub) => [subsetKey(sub), sub === "all" ? scored.map((_, i) => i) : scored.map((_, i) => i).filter((i) => halfOf(sub.salt, scored[i].key) === sub.half)]));
    for (const rule of RULES) {
      const s = scored.map(({ score }) => {
        const f = score.field;
        return f ? Math.min(1, f.before * f.factor * (f.posterior === undefined ? 1 : rule.lift(f.posterior, f.words ?? 0))) : score.relevance;
      });
      const bySubset = f1.get(rule.name) ?? new Map<string, number[]>();
      for (const [key, idx] of members) {
        const row = bySubset.get(key) ?? genres.map(() => 0);
        row[g] += f1At(idx.map((i) => s[i]), idx.map((i) => c.truth[i]), own).f1;
        bySubset.set(key, row);
      }
      f1.set(rule.name, bySubset);
      const a = auc.get(rule.name) ?? genres.map(() => 0);
      a[g] += rocAuc(s, c.truth);
      auc.set(rule.name, a);
      const per = perClass.get(rule.name) ?? genres.map(() => []);
      if (cases.length <= 8) per[g].push(`${c.code} ${f1At(s, c.truth, own).f1.toFixed(3)}`);
      perClass.set(rule.name, per);
    }
  }
});

/** Mean F1 over the genre's classes of `rule` on subset `key`. */
const mean = (rule: Rule, key: string) => f1.get(rule.name)!.get(key)!.map((x, g) => x / counts[g]);
const gains = (rule: Rule, key: string) => mean(rule, key).map((x, g) => x - mean(BASE, key)[g]);
/** The choice on subset `key`: the largest mean gain over the genres, none losing more than 0.005. */
function choose(key: string): Rule {
  const allowed = GRID.filter((r) => Math.min(...gains(r, key)) >= -0.005);
  const meanGain = (r: Rule) => gains(r, key).reduce((a, b) => a + b) / genres.length;
  return allowed.sort((x, y) => meanGain(y) - meanGain(x))[0] ?? BASE;
}
const f3 = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(" / ");

console.log(`Repeated two-fold splits (${SPLITS.length} salts × 2 directions): the rule chosen on one half, scored on the other.`);
console.log(`Mean F1 at each topic's own threshold: ${genres.map((g, i) => `${g.name} (${counts[i]} classes)`).join(" / ")}.\n`);
console.log("| split | chosen on the first half | held-out half, chosen rule | held-out half, flat 1 + 2π | held-out half, shipped rule |\n|---|---|---|---|---|");
const held = { chosen: genres.map(() => 0), base: genres.map(() => 0), shipped: genres.map(() => 0) };
for (const salt of SPLITS) for (const on of [0, 1] as const) {
  const rule = choose(`${salt}/${on}`);
  const out = `${salt}/${1 - on}`;
  const [c, b, s] = [mean(rule, out), mean(BASE, out), mean(shipped, out)];
  c.forEach((x, g) => { held.chosen[g] += x; held.base[g] += b[g]; held.shipped[g] += s[g]; });
  console.log(`| ${salt}, half ${on} → ${1 - on} | ${rule.name} | ${f3(c)} | ${f3(b)} | ${f3(s)} |`);
}
const n = SPLITS.length * 2;
console.log(`| **mean** | | **${f3(held.chosen.map((x) => x / n))}** | ${f3(held.base.map((x) => x / n))} | ${f3(held.shipped.map((x) => x / n))} |`);

const final = choose("all");
console.log(`\nChosen on all texts (the rule to ship): ${final.name}; shipped: ${shipped.name}${final.name === shipped.name ? " (the same)" : " (DIFFERENT)"}.\n`);
console.log(`| rule | ${genres.map((g) => `${g.name}: F1 all texts / ROC-AUC`).join(" | ")} | per class, all texts (≤ 8 classes) |\n|---|${genres.map(() => "---|").join("")}---|`);
for (const r of [...RULES.slice(0, 4), shipped, ...(final.name === shipped.name ? [] : [final])]) {
  const m = mean(r, "all");
  console.log(`| ${r.name} | ${genres.map((_, g) => `${m[g].toFixed(3)} / ${(auc.get(r.name)![g] / counts[g]).toFixed(3)}`).join(" | ")} | ${perClass.get(r.name)!.filter((p) => p.length).map((p) => p.join(", ")).join("; ")} |`);
}
