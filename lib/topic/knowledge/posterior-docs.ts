/**
 * The texts the field posterior (../field-posterior.ts) learns from, in the terms a page is scored
 * in: the scorer's search-mode segmentation, vocabulary words only (no filler, no numbers).
 */
import { pageTerms, topicScorer } from "../topic";
import type { PosteriorDoc } from "../field-posterior";
import type { TextDoc } from "./sources";
import { isVocabularyWord } from "./words";

/** The abstracts and headlines (labelled and self-labelled) of `labelledDocs`, as the posterior learns them. */
export function posteriorDocs(d: { abstractDocs: TextDoc[]; headlineDocs: TextDoc[]; selfTrainedDocs: TextDoc[] }): PosteriorDoc[] {
  const scorer = topicScorer({ terms: [] });
  return [...d.abstractDocs, ...d.headlineDocs, ...d.selfTrainedDocs]
    .map((x) => ({ terms: pageTerms(scorer, x.text).filter(isVocabularyWord), codes: x.codes }));
}
