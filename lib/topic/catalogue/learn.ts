/**
 * Learning class knowledge from a person's own catalogue records: each class with enough records
 * (and each class above it, up to the first level) gets the words its records use much more than
 * the file's other records do, merged into the shipped knowledge of that class so the shipped
 * words stay and the catalogue's words join them.
 */
import { clcAncestors } from "../clc/tree";
import { findClassKnowledge, type ClassKnowledge, type ClassKnowledgeFile } from "../knowledge/knowledge";
import { learnVocabulary, mergeVocabularies, sideOf, top, type LabelledDoc, type Vocabulary } from "../knowledge/learn";
import { isVocabularyWord, knowledgeWords } from "../knowledge/words";
import type { CatalogueRecord } from "./parse";

/** Fewest records a class needs to be learned (fewer give words of single titles, not of a field). */
export const MIN_CLASS_RECORDS = 5;
/** Fewest records outside a class for its words to be weighed against them; below this, by IDF. */
export const MIN_CONTRAST_RECORDS = 20;
/** Words learned per class from the catalogue. */
const CATALOGUE_VOCABULARY_SIZE = 200;
/** Fewest of a class's records a word must appear in (a word of one record is that record's, not the class's). */
const MIN_WORD_RECORDS = 2;
/** Record titles kept per class as example texts. */
const EXAMPLE_TITLES = 3;
/** New words listed per class in the summary. */
const SUMMARY_WORDS = 12;

/** What was learned for one class. */
export interface LearnedClass { code: string; records: number; newWords: string[]; isIdfWeighted: boolean }

/** The overlay learned from a catalogue and its summary. */
export interface LearnedCatalogue { overlay: ClassKnowledgeFile; classes: LearnedClass[] }

/** A record as a labelled document: whole words of its title and abstract, and its subject words as they stand. */
export function recordToDoc(r: CatalogueRecord): LabelledDoc {
  const subjects = r.subjects.filter(isVocabularyWord);
  return { terms: new Set([...knowledgeWords(`${r.title}\n${r.abstract}`), ...subjects]), codes: r.codes };
}

/** Every class the records name or lie below (up to the first level), with how many records are within it. */
export function countClassRecords(records: readonly CatalogueRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of records) {
    const within = new Set(r.codes.flatMap((c) => clcAncestors(c).map((n) => n.code)));
    for (const c of within) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return counts;
}

/**
 * Words of the records within `code` weighted by IDF over the whole file (used when the file has
 * too few records outside the class to contrast with): share of the class's records using the word
 * × ln(N / records using it), so words every record uses weigh nothing.
 */
export function idfVocabulary(docs: readonly LabelledDoc[], code: string, size: number): Vocabulary {
  const inside = new Map<string, number>();
  const all = new Map<string, number>();
  let nIn = 0;
  for (const d of docs) {
    const isIn = sideOf(d.codes, code) === "inside";
    if (isIn) nIn++;
    for (const t of d.terms) {
      all.set(t, (all.get(t) ?? 0) + 1);
      if (isIn) inside.set(t, (inside.get(t) ?? 0) + 1);
    }
  }
  const kept: Vocabulary = [];
  for (const [t, df] of inside) {
    const w = (df / nIn) * Math.log((docs.length + 1) / (all.get(t) ?? df));
    if (df >= MIN_WORD_RECORDS && w > 0) kept.push([t, w]);
  }
  return top(kept, size);
}

/** Learn the knowledge of every class with at least MIN_CLASS_RECORDS records. */
export function learnCatalogue(records: readonly CatalogueRecord[]): LearnedCatalogue {
  const docs = records.map(recordToDoc);
  const classes: Record<string, ClassKnowledge> = {};
  const learned: LearnedClass[] = [];
  const counts = [...countClassRecords(records)].filter(([, n]) => n >= MIN_CLASS_RECORDS).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [code, n] of counts) {
    const outside = docs.filter((d) => sideOf(d.codes, code) === "outside").length;
    const isIdfWeighted = outside < MIN_CONTRAST_RECORDS;
    const vocab = isIdfWeighted ? idfVocabulary(docs, code, CATALOGUE_VOCABULARY_SIZE)
      : learnVocabulary(docs, code, { size: CATALOGUE_VOCABULARY_SIZE, minDocs: MIN_WORD_RECORDS });
    const titles = records.filter((r) => sideOf(r.codes, code) === "inside").slice(0, EXAMPLE_TITLES).map((r) => r.title);
    const { entry, newWords } = extendShipped(code, vocab, titles, n);
    classes[code] = entry;
    learned.push({ code, records: n, newWords: newWords.slice(0, SUMMARY_WORDS), isIdfWeighted });
  }
  return { overlay: { version: 1, classes }, classes: learned };
}

/** The shipped knowledge of `code` (its own, or its nearest ancestor's) extended by the catalogue's words and titles. */
function extendShipped(code: string, vocab: Vocabulary, titles: string[], records: number): { entry: ClassKnowledge; newWords: string[] } {
  const base = findClassKnowledge(code, { isShippedOnly: true });
  const baseTerms = base?.terms ?? [];
  const known = new Set(baseTerms.map(([t]) => t));
  const entry: ClassKnowledge = {
    terms: mergeVocabularies(baseTerms, vocab, 1, baseTerms.length + vocab.length),
    examples: [...new Set([...titles, ...(base?.examples ?? [])])],
    sources: { abstracts: base?.sources.abstracts ?? 0, lexicons: base?.sources.lexicons ?? [], catalogueRecords: records },
    ...(base?.threshold !== undefined ? { threshold: base.threshold } : {}),
  };
  return { entry, newWords: vocab.map(([t]) => t).filter((t) => !known.has(t)) };
}
