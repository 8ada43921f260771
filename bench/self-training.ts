/**
 * How well self-training (lib/topic/knowledge/self-training.ts) labels news headlines: the
 * classifier trained on FewCLUE's labelled TNEWS headlines (train split) and its 20,000 unlabelled
 * ones, measured on TNEWS's dev split, which the class knowledge never learns from: accuracy over
 * the fifteen categories, and at each posterior bar the share of dev headlines it would label and
 * how many of those labels are right.
 *   npx tsx bench/self-training.ts [--data ../shared/data]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SELF_TRAINING, selfTrain } from "../lib/topic/knowledge/self-training";
import { knowledgeWords } from "../lib/topic/knowledge/words";
import { tnewsText, type TnewsLine } from "../lib/topic/knowledge/sources";

const { values } = parseArgs({ options: { data: { type: "string" } } });
const dir = path.join(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"), "corpora", "tnews-fewclue");
const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as TnewsLine);
const terms = (h: TnewsLine) => new Set(knowledgeWords(tnewsText(h)));
const labelled = read("train_few_all.json").map((h) => ({ terms: terms(h), category: h.label_desc ?? "" }));
const dev = read("dev_few_all.json").map((h) => ({ terms: terms(h), category: h.label_desc ?? "" }));
const unlabelled = read("unlabeled.json").map(terms);

console.log("| rounds | unlabelled weight | dev accuracy | labels given to the unlabelled at the bar | dev labelled at the bar | right |\n|---:|---:|---:|---:|---:|---:|");
for (const rounds of [0, 1, 5]) {
  for (const minPosterior of [0.3, 0.5, 0.9]) {
    const opts = { ...SELF_TRAINING, rounds, minPosterior };
    const st = selfTrain(labelled, unlabelled, opts);
    const guesses = dev.map((d) => ({ d, g: st.classify(d.terms) }));
    const accuracy = guesses.filter((x) => x.g.category === x.d.category).length / dev.length;
    const sure = guesses.filter((x) => x.g.posterior >= minPosterior);
    const right = sure.filter((x) => x.g.category === x.d.category).length / Math.max(1, sure.length);
    const mark = rounds === SELF_TRAINING.rounds && minPosterior === SELF_TRAINING.minPosterior ? " (shipped)" : "";
    console.log(`| ${rounds} | ${opts.unlabelledWeight} | ${accuracy.toFixed(3)} | ${st.labels.length} (≥ ${minPosterior})${mark} | ${sure.length} of ${dev.length} | ${right.toFixed(3)} |`);
  }
}
