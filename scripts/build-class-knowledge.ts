/**
 * Rebuild the class knowledge (lib/topic/knowledge/class-knowledge.json) from the open sources
 * in the lab's data folder:
 *   npm run build:class-knowledge -- [--data ../shared/data] [--out lib/topic/knowledge/class-knowledge.json]
 *
 * - FewCLUE's csldcp sample of CSL abstracts (4,104 abstracts, 67 disciplines), less every
 *   abstract that is also in CSL's dev split (the texts the benches measure on and the
 *   realistic web serves) and exact repeats: the field vocabularies.
 * - THUOCL's domain lexicons (MIT): words of fields whose pages are not papers (news, tutorials).
 * - CSL's paper titles (train split, Apache-2.0) after the first 2,000, which the realistic web
 *   serves, less titles also in the dev split: example texts a person can add to a topic.
 * Labels map to CLC through lib/topic/knowledge/mapping.ts. No source text is kept but the
 * example titles (Apache-2.0, attributed in NOTICE.md); the rest becomes word weights.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { clcAncestors, getClcNode } from "../lib/topic/clc/tree";
import { isWithinClass, learnVocabulary, sideOf, lexiconVocabulary, mergeVocabularies, type LabelledDoc, type Lexicon, type Vocabulary } from "../lib/topic/knowledge/learn";
import { DISCIPLINE_TO_CLC, FIELD_TO_CLC, LEXICON_TO_CLC } from "../lib/topic/knowledge/mapping";
import { isBroadClass, KNOWLEDGE_FILE, type ClassKnowledge, type ClassKnowledgeFile } from "../lib/topic/knowledge/knowledge";
import { knowledgeWords } from "../lib/topic/knowledge/words";
import { chooseClassThreshold, type ScoredDoc } from "../lib/topic/knowledge/class-threshold";
import { pageTerms, topicScorer } from "../lib/topic/topic";

const { values } = parseArgs({ options: { data: { type: "string" }, out: { type: "string" } } });
const DATA = path.resolve(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const OUT = path.resolve(values.out ?? KNOWLEDGE_FILE);

/** Words kept per class, from the abstracts and from a lexicon; examples per class. */
const VOCABULARY_SIZE = 300;
const LEXICON_SIZE = 300;
/** A lexicon's words weigh half the abstracts' words: they say what a field is called, not how it writes. */
const LEXICON_SHARE = 0.5;
const EXAMPLES_PER_CLASS = 3;
/** A subclass's words weigh this much in its parent's vocabulary, per level down. */
const SUBCLASS_SHARE = 0.5;
/** Words kept for a class whose subclasses' words are merged in. */
const WITH_SUBCLASSES_SIZE = 2 * VOCABULARY_SIZE;
/** Titles the realistic web serves in its catalogue (lib/realweb/build.ts takes the first 2,000). */
const TITLES_SERVED = 2000;

const need = (rel: string) => {
  const f = path.join(DATA, rel);
  if (!fs.existsSync(f)) throw new Error(`${f} is missing: --data must point at the lab's data folder (corpora/ and lexicons/ inside)`);
  return fs.readFileSync(f, "utf8");
};
const lines = (rel: string) => need(rel).split("\n").filter((l) => l.trim() !== "");
/** Text compared for duplicates: no spaces or punctuation. */
const fingerprint = (s: string) => s.replace(/[\s\p{P}\p{S}]/gu, "");

// The texts measured on: never learned from.
const heldOut = new Set(lines("corpora/csl-dev/cls_dcp_dev.tsv").map((l) => fingerprint(l.split("\t")[1] ?? "")));
const heldOutTitles = new Set(lines("corpora/csl-dev/ts_dev.tsv").map((l) => fingerprint(l.split("\t")[2] ?? "")));

const seen = new Set<string>();
let removed = 0;
const abstracts: { text: string; discipline: string }[] = [];
for (const file of ["corpora/csldcp-fewclue/train_few_all.json", "corpora/csldcp-fewclue/dev_few_all.json"]) {
  for (const l of lines(file)) {
    const { content, label } = JSON.parse(l) as { content: string; label: string };
    const fp = fingerprint(content);
    if (heldOut.has(fp) || seen.has(fp)) { removed++; continue; }
    seen.add(fp);
    if (!DISCIPLINE_TO_CLC[label]) throw new Error(`discipline "${label}" has no CLC mapping in lib/topic/knowledge/mapping.ts`);
    abstracts.push({ text: content, discipline: label });
  }
}
console.log(`abstracts: ${abstracts.length} (${removed} removed as held out or repeated)`);
const plainScorer = topicScorer({ terms: [] });
const docs: ScoredDoc[] = abstracts.map((a) => ({ terms: new Set(knowledgeWords(a.text)), codes: DISCIPLINE_TO_CLC[a.discipline], pageTerms: pageTerms(plainScorer, a.text) }));

const lexicons: Lexicon[] = fs.readdirSync(path.join(DATA, "lexicons/thuocl")).filter((f) => /^THUOCL_.+\.txt$/.test(f)).sort().map((f) => ({
  name: f.slice("THUOCL_".length, -4),
  words: lines(`lexicons/thuocl/${f}`).map((l) => l.split("\t")).map(([w, df]) => [w.trim(), Number(df)] as [string, number]).filter(([w, df]) => w && df > 0),
}));
const listedIn = new Map<string, number>();
for (const lex of lexicons) for (const w of new Set(lex.words.map(([x]) => x))) listedIn.set(w, (listedIn.get(w) ?? 0) + 1);

/** Share of the abstracts outside `code` (and not above it) that use a word. */
function generalShareOutside(code: string): (word: string) => number {
  const outside = docs.filter((d) => sideOf(d.codes, code) === "outside");
  const counts = new Map<string, number>();
  for (const d of outside) for (const t of d.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return (w) => (counts.get(w) ?? 0) / Math.max(1, outside.length);
}
const isWord = (w: string) => knowledgeWords(w).includes(w.toLowerCase());
const lexiconVocabs = new Map<string, { code: string; name: string; vocab: Vocabulary }[]>();
for (const lex of lexicons) {
  for (const code of LEXICON_TO_CLC[lex.name] ?? []) {
    const vocab = lexiconVocabulary(lex, (w) => listedIn.get(w) ?? 1, generalShareOutside(code), { size: LEXICON_SIZE, isWord });
    lexiconVocabs.set(code, [...(lexiconVocabs.get(code) ?? []), { code, name: lex.name, vocab }]);
  }
}

// Every class a source maps to, with the classes above it.
const codes = new Set<string>();
for (const c of [...Object.values(DISCIPLINE_TO_CLC).flat(), ...Object.values(LEXICON_TO_CLC).flat()]) {
  if (!getClcNode(c)) throw new Error(`mapping names "${c}", which is not a CLC class`);
  for (const a of clcAncestors(c)) codes.add(a.code);
}

const titles = lines("corpora/csl-train-titles/cls_ctg_train.tsv").slice(TITLES_SERVED).map((l) => l.split("\t"))
  .map(([, title, field]) => ({ title: title.trim(), field: field.trim() }))
  .filter((t) => t.title.length >= 8 && t.title.length <= 40 && !heldOutTitles.has(fingerprint(t.title)));
const fieldFits = (field: string, code: string) => (FIELD_TO_CLC[field] ?? []).some((f) => isWithinClass(code, f) || isWithinClass(f, code));

/** The titles of a compatible field that use the class's words most (distinct words, weights summed). */
function pickExamples(code: string, vocab: Vocabulary): string[] {
  const weight = new Map(vocab);
  const scored = titles.filter((t) => fieldFits(t.field, code)).map((t) => {
    const words = [...new Set(knowledgeWords(t.title))];
    const hits = words.filter((w) => weight.has(w));
    return { title: t.title, hits: hits.length, score: hits.reduce((s, w) => s + weight.get(w)!, 0) / Math.sqrt(words.length || 1) };
  }).filter((t) => t.hits >= 2).sort((a, b) => b.score - a.score || (a.title < b.title ? -1 : 1));
  const picked: string[] = [];
  for (const s of scored) {
    if (picked.length === EXAMPLES_PER_CLASS) break;
    if (!picked.some((p) => p.slice(0, 6) === s.title.slice(0, 6))) picked.push(s.title);
  }
  return picked;
}

/** The words learned for `code` from `from`'s abstracts alone (remembered per source list). */
const learnedOf = new WeakMap<readonly LabelledDoc[], Map<string, Vocabulary>>();
function abstractWords(code: string, from: readonly LabelledDoc[]): Vocabulary {
  const memo = learnedOf.get(from) ?? new Map<string, Vocabulary>();
  learnedOf.set(from, memo);
  let vocab = memo.get(code);
  if (!vocab) {
    const inClass = from.filter((d) => d.codes.some((c) => isWithinClass(c, code))).length;
    vocab = learnVocabulary(from, code, { size: VOCABULARY_SIZE, minDocs: Math.max(2, Math.ceil(inClass * 0.03)) });
    memo.set(code, vocab);
  }
  return vocab;
}

/**
 * Class `code`'s field words learned from `from`: its own, the words of the classes below it that
 * the sources name (each level down weighing SUBCLASS_SHARE as much: 水稻 is S5's word, and S's
 * too, though too few of S's abstracts use it to be learned for S), and the lexicons of the class
 * and the classes below it.
 */
function vocabularyOf(code: string, from: readonly LabelledDoc[]): { vocab: Vocabulary; lexicons: string[] } {
  let vocab = abstractWords(code, from);
  const depth = clcAncestors(code).length;
  const below = [...codes].filter((c) => c !== code && isWithinClass(c, code)).sort();
  for (const sub of below) {
    vocab = mergeVocabularies(vocab, abstractWords(sub, from), SUBCLASS_SHARE ** (clcAncestors(sub).length - depth), WITH_SUBCLASSES_SIZE);
  }
  const lexes = [...lexiconVocabs].filter(([c]) => isWithinClass(c, code)).flatMap(([, l]) => l);
  for (const lex of lexes) vocab = mergeVocabularies(vocab, lex.vocab, LEXICON_SHARE, vocab.length + LEXICON_SIZE);
  return { vocab, lexicons: [...new Set(lexes.map((l) => l.name))] };
}

/** Knowledge of `code` learned from `train` alone (words only), as a fold scores with it. */
const foldKnowledge = (code: string, train: readonly LabelledDoc[]): ClassKnowledge => {
  const { vocab, lexicons } = vocabularyOf(code, train);
  return { terms: vocab, examples: [], sources: { abstracts: 0, lexicons } };
};
const broadOfFold = new Map<number, ClassKnowledgeFile["classes"]>();
/** The broad classes' knowledge of one fold (learned once; every class's fold contrasts with it). */
const broadKnowledge = (train: readonly LabelledDoc[], fold: number) => {
  if (!broadOfFold.has(fold)) {
    broadOfFold.set(fold, Object.fromEntries([...codes].filter(isBroadClass).map((c) => [c, foldKnowledge(c, train)]).filter(([, k]) => (k as ClassKnowledge).terms.length > 0)));
  }
  return broadOfFold.get(fold)!;
};

const out: ClassKnowledgeFile = { version: 1, classes: {} };
for (const code of [...codes].sort()) {
  const { vocab, lexicons } = vocabularyOf(code, docs);
  if (vocab.length === 0) continue;
  const threshold = chooseClassThreshold(code, docs, (train, fold) => ({ ...broadKnowledge(train, fold), [code]: foldKnowledge(code, train) }));
  out.classes[code] = {
    terms: vocab,
    examples: pickExamples(code, vocab),
    sources: { abstracts: docs.filter((d) => d.codes.some((c) => isWithinClass(c, code))).length, lexicons },
    ...(threshold === undefined ? {} : { threshold }),
  };
}
fs.writeFileSync(OUT, JSON.stringify(out) + "\n");
const n = Object.keys(out.classes).length;
console.log(`${n} classes written to ${path.relative(process.cwd(), OUT)} (${(fs.statSync(OUT).size / 1024).toFixed(0)} KiB)`);
for (const c of ["TP", "TP3", "F", "F8", "R", "S", "G", "K"]) {
  const k = out.classes[c];
  if (k) console.log(`${c} lexicons ${k.sources.lexicons}`), console.log(`${c} (threshold ${k.threshold ?? "-"}): ${k.terms.slice(0, 25).map(([t]) => t).join(" ")} | ${k.examples.join(" / ")}`);
}
