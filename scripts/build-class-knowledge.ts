/**
 * Rebuild the class knowledge (lib/topic/knowledge/class-knowledge.json) from the open sources
 * in the lab's data folder (read by lib/topic/knowledge/sources.ts, which removes every text the
 * benches measure on):
 *   npm run build:class-knowledge -- [--data ../shared/data] [--out lib/topic/knowledge/class-knowledge.json] [--words-only]
 *     [--scores FILE [--reuse]]
 *
 * - FewCLUE's csldcp sample of CSL abstracts (4,104 abstracts, 67 disciplines): the field
 *   vocabularies of the paper genre.
 * - FewCLUE's labelled TNEWS headlines (train split, 15 news categories): the news genre's words,
 *   with the unlabelled ones self-training labels (lib/topic/knowledge/self-training.ts);
 *   the 20,000 unlabelled TNEWS headlines and jieba's dictionary: general text, which a lexicon's
 *   words are contrasted with.
 * - THUOCL's domain lexicons (MIT): words of fields whose pages are not papers (news, tutorials).
 * - CSL's paper titles (train split, Apache-2.0) after the first 2,000, which the realistic web
 *   serves, less titles also in the dev split: example texts a person can add to a topic.
 * Labels map to CLC through lib/topic/knowledge/mapping.ts. No source text is kept but the
 * example titles (Apache-2.0, attributed in NOTICE.md); the rest becomes word weights.
 * `--words-only` prints the words of a few classes and, with `--out`, writes the words alone (no
 * thresholds, no examples: quick, for comparing vocabularies).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { clcAncestors, getClcNode } from "../lib/topic/clc/tree";
import { isWithinClass, learnVocabulary, lexiconVocabulary, mergeVocabularies, withoutGeneralWords, top, type LabelledDoc, type Vocabulary } from "../lib/topic/knowledge/learn";
import { DISCIPLINE_TO_CLC, FIELD_TO_CLC, LEXICON_TO_CLC, NEWS_CATEGORY_TO_CLC } from "../lib/topic/knowledge/mapping";
import { isBroadClass, KNOWLEDGE_FILE, type ClassKnowledge, type ClassKnowledgeFile } from "../lib/topic/knowledge/knowledge";
import { knowledgeWords } from "../lib/topic/knowledge/words";
import { heldOutScores, shrunkThresholds, type HeldOutScores, type ScoredDoc } from "../lib/topic/knowledge/class-threshold";
import { pageTerms, topicScorer } from "../lib/topic/topic";
import { labelledDocs, loadKnowledgeSources } from "../lib/topic/knowledge/sources";
import { countWords, fieldTextsOf, lexiconContextOf } from "../lib/topic/knowledge/field-texts";
import { coreTermsOf } from "../lib/topic/knowledge/core-terms";

const { values } = parseArgs({ options: { data: { type: "string" }, out: { type: "string" }, "words-only": { type: "boolean" }, scores: { type: "string" }, reuse: { type: "boolean" } } });
const DATA = path.resolve(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const OUT = path.resolve(values.out ?? KNOWLEDGE_FILE);

/** Words kept per class, from the abstracts, from the headlines and from a lexicon; examples per class. */
const VOCABULARY_SIZE = 300;
const LEXICON_SIZE = 300;
/** A lexicon's words weigh half the abstracts' words: they say what a field is called, not how it writes. */
const LEXICON_SHARE = 0.5;
/**
 * The headlines' words weigh twice the abstracts' words. A headline is eight words: the class's news
 * words must outweigh its paper words there, while an abstract of 200 words, which seldom uses them,
 * barely changes (bench/RELEVANCE.md, "News words from unlabelled headlines": 0.5 → 2 lifted the
 * headlines' ROC-AUC and left the abstracts' and the web's where they were).
 */
const HEADLINE_SHARE = 2;
/** News words kept per class, and the fewest of its headlines a word needs: a team or a star is named by few. */
const HEADLINE_VOCABULARY_SIZE = 2500;
const HEADLINE_MIN_DOCS = 1;
const EXAMPLES_PER_CLASS = 3;
/**
 * Fewest words a class keeps knowledge of its own with; with fewer its nearest ancestor's words
 * serve it, as for a class no source names (D5, world news, learned 15 from its labelled headlines
 * alone, before self-training).
 */
const MIN_CLASS_WORDS = 20;
/** A subclass's words weigh this much in its parent's vocabulary, per level down. */
const SUBCLASS_SHARE = 0.5;
/** Words kept for a class whose subclasses' words are merged in. */
const WITH_SUBCLASSES_SIZE = 2 * VOCABULARY_SIZE + HEADLINE_VOCABULARY_SIZE;

const sources = loadKnowledgeSources(DATA);
console.log(`abstracts: ${sources.abstracts.length} (${sources.removed.abstracts} removed as held out or repeated); ` +
  `labelled headlines: ${sources.headlines.length} (${sources.removed.headlines} removed); general headlines: ${sources.generalHeadlines.length} (${sources.removed.generalHeadlines} removed)`);
const { abstractDocs, headlineDocs: labelledHeadlines, selfTrainedDocs } = labelledDocs(sources);
console.log(`unlabelled headlines labelled by self-training: ${selfTrainedDocs.length}`);
/** The headlines learned from: those people labelled and those self-training labelled. */
const headlineDocs = [...labelledHeadlines, ...selfTrainedDocs];
const plainScorer = topicScorer({ terms: [] });
const docs: ScoredDoc[] = abstractDocs.map((a) => ({ terms: a.terms, codes: a.codes, pageTerms: pageTerms(plainScorer, a.text) }));
// The lexicon rule weighs a lexicon word by the field's labelled texts alone: a self-labelled
// headline is right two times in three, too weak to vouch for a word a lexicon lists (违规 in 6 of
// F8's 2,531 headlines would pass for a finance word).
const fieldTexts = fieldTextsOf(docs, labelledHeadlines, sources.generalHeadlines.map((h) => h.text), sources.lexicons);

const lexiconVocabs = new Map<string, { code: string; name: string; vocab: Vocabulary }[]>();
for (const lex of sources.lexicons) {
  for (const code of LEXICON_TO_CLC[lex.name] ?? []) {
    const vocab = lexiconVocabulary(lex, lexiconContextOf(fieldTexts, code), { size: LEXICON_SIZE });
    lexiconVocabs.set(code, [...(lexiconVocabs.get(code) ?? []), { code, name: lex.name, vocab }]);
  }
}

// Every class a source maps to, with the classes above it.
const codes = new Set<string>();
for (const c of [...Object.values(DISCIPLINE_TO_CLC).flat(), ...Object.values(LEXICON_TO_CLC).flat(), ...Object.values(NEWS_CATEGORY_TO_CLC).flat()]) {
  if (!getClcNode(c)) throw new Error(`mapping names "${c}", which is not a CLC class`);
  for (const a of clcAncestors(c)) codes.add(a.code);
}

const titles = sources.titles.map((t) => ({ ...t, words: [...new Set(knowledgeWords(t.title))] }));

/**
 * True when a title of CSL field `field` is a paper of class `code`: its field maps to the class
 * or below it, or the field maps above the class (经济学 → F, for F8) and the title uses one of
 * the class's core terms (我国义务教育财政转移支付… for F8, not 逆向营销…). A class whose
 * field is not known from the title's label shows no example rather than another class's.
 */
function isTitleOf(t: { field: string; words: string[] }, code: string, core: ReadonlySet<string>): boolean {
  const fields = FIELD_TO_CLC[t.field] ?? [];
  if (fields.some((f) => isWithinClass(f, code))) return true;
  return fields.some((f) => isWithinClass(code, f)) && t.words.some((w) => core.has(w));
}

/** The titles of the class that use the class's words most (distinct words, weights summed). */
function pickExamples(code: string, vocab: Vocabulary): string[] {
  const weight = new Map(vocab);
  const core = new Set(coreTermsOf(code));
  const scored = titles.filter((t) => isTitleOf(t, code, core)).map((t) => {
    const words = t.words;
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
 * Class `code`'s field words learned from `from`: its own abstracts' and headlines' words, those of
 * the classes below it that the sources name (each level down weighing SUBCLASS_SHARE as much: 水稻
 * is S5's word, and S's too, though too few of S's abstracts use it to be learned for S), the
 * lexicons of the class and the classes below it, and its core terms at the top.
 */
function vocabularyOf(code: string, from: readonly LabelledDoc[]): { vocab: Vocabulary; lexicons: string[] } {
  let vocab = mergeVocabularies(abstractWords(code, from), headlineWords(code), HEADLINE_SHARE, VOCABULARY_SIZE + VOCABULARY_SIZE + HEADLINE_VOCABULARY_SIZE);
  const depth = clcAncestors(code).length;
  const below = [...codes].filter((c) => c !== code && isWithinClass(c, code)).sort();
  for (const sub of below) {
    const share = SUBCLASS_SHARE ** (clcAncestors(sub).length - depth);
    vocab = mergeVocabularies(vocab, abstractWords(sub, from), share, WITH_SUBCLASSES_SIZE);
    vocab = mergeVocabularies(vocab, headlineWords(sub), share * HEADLINE_SHARE, WITH_SUBCLASSES_SIZE);
  }
  const lexes = [...lexiconVocabs].filter(([c]) => isWithinClass(c, code)).flatMap(([, l]) => l);
  for (const lex of lexes) vocab = mergeVocabularies(vocab, lex.vocab, LEXICON_SHARE, vocab.length + LEXICON_SIZE);
  return { vocab: withCoreTerms(vocab, coreTermsOf(code)), lexicons: [...new Set(lexes.map((l) => l.name))] };
}

/** Classes a news category maps to itself (not through a class below). */
const newsClasses = new Set(Object.values(NEWS_CATEGORY_TO_CLC).flat());

/**
 * The words the labelled headlines of `code`'s own news categories teach it, less those general
 * text uses as much; none for a class no category maps to. A subclass's headlines teach the
 * subclass, whose words come in at SUBCLASS_SHARE per level, as abstracts' words do (G8 would
 * otherwise take 英雄 and 荣耀, of 英雄联盟 and 王者荣耀, from G89's game news at full weight).
 */
const headlineVocabs = new Map<string, Vocabulary>();
function headlineWords(code: string): Vocabulary {
  let vocab = headlineVocabs.get(code);
  if (!newsClasses.has(code)) return [];
  if (!vocab) {
    // Headlines of a class below (stock news, F83, for F8) count on neither side: their words come in through the subclass.
    const own = headlineDocs.filter((d) => d.codes.includes(code) || !d.codes.some((c) => isWithinClass(c, code)));
    const inClass = own.filter((d) => d.codes.includes(code)).length;
    const learned = learnVocabulary(own, code, { size: HEADLINE_VOCABULARY_SIZE, minDocs: HEADLINE_MIN_DOCS });
    // The class's share of a word counts its own category's headlines: G8's with G89's games mixed
    // in would dilute 联赛 (sports and esports both) under the general-text bar.
    const ownCounts = countWords(own.filter((d) => d.codes.includes(code))).counts;
    const ownShare = (w: string) => (ownCounts.get(w) ?? 0) / Math.max(1, inClass);
    vocab = top(withoutGeneralWords(learned, ownShare, (w) => fieldTexts.general.figures(w).share), HEADLINE_VOCABULARY_SIZE);
    headlineVocabs.set(code, vocab);
  }
  return vocab;
}

/**
 * `vocab` with the class's core terms (core-terms.ts) at weight 1, the strongest any learned word
 * has, so that they head the list whatever the sources gave them (金融 and 财政 are too common in
 * general news for the lexicon rule to keep them for F8).
 */
function withCoreTerms(vocab: Vocabulary, core: readonly string[]): Vocabulary {
  if (vocab.length === 0) return vocab;
  const rest = vocab.filter(([t]) => !core.includes(t));
  return [...core.map((t) => [t, 1] as [string, number]), ...rest];
}

/** Knowledge of `code` learned from `train` alone (words only), as a fold scores with it. */
const foldKnowledge = (code: string, train: readonly LabelledDoc[]): ClassKnowledge => {
  const { vocab, lexicons } = vocabularyOf(code, train);
  return { terms: vocab, examples: [], sources: { abstracts: 0, headlines: 0, lexicons } };
};
const broadOfFold = new Map<number, ClassKnowledgeFile["classes"]>();
/** The broad classes' knowledge of one fold (learned once; every class's fold contrasts with it). */
const broadKnowledge = (train: readonly LabelledDoc[], fold: number) => {
  if (!broadOfFold.has(fold)) {
    broadOfFold.set(fold, Object.fromEntries([...codes].filter(isBroadClass).map((c) => [c, foldKnowledge(c, train)]).filter(([, k]) => (k as ClassKnowledge).terms.length > 0)));
  }
  return broadOfFold.get(fold)!;
};

const SHOWN = ["TP", "TP3", "F", "F8", "F83", "U4", "TS971", "R", "S", "G", "K"];
/** Each class's field words learned from every abstract, once. */
const vocabularies = new Map([...codes].sort().map((code) => [code, vocabularyOf(code, docs)]));

if (values["words-only"]) {
  for (const c of SHOWN) console.log(`${c}: ${(vocabularies.get(c)?.vocab ?? []).slice(0, 40).map(([t, w]) => `${t}:${w}`).join(" ")}`);
  if (values.out) {
    const words: ClassKnowledgeFile = { version: 1, classes: {} };
    for (const [code, { vocab, lexicons }] of vocabularies) {
      if (vocab.length) words.classes[code] = { terms: vocab, examples: [], sources: { abstracts: 0, headlines: 0, lexicons } };
    }
    fs.writeFileSync(OUT, JSON.stringify(words) + "\n");
  }
  process.exit(0);
}

// The held-out scores of each class (the slow step: every class learned four times), kept in
// --scores FILE when given, and read back from it with --reuse to redo only the thresholds.
const heldOut = new Map<string, HeldOutScores>();
if (values.reuse) {
  if (!values.scores) throw new Error("--reuse needs --scores FILE, written by an earlier build");
  for (const [code, h] of Object.entries(JSON.parse(fs.readFileSync(values.scores, "utf8")) as Record<string, HeldOutScores>)) heldOut.set(code, h);
} else {
  for (const [code, { vocab }] of vocabularies) {
    if (vocab.length < MIN_CLASS_WORDS) continue;
    const h = heldOutScores(code, docs, (train, fold) => ({ ...broadKnowledge(train, fold), [code]: foldKnowledge(code, train) }));
    if (h) heldOut.set(code, h);
  }
  if (values.scores) fs.writeFileSync(values.scores, JSON.stringify(Object.fromEntries(heldOut)));
}
const { thresholds, pooled } = shrunkThresholds(heldOut);
console.log(`pooled threshold of ${heldOut.size} classes: ${pooled}`);

const out: ClassKnowledgeFile = { version: 1, classes: {} };
for (const [code, { vocab, lexicons }] of vocabularies) {
  if (vocab.length < MIN_CLASS_WORDS) {
    if (vocab.length) console.log(`${code}: ${vocab.length} words only, its ancestor's serve it`);
    continue;
  }
  const threshold = thresholds.get(code);
  out.classes[code] = {
    terms: vocab,
    examples: pickExamples(code, vocab),
    sources: {
      abstracts: docs.filter((d) => d.codes.some((c) => isWithinClass(c, code))).length,
      headlines: labelledHeadlines.filter((d) => d.codes.some((c) => isWithinClass(c, code))).length,
      selfLabelledHeadlines: selfTrainedDocs.filter((d) => d.codes.some((c) => isWithinClass(c, code))).length,
      lexicons,
    },
    ...(threshold === undefined ? {} : { threshold }),
  };
}
fs.writeFileSync(OUT, JSON.stringify(out) + "\n");
const n = Object.keys(out.classes).length;
console.log(`${n} classes written to ${path.relative(process.cwd(), OUT)} (${(fs.statSync(OUT).size / 1024).toFixed(0)} KiB)`);
for (const c of SHOWN) {
  const k = out.classes[c];
  if (k) console.log(`${c} lexicons ${k.sources.lexicons}`), console.log(`${c} (threshold ${k.threshold ?? "-"}): ${k.terms.slice(0, 25).map(([t]) => t).join(" ")} | ${k.examples.join(" / ")}`);
}
