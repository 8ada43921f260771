/**
 * Full-text search vectors of stored pages. PostgreSQL cannot segment Chinese, so the page store
 * segments title and main text with the project's jieba tokenizer (search mode: long words also
 * give the words inside them, 农业机械 → 农业, 机械, 农业机械) and hands PostgreSQL the terms as
 * tsvector literals, each term one lexeme at its positions. Queries are built from the same
 * tokenizer's terms as tsquery literals, so both sides hold a term exactly as jieba gave it.
 *
 * Built here rather than by `to_tsvector('simple', …)` over the terms joined by spaces: both give
 * the same vector for every term PostgreSQL's parser keeps whole, and the parser cost the database
 * 1.6 ms a page of 3,200 terms against 0.26 ms to read the literal (bench/PERFORMANCE.md).
 */
import { keptTerm, tokenize } from "../topic/tokenize";
import type { Fragment, Sql, Tx } from "./infra/sql";

/** Title and main text as tsvector literals (`'term':1,7 'other':2`), ready for `::tsvector`. */
export interface SearchDocument { title: string; text: string }

/** The longest lexeme PostgreSQL stores, in bytes; to_tsvector leaves longer words out too. */
const MAX_LEXEME_BYTES = 2047;
/** The last position a lexeme can have; later words all take it, as in to_tsvector. */
const LAST_POSITION = 16383;
/** Positions kept per lexeme, as to_tsvector keeps them. */
const MAX_POSITIONS = 255;
/**
 * Bytes of lexemes and positions a vector takes in: PostgreSQL refuses a tsvector holding more than
 * 1 MB of them (to_tsvector too, so such a page could not be stored at all). A page with more keeps
 * the terms and positions met first; the margin leaves room for the title's vector joined to it.
 */
const MAX_VECTOR_STORAGE = 1_000_000;
/** What a lexeme's first position adds to a vector beyond its bytes: alignment, count, position. */
const LEXEME_OVERHEAD = 5;
/** What each further position adds. */
const POSITION_BYTES = 2;

/** A lexeme quoted for tsvector and tsquery input: quotes and backslashes doubled. */
export function quoteLexeme(term: string): string {
  return `'${term.replace(/['\\]/g, (c) => c + c)}'`;
}

const HAS_SEPARATOR = /[^\p{L}\p{N}]/u;
const WORD_PART = /[\p{L}\p{N}]+/gu;

/**
 * The words inside a term jieba kept whole across separators (x86_64 → x86, utf-8 → utf), by the
 * tokenizer's own rules: no number-only or 1-character parts, no stop words. The index holds them
 * beside the term, so a search for a part finds it, as PostgreSQL's parser would have split it.
 */
export function searchPartsOf(term: string): string[] {
  if (!HAS_SEPARATOR.test(term)) return [];
  return [...new Set(term.match(WORD_PART) ?? [])].filter((p) => p !== term && p.length > 1 && keptTerm(p) === p);
}

/**
 * The tsvector literal of a list of terms: each distinct term once, with the positions it has in
 * the list (from 1), as to_tsvector gives them for the terms joined by spaces; the words inside a
 * separated term (`searchPartsOf`) at the term's positions.
 */
export function tsvectorLiteral(terms: readonly string[]): string {
  const positions = new Map<string, number[]>();
  const partsOf = new Map<string, string[]>();
  let storage = 0;
  const place = (term: string, position: number) => {
    const at = positions.get(term);
    if (at) {
      if (at.length < MAX_POSITIONS && at[at.length - 1] !== position && storage + POSITION_BYTES <= MAX_VECTOR_STORAGE) {
        at.push(position);
        storage += POSITION_BYTES;
      }
      return;
    }
    const bytes = Buffer.byteLength(term) + LEXEME_OVERHEAD;
    if (storage + bytes > MAX_VECTOR_STORAGE) return;
    storage += bytes;
    positions.set(term, [position]);
  };
  let position = 0;
  for (const term of terms) {
    if (term.length * 3 > MAX_LEXEME_BYTES && Buffer.byteLength(term) > MAX_LEXEME_BYTES) continue;
    position = Math.min(position + 1, LAST_POSITION);
    let parts = partsOf.get(term);
    if (!parts) partsOf.set(term, (parts = searchPartsOf(term)));
    place(term, position);
    for (const part of parts) place(part, position);
  }
  const out: string[] = [];
  for (const [term, at] of positions) out.push(`${quoteLexeme(term)}:${at.join(",")}`);
  return out.join(" ");
}

/** Segment a page for the search index. */
export function segmentForIndex(title: string, mainText: string): SearchDocument {
  return documentFromTerms(tokenize(title, { isSearchMode: true }), tokenize(mainText, { isSearchMode: true }));
}

/**
 * The search document of terms segmented in search mode (as the crawl scores a page with a topic
 * without a user dictionary: the same tokens), so a page is not segmented twice on its way in.
 */
export function documentFromTerms(title: readonly string[], text: readonly string[]): SearchDocument {
  return { title: tsvectorLiteral(title), text: tsvectorLiteral(text) };
}

/** The SQL expression of a page's search vector: title terms weigh A, main-text terms B, placed after the title's. */
export function searchVectorSql(sql: Sql | Tx, doc: SearchDocument) {
  return weightedVectorSql(sql, doc.title, doc.text);
}

/** The search vector of a title's and a main text's tsvector literals: values, or columns as fragments. */
function weightedVectorSql(sql: Sql | Tx, title: string | Fragment, text: string | Fragment) {
  return sql`setweight(${title}::tsvector, 'A') || setweight(${text}::tsvector, 'B')`;
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
 * Each term goes in as a quoted lexeme (`quoteLexeme`), so nothing typed becomes an operator.
 */
export function tsQuerySql(sql: Sql | Tx, words: readonly QueryWord[]) {
  const literal = (w: QueryWord) => w.parts.length ? `(${quoteLexeme(w.word)} | ${w.parts.map(quoteLexeme).join(" & ")})` : quoteLexeme(w.word);
  // Vectors stored before they were built from the terms hold a separated word as PostgreSQL's
  // parser split it (utf-8 → utf, -8): such a word also matches as plainto_tsquery reads it.
  const one = (w: QueryWord) => HAS_SEPARATOR.test(w.word)
    ? sql`(${literal(w)}::tsquery || plainto_tsquery('simple', ${w.word}::text))`
    : sql`${literal(w)}::tsquery`;
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
      update pages p set search_vector = ${weightedVectorSql(sql, sql`d.title`, sql`d.text`)}
      from unnest(${rows.map((r) => r.id)}::bigint[], ${docs.map((d) => d.title)}::text[], ${docs.map((d) => d.text)}::text[]) as d(id, title, text)
      where p.id = d.id`;
    filled += rows.length;
  }
}
