/**
 * Full-text search vectors of stored pages. PostgreSQL cannot segment Chinese, so the page store
 * segments title and main text with the project's jieba tokenizer (search mode: long words also
 * give the words inside them, 农业机械 → 农业, 机械, 农业机械) and hands PostgreSQL the terms joined
 * by spaces; the `simple` configuration then only lower-cases them. Queries go through the same
 * tokenizer and the same parser (plainto_tsquery), so both sides split a term the same way.
 */
import { tokenize } from "../topic/tokenize";
import type { Sql, Tx } from "./infra/sql";

/** Title and main text as space-separated terms, ready for to_tsvector('simple', ...). */
export interface SearchDocument { title: string; text: string }

/** Segment a page for the search index. */
export function segmentForIndex(title: string, mainText: string): SearchDocument {
  return documentFromTerms(tokenize(title, { isSearchMode: true }), tokenize(mainText, { isSearchMode: true }));
}

/**
 * The search document of terms segmented in search mode (as the crawl scores a page with a topic
 * without a user dictionary: the same tokens), so a page is not segmented twice on its way in.
 */
export function documentFromTerms(title: readonly string[], text: readonly string[]): SearchDocument {
  return { title: title.join(" "), text: text.join(" ") };
}

/** The SQL expression of a page's search vector: title terms weigh A, main-text terms B. */
export function searchVectorSql(sql: Sql | Tx, doc: SearchDocument) {
  return sql`setweight(to_tsvector('simple', ${doc.title}::text), 'A') || setweight(to_tsvector('simple', ${doc.text}::text), 'B')`;
}

/**
 * A word of a search query and the words inside it. The index holds a page's words in search
 * mode, which depends on context: 农业机械化 gives 农业, 机械, 机械化 but never 农业机械. So a
 * query word matches a page that has it, or that has all of its parts.
 */
export interface QueryWord { word: string; parts: string[] }

/** The words of a search box query (precise mode: the words a person typed), each with its parts. */
export function segmentQuery(query: string): QueryWord[] {
  return [...new Set(tokenize(query.slice(0, 200)))].map((word) => ({
    word, parts: [...new Set(tokenize(word, { isSearchMode: true }).filter((p) => p !== word))],
  }));
}

/**
 * The tsquery of segmented query words: every word must match, as itself or by all its parts.
 * Each word and each list of parts is one parameter read by plainto_tsquery, which takes no
 * operators from it; the structure is put together from fragments, never from the text.
 */
export function tsQuerySql(sql: Sql | Tx, words: readonly QueryWord[]) {
  const one = (w: QueryWord) => w.parts.length
    ? sql`(plainto_tsquery('simple', ${w.word}::text) || plainto_tsquery('simple', ${w.parts.join(" ")}::text))`
    : sql`plainto_tsquery('simple', ${w.word}::text)`;
  return sql`(${words.slice(1).reduce((acc, w) => sql`${acc} && ${one(w)}`, one(words[0]))})`;
}

/** How many pages of the job had no search vector and got one (pages stored before search existed). */
export async function fillSearchVectors(sql: Sql, jobId: number | null, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await sql<{ id: string; title: string; mainText: string }[]>`
      select id, title, main_text as "mainText" from pages
      where search_vector is null and (${jobId}::int is null or job_id = ${jobId}) order by id limit ${batch}`;
    if (rows.length === 0) return filled;
    const docs = rows.map((r) => segmentForIndex(r.title, r.mainText));
    await sql`
      update pages p set search_vector = setweight(to_tsvector('simple', d.title), 'A') || setweight(to_tsvector('simple', d.text), 'B')
      from unnest(${rows.map((r) => r.id)}::bigint[], ${docs.map((d) => d.title)}::text[], ${docs.map((d) => d.text)}::text[]) as d(id, title, text)
      where p.id = d.id`;
    filled += rows.length;
  }
}
