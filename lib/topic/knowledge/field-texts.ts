/**
 * The texts a class's lexicon words are weighed with (docs/ALGORITHMS.md §1.3a): the field's own
 * labelled texts (abstracts and headlines), the other classes' abstracts and general text (the
 * unlabelled headlines and jieba's dictionary), gathered once from the sources.
 */
import { dictionaryShare } from "../subwords";
import { generalTextOf, type GeneralText } from "./general-text";
import { sideOf, type LabelledDoc, type Lexicon, type LexiconContext } from "./learn";
import { isWholeVocabularyWord, knowledgeWords } from "./words";

/** Least of a field's texts of one genre that must use a word for its share there to count. */
export const MIN_FIELD_DOCS = 2;

/** The labelled texts and general text the lexicon rule compares. */
export interface FieldTexts {
  abstractDocs: readonly LabelledDoc[];
  headlineDocs: readonly LabelledDoc[];
  general: GeneralText;
  lexicons: readonly Lexicon[];
}

/** Field texts from the labelled documents, the unlabelled headlines' texts and the lexicons. */
export function fieldTextsOf(abstractDocs: readonly LabelledDoc[], headlineDocs: readonly LabelledDoc[], generalHeadlines: readonly string[], lexicons: readonly Lexicon[]): FieldTexts {
  const general = generalTextOf(generalHeadlines.map((t) => new Set(knowledgeWords(t))), dictionaryShare);
  return { abstractDocs, headlineDocs, general, lexicons };
}

/** Per word, how many documents of `docs` use it, and how many documents there are. */
export function countWords(docs: readonly LabelledDoc[]): { n: number; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  for (const d of docs) for (const t of d.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { n: docs.length, counts };
}

/**
 * The share of class `code`'s own texts using a word: the larger of its share of the class's
 * headlines and of its abstracts (a genre counts when ≥ MIN_FIELD_DOCS of its texts use the word),
 * 0 when neither does.
 */
export function fieldShareOf(t: FieldTexts, code: string): (word: string) => number {
  const genres = [t.abstractDocs, t.headlineDocs].map((docs) => countWords(docs.filter((d) => sideOf(d.codes, code) === "inside")));
  return (w) => Math.max(0, ...genres.map(({ n, counts }) => ((counts.get(w) ?? 0) >= MIN_FIELD_DOCS ? counts.get(w)! / n : 0)));
}

/** Share of the abstracts outside `code` (and not above it) that use a word. */
export function otherClassShareOf(t: FieldTexts, code: string): (word: string) => number {
  const { n, counts } = countWords(t.abstractDocs.filter((d) => sideOf(d.codes, code) === "outside"));
  return (w) => (counts.get(w) ?? 0) / Math.max(1, n);
}

/** What class `code`'s lexicon words are weighed against. */
export function lexiconContextOf(t: FieldTexts, code: string): LexiconContext {
  const listed = new Map<string, number>();
  for (const lex of t.lexicons) for (const w of new Set(lex.words.map(([x]) => x))) listed.set(w, (listed.get(w) ?? 0) + 1);
  return {
    listedIn: (w) => listed.get(w) ?? 1,
    otherClassShare: otherClassShareOf(t, code),
    generalShare: (w) => t.general.figures(w).share,
    fieldShare: fieldShareOf(t, code),
    hasFieldHeadlines: t.headlineDocs.some((d) => sideOf(d.codes, code) === "inside"),
    isWord: isWholeVocabularyWord,
  };
}
