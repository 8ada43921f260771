/** Topic-term measures on link metadata, shared by RW, IPageRank and CMSCrawler. */
import { pageTerms, type TopicScorer } from "../topic/topic";
import type { CandidateLink } from "./types";

const maxWeights = new WeakMap<TopicScorer, number>();

/** rel(t) of seed 004 §3.6.2: the term's topic weight over the topic's largest weight (0 outside the topic). */
export function termRel(topic: TopicScorer, term: string): number {
  let max = maxWeights.get(topic);
  if (max === undefined) {
    max = Math.max(0, ...topic.topic.values());
    maxWeights.set(topic, max);
  }
  return max > 0 ? (topic.topic.get(term) ?? 0) / max : 0;
}

/** URL parts that say nothing about the subject. */
const URL_NOISE = new Set(["http", "https", "www", "html", "htm", "shtml", "php", "asp", "aspx", "jsp", "index", "com", "cn", "net", "org", "test"]);

/** The words of a URL's host, path and query (percent-decoded; Chinese parts segmented). */
export function urlTerms(topic: TopicScorer, url: string): string[] {
  let text: string;
  try {
    const u = new URL(url);
    text = decodeURIComponent(`${u.hostname} ${u.pathname} ${u.search}`);
  } catch {
    text = url;
  }
  return pageTerms(topic, text.replace(/[^\p{L}\p{N}]+/gu, " ")).filter((t) => !URL_NOISE.has(t));
}

/** The extended metadata M(j) of a link: anchor, title attribute, image alt (segmented). */
export function anchorTerms(topic: TopicScorer, link: CandidateLink): string[] {
  return pageTerms(topic, [link.anchor, link.title, link.alt].filter(Boolean).join(" "));
}

/** The best-scoring term of `terms` by rel(t), with its value (seed 004's RW before the cut-off). */
export function bestTerm(topic: TopicScorer, terms: string[]): { term: string; rel: number } {
  let best = { term: "", rel: 0 };
  for (const t of terms) {
    const r = termRel(topic, t);
    if (r > best.rel) best = { term: t, rel: r };
  }
  return best;
}

/** Relative term frequency (seed 001): topic words among the words, over the number of words. */
export function topicWordShare(topic: TopicScorer, terms: string[]): number {
  if (terms.length === 0) return 0;
  return terms.filter((t) => topic.topic.has(t)).length / terms.length;
}

/** Round for explanations: four significant decimals are plenty on a dashboard. */
export const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
