/**
 * Forms of the field-rival weighing (docs/ALGORITHMS.md §1.3c) on three genres at once, all held out
 * from the knowledge: CSL dev abstracts (62 classes), THUCNews dev headlines (8 classes) and the
 * realistic web (TP, R, F, S, G, K). For each, the mean ROC-AUC and the mean best F1 in hindsight
 * (the most any per-class threshold could reach), so the form is chosen apart from the thresholds.
 *   npm run bench:field-rivals -- --data DIR
 * Forms: `s` the score without rivals; `s·(2s/(s+r))^k` for k = ½, 1, 2, 3; `s/(s+r)` alone (a
 * page with s < 0.005 counted 0), r being the page's best cosine with another class's field words.
 */
import { parseArgs } from "node:util";
import { bestRival, fieldRivalIndex } from "../lib/topic/field-rivals";
import { buildTopic, pageTerms, pageVector, scoreLinkTerms, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { norm } from "../lib/topic/vector";
import { f1At, rocAuc } from "./csl";
import { threeGenres, type GenreCase } from "./three-genres";

const { values } = parseArgs({ options: { data: { type: "string" } } });
const DATA = values.data ?? "../shared/data";

const FORMS: Record<string, (s: number, r: number) => number> = {
  "s": (s) => s,
  "s·(2s/(s+r))^½": (s, r) => (s > 0 ? s * Math.sqrt((2 * s) / (s + r)) : 0),
  "s·(2s/(s+r))": (s, r) => (s > 0 ? (s * 2 * s) / (s + r) : 0),
  "s·(2s/(s+r))²": (s, r) => (s > 0 ? s * ((2 * s) / (s + r)) ** 2 : 0),
  "s·(2s/(s+r))³": (s, r) => (s > 0 ? s * ((2 * s) / (s + r)) ** 3 : 0),
  "s/(s+r)": (s, r) => (s >= 0.005 ? s / (s + r) : 0),
};
const SCORE_GRID = Array.from({ length: 400 }, (_, i) => 0.0025 * (i + 1));
const RATIO_GRID = Array.from({ length: 19 }, (_, i) => 0.05 * (i + 1));

function measure(genre: string, cases: GenreCase[]): void {
  const sums = Object.fromEntries(Object.keys(FORMS).map((f) => [f, { auc: 0, best: 0 }]));
  for (const c of cases) {
    const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c.code] })));
    const rivals = fieldRivalIndex([c.code]);
    const sr = c.texts.map((x) => {
      const title = pageTerms(scorer, x.title), text = pageTerms(scorer, x.text);
      const page = pageVector(scorer, title, text);
      const s = scoreLinkTerms(scorer, title, text); // the score without the weighing, as links are scored
      return { s, r: rivals ? bestRival(rivals, page, norm(page))?.cosine ?? 0 : 0 };
    });
    for (const [name, form] of Object.entries(FORMS)) {
      const scores = sr.map((x) => form(x.s, x.r));
      const grid = name === "s/(s+r)" ? RATIO_GRID : SCORE_GRID;
      sums[name].auc += rocAuc(scores, c.truth);
      sums[name].best += Math.max(...grid.map((t) => f1At(scores, c.truth, t).f1));
    }
  }
  console.log(`\n${genre} (${cases.length} classes)\n| form | mean ROC-AUC | mean best F1 in hindsight |\n|---|---:|---:|`);
  for (const [name, x] of Object.entries(sums)) console.log(`| ${name} | ${(x.auc / cases.length).toFixed(3)} | ${(x.best / cases.length).toFixed(3)} |`);
}

for (const genre of threeGenres(DATA)) measure(genre.name, genre.cases());
