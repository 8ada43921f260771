/**
 * A first topic model from a keyword list: each keyword's terms weigh 1, L2-normalised.
 * Pages are scored by cosine against their main-text term frequencies, title terms boosted.
 */
import { tokenize } from "./tokenize";
import { cosineExplained, normalize, termFrequencies, type TermVector } from "./vector";

/** Title terms count this many times (ALGORITHMS.md §1 `titleBoost`). */
export const TITLE_BOOST = 3;

/** A topic as stored in a job's snapshot: plain JSON. */
export interface TopicSnapshot { kind: "keywords"; keywords: string[]; terms: [string, number][] }

/** Build a topic from keywords; throws when no keyword leaves a term (all stop words or punctuation). */
export function buildKeywordTopic(keywords: string[]): TopicSnapshot {
  const v: TermVector = new Map();
  for (const k of keywords) for (const t of new Set(tokenize(k))) v.set(t, 1);
  if (v.size === 0) throw new Error("keywords: every keyword is a stop word or punctuation; give words that name the topic");
  return { kind: "keywords", keywords, terms: [...normalize(v)].sort((a, b) => b[1] - a[1]) };
}

/** Relevance of a page to a topic in [0, 1], with the terms that made it. */
export interface PageScore { relevance: number; terms: { term: string; share: number }[] }

/** Score a page's title and main text against `topic`. */
export function scorePage(topic: TopicSnapshot | Map<string, number>, title: string, text: string): PageScore {
  const topicVector = topic instanceof Map ? topic : new Map(topic.terms);
  const pageVector = termFrequencies(tokenize(text), tokenize(title), TITLE_BOOST);
  const { score, terms } = cosineExplained(topicVector, pageVector, 8);
  return { relevance: score, terms };
}
