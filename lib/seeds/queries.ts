/** The queries a topic asks search providers: one per chosen class in the class's own words, or its strongest terms, a few to a query. */
import { buildTopicParts, type TopicDefinition } from "../topic/topic";

/** Terms in one query: engines answer two or three words best; more narrows to nothing. */
const TERMS_PER_QUERY = 3;
/** Queries made from a topic: each costs a request per provider, counted against its rate limit. */
export const MAX_TOPIC_QUERIES = 3;
/** Longest query a person may type, in characters. */
export const MAX_TYPED_QUERY_CHARS = 200;

/**
 * The queries for a topic: what the person typed, alone, when there is something; else its
 * strongest terms (weight order) in groups of three, leaving out a term inside one already
 * chosen (the segmenter's search mode yields 数据 beside 数据库).
 */
export function buildSeedQueries(terms: [string, number][], typed = ""): string[] {
  const words = typed.replace(/\s+/g, " ").trim();
  if (words) return [words.slice(0, MAX_TYPED_QUERY_CHARS)];
  const chosen = strongestWholeTerms(terms, TERMS_PER_QUERY * MAX_TOPIC_QUERIES);
  const queries: string[] = [];
  for (let i = 0; i < chosen.length; i += TERMS_PER_QUERY) queries.push(chosen.slice(i, i + TERMS_PER_QUERY).join(" "));
  return queries;
}

/** Classes asked about, one query each: a topic of more classes asks about the first ones. */
export const MAX_CLASS_QUERIES = 5;

/**
 * The queries of a topic with CLC classes: one per class, its strongest words in the class's own
 * vocabulary (its name's words and its field words, in the order the class alone would weigh
 * them), so that no query mixes two fields ("金融 银行 计算机" finds neither); the keywords, if
 * any, make one more query. Terms the person removed from the topic are not asked for. A topic
 * without classes asks its strongest terms (buildSeedQueries).
 */
export function buildTopicSeedQueries(topic: { terms: [string, number][]; definition?: TopicDefinition }, typed = ""): string[] {
  const d = topic.definition;
  if (typed.trim() || !d || d.clc.length === 0) return buildSeedQueries(topic.terms, typed);
  const inTopic = new Set(topic.terms.map(([t]) => t));
  const queries: string[] = [];
  for (const code of d.clc.slice(0, MAX_CLASS_QUERIES)) {
    let parts;
    try {
      parts = buildTopicParts({ ...d, clc: [code], keywords: [], exampleTexts: [], exampleUrls: [] });
    } catch {
      continue; // a class the tree no longer has: the topic's other classes are still asked about
    }
    const weight = new Map<string, number>();
    for (const p of parts) for (const [t, w] of p.vector) if (inTopic.has(t)) weight.set(t, (weight.get(t) ?? 0) + w);
    const words = strongestWholeTerms([...weight].sort((a, b) => b[1] - a[1]), TERMS_PER_QUERY);
    if (words.length > 0) queries.push(words.join(" "));
  }
  const keywords = strongestWholeTerms(d.keywords.map((k) => [k.term, k.weight] as [string, number]).sort((a, b) => b[1] - a[1]), TERMS_PER_QUERY);
  if (keywords.length > 0) queries.push(keywords.join(" "));
  return queries.length > 0 ? [...new Set(queries)] : buildSeedQueries(topic.terms);
}

/** The first `n` terms in order, leaving out a term inside one already chosen or containing one. */
function strongestWholeTerms(terms: [string, number][], n: number): string[] {
  const chosen: string[] = [];
  for (const [term] of terms) {
    if (chosen.length >= n) break;
    if (chosen.some((c) => c.includes(term) || term.includes(c))) continue;
    chosen.push(term);
  }
  return chosen;
}
