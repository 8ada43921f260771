/** The queries a topic asks search providers: its strongest terms, a few to a query. */

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
  const chosen: string[] = [];
  for (const [term] of terms) {
    if (chosen.length >= TERMS_PER_QUERY * MAX_TOPIC_QUERIES) break;
    if (chosen.some((c) => c.includes(term) || term.includes(c))) continue;
    chosen.push(term);
  }
  const queries: string[] = [];
  for (let i = 0; i < chosen.length; i += TERMS_PER_QUERY) queries.push(chosen.slice(i, i + TERMS_PER_QUERY).join(" "));
  return queries;
}
