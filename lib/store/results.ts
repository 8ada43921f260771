/**
 * A job's results: filtered, searched, sorted and paged by keyset (never OFFSET: at a million
 * pages an OFFSET screen reads every row before it). One set of filters serves the results page,
 * the pages API and export (lib/store/export-rows.ts).
 */
import type { Sql } from "./infra/sql";
import type { ResultFilters, ResultSort } from "../results/filters";
import { encodeCursor } from "../results/filters";
import { findRankCandidates } from "./rank-candidates";
import { segmentQuery, tsQuerySql, type QueryWord } from "./search-vector";
import { DUPLICATE_COUNT_CAP } from "./duplicate-groups";

/** Rows on one screen of results. */
export const RESULTS_PER_SCREEN = 50;
/**
 * A search ranks (ts_rank) at most this many matching pages, those the topic scores highest.
 * Ranking reads every candidate's search vector (out of line, several blocks each), so a word
 * found on 97% of a million pages would take seconds to rank in full (bench/RESULTS.md).
 */
export const RANK_CANDIDATES = 1_000;
/** Matches are counted exactly up to this many; beyond, the count says "more than". */
export const COUNT_CAP = 10_000;
/**
 * The same for a search. Testing a page for a word reads its search vector (several blocks), so
 * counting 10,000 matches of a common word took 0.4–0.6 s at a million pages (bench/RESULTS.md).
 */
export const SEARCH_COUNT_CAP = 2_000;

/** How far the counts of view `rq` go. */
function countCap(rq: ResultQuery): number {
  return rq.filters.q ? SEARCH_COUNT_CAP : COUNT_CAP;
}
/** Characters of main text around the first match shown as a search snippet. */
const SNIPPET_BEFORE_CHARS = 40;
const SNIPPET_CHARS = 180;

/** One page in a results list. */
export interface ResultRow {
  id: string; url: string; finalUrl: string; title: string; relevance: number; isRelevant: boolean; judgement: string | null;
  host: string; depth: number; pageKind: string; httpStatus: number; fetchedAt: Date; duplicateOf: string | null;
  /** What a workflow run found here against the run before: new, changed, unchanged or gone. */
  mark: string;
  /** With `dup=group`: its near-duplicates in the view, up to DUPLICATE_COUNT_CAP + 1 (then "more than the cap"). */
  duplicates: number | null;
  /** Search rank (ts_rank), with a search only. */
  rank: number | null;
  /** Main text around the first match (with a search) or its beginning. */
  snippet: string;
  sortKey: string;
}

/**
 * Run `fn` with plans made for the query's own values. postgres.js prepares every statement, and
 * after five runs PostgreSQL may keep a generic plan, made without knowing the search words: it
 * then guesses that a word matches 0.5% of pages, and for a word found on nearly every page it
 * reads them all instead of walking the relevance index (7.5 s instead of milliseconds, measured
 * at a million pages). Planning each search anew costs far less than that.
 */
export function withCustomPlans<T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    // A common word's matches do not fit a bitmap in the default 4 MB: the bitmap then keeps
    // whole blocks, and every row in them is tested again by reading its search vector (a word on
    // 30% of a million pages: 1,400 extra vectors for one site's 800 matches).
    await tx`set local work_mem = '64MB'`;
    return fn(tx as unknown as Sql);
  }) as Promise<T>;
}

/** A filtered view of a job's pages with its search words: what both listing and export run. */
export interface ResultQuery {
  jobId: number; filters: ResultFilters; words: QueryWord[];
  /** Every query word and part, for snippets and highlighting. */
  terms: string[];
}

/** Segment the search text of `filters` (the same jieba pipeline as the index). */
export function prepareResultQuery(jobId: number, filters: ResultFilters): ResultQuery {
  const words = filters.q ? segmentQuery(filters.q) : [];
  return { jobId, filters, words, terms: [...new Set(words.flatMap((w) => [w.word, ...w.parts]))] };
}

/** The WHERE conditions of a view, host filter optional (host counts leave it out). */
export function whereSql(sql: Sql, rq: ResultQuery, opts: { isHostIgnored?: boolean } = {}) {
  const f = rq.filters;
  const view = (() => {
    switch (f.view) {
      case undefined: return sql``;
      case "relevant": return sql`and p.is_relevant`;
      case "not-relevant": return sql`and not p.is_relevant`;
      case "judged-relevant": return sql`and p.judgement = 'relevant'`;
      case "judged-irrelevant": return sql`and p.judgement = 'irrelevant'`;
      case "unjudged": return sql`and p.judgement is null`;
      default: return f.view satisfies never;
    }
  })();
  // A search whose text has no searchable word (only punctuation or stop words) matches nothing.
  const search = f.q ? (rq.terms.length ? sql`and p.search_vector @@ ${tsQuerySql(sql, rq.words)}` : sql`and false`) : sql``;
  return sql`p.job_id = ${rq.jobId} ${view} ${search}
    ${f.minRelevance !== undefined ? sql`and p.relevance >= ${f.minRelevance}` : sql``}
    ${f.maxRelevance !== undefined ? sql`and p.relevance <= ${f.maxRelevance}` : sql``}
    ${f.host && !opts.isHostIgnored ? sql`and p.host = ${f.host}` : sql``}
    ${f.kind ? sql`and p.page_kind = ${f.kind}` : sql``}
    ${f.depth !== undefined ? sql`and p.depth = ${f.depth}` : sql``}
    ${f.status !== undefined ? sql`and p.http_status = ${f.status}` : sql``}
    ${f.mime ? sql`and lower(split_part(p.content_type, ';', 1)) = ${f.mime}` : sql``}
    ${f.fetchedFrom ? sql`and p.fetched_at >= ${f.fetchedFrom}::text::date::timestamp at time zone 'UTC'` : sql``}
    ${f.fetchedTo ? sql`and p.fetched_at < (${f.fetchedTo}::text::date + 1)::timestamp at time zone 'UTC'` : sql``}
    ${f.topicRevision !== undefined ? sql`and p.topic_revision = ${f.topicRevision}` : sql``}
    ${f.mark ? sql`and p.mark = ${f.mark}` : sql``}
    ${f.since !== undefined ? sql`and p.mark <> 'gone' and not exists (select 1 from pages s where s.job_id = ${f.since} and s.url = p.url and s.checksum is not distinct from p.checksum)` : sql``}
    ${duplicatesSql(sql, f)}`;
}

/**
 * Which pages a view's near-duplicate settings let through: a group (the page and its duplicates),
 * or every page, or originals only (`hide`, and `group`, whose rows are the originals with their
 * duplicates counted per row). A group's ids are read first (the partial index on duplicate_of),
 * then its rows by primary key: written `p.id = X or p.duplicate_of = X`, the planner walked the
 * job's relevance index instead and read every page of a 300,000-page job (1.8 s measured) to
 * find a group of 3,000 low-scoring copies; this way it was 12 ms.
 */
function duplicatesSql(sql: Sql, f: ResultFilters) {
  if (f.dupOf) {
    return sql`and p.id = any(array(select ${f.dupOf}::bigint union all select d.id from pages d where d.duplicate_of = ${f.dupOf}::bigint))`;
  }
  switch (f.dup) {
    case undefined: case "show": return sql``;
    case "hide": case "group": return sql`and p.duplicate_of is null`;
    default: return f.dup satisfies never;
  }
}

/**
 * In `group` mode, the number of near-duplicates of the screen's row `h` that pass the view's
 * other filters, counted up to DUPLICATE_COUNT_CAP + 1: one probe of the partial duplicate_of
 * index per row shown, never a count over the whole view. Null in the other modes.
 */
function duplicateCountSql(sql: Sql, rq: ResultQuery) {
  if (rq.filters.dup !== "group" || rq.filters.dupOf) return sql`null::int`;
  const members: ResultQuery = { ...rq, filters: { ...rq.filters, dup: "show", after: undefined } };
  // The inner `p` is the duplicate; `h` is the outer screen row.
  return sql`(select count(*)::int from (select 1 from pages p
    where p.duplicate_of = h.id and ${whereSql(sql, members)} limit ${DUPLICATE_COUNT_CAP + 1}) d)`;
}

/** The sort key, its direction and the keyset condition of each order (an allow-list). */
function orderSql(sql: Sql, rq: ResultQuery) {
  const sort: ResultSort = rq.filters.sort === "rank" && !rq.terms.length ? "relevance" : rq.filters.sort;
  const a = rq.filters.after;
  switch (sort) {
    case "relevance": return {
      value: sql`p.relevance`, isDesc: true, isRank: false, order: sql`p.relevance desc, p.id desc`,
      after: a ? sql`and (p.relevance, p.id) < (${a.key}::text::float8, ${a.id}::bigint)` : sql``,
    };
    case "fetched": return {
      value: sql`p.fetched_at`, isDesc: true, isRank: false, order: sql`p.fetched_at desc, p.id desc`,
      after: a ? sql`and (p.fetched_at, p.id) < (${a.key}::text::timestamptz, ${a.id}::bigint)` : sql``,
    };
    case "depth": return {
      value: sql`p.depth`, isDesc: false, isRank: false, order: sql`p.depth, p.id`,
      after: a ? sql`and (p.depth, p.id) > (${a.key}::text::int, ${a.id}::bigint)` : sql``,
    };
    case "host": return {
      value: sql`p.host`, isDesc: false, isRank: false, order: sql`p.host, p.id`,
      after: a ? sql`and (p.host, p.id) > (${a.key}::text, ${a.id}::bigint)` : sql``,
    };
    case "nearest": {
      // Nearest the job's threshold first: the pages whose judgment teaches the filter most
      // (lib/topic/judged-threshold.ts chooses a threshold from them; bench/judge-learn.ts).
      const distance = sql`abs(p.relevance - (select j.page_threshold from jobs j where j.id = ${rq.jobId}))`;
      return {
        value: distance, isDesc: false, isRank: false, order: sql`2, p.id`, // 2: the distance, as the inner query selects it
        after: a ? sql`and (${distance}, p.id) > (${a.key}::text::float8, ${a.id}::bigint)` : sql``,
      };
    }
    case "rank": {
      const rank = sql`ts_rank(p.search_vector, ${tsQuerySql(sql, rq.words)})`;
      return {
        value: rank, isDesc: true, isRank: true, order: sql`2 desc, p.id desc`, // 2: the rank, as the inner query selects it
        after: a ? sql`and (${rank}, p.id) < (${a.key}::text::real, ${a.id}::bigint)` : sql``,
      };
    }
    default: return sort satisfies never;
  }
}

/**
 * One screen of results and the cursor of the next one (null on the last screen). The inner query
 * finds the screen's ids by sort key alone; rank and snippet are then computed for those rows only.
 */
export function listResults(sql: Sql, rq: ResultQuery, perScreen = RESULTS_PER_SCREEN) {
  return withCustomPlans(sql, (tx) => readScreen(tx, rq, perScreen));
}

async function readScreen(sql: Sql, rq: ResultQuery, perScreen: number) {
  const o = orderSql(sql, rq);
  const terms = rq.terms;
  // The snippet starts a little before the first match of any term (strpos on lower-cased text,
  // the terms being lower-case); without a search, or when only the title matched, the text's start.
  const firstHit = terms.length
    ? sql`coalesce((select min(nullif(strpos(lower(p.main_text), t), 0)) from unnest(${terms}::text[]) as t), 1)`
    : sql`1`;
  const hits = o.isRank
    ? sql`candidates as (select unnest(${await findRankCandidates(sql, rq.jobId, whereSql(sql, rq), RANK_CANDIDATES)}::bigint[]) as id),
      hits as (
        select p.id, ${o.value} as v from candidates c join pages p on p.id = c.id
        where true ${o.after} order by ${o.order} limit ${perScreen + 1})`
    : sql`hits as (
        select p.id, ${o.value} as v from pages p
        where ${whereSql(sql, rq)} ${o.after}
        order by ${o.order}
        limit ${perScreen + 1})`;
  const rows = await sql<(Omit<ResultRow, "rank"> & { rank: string | null })[]>`
    with ${hits}
    select p.id, p.url, p.final_url as "finalUrl", p.title, p.relevance, p.is_relevant as "isRelevant", p.judgement,
      p.host, p.depth, p.page_kind as "pageKind", p.http_status as "httpStatus", p.fetched_at as "fetchedAt",
      p.duplicate_of as "duplicateOf", p.mark, ${duplicateCountSql(sql, rq)} as duplicates,
      ${terms.length ? sql`ts_rank(p.search_vector, ${tsQuerySql(sql, rq.words)})::float8` : sql`null::float8`} as rank,
      substr(p.main_text, greatest(1, ${firstHit} - ${SNIPPET_BEFORE_CHARS}), ${SNIPPET_CHARS}) as snippet,
      h.v::text as "sortKey"
    from hits h join pages p on p.id = h.id
    order by ${o.isDesc ? sql`h.v desc, h.id desc` : sql`h.v, h.id`}`;
  const page = rows.slice(0, perScreen).map((r) => ({ ...r, rank: r.rank === null ? null : Number(r.rank) }));
  const last = page.at(-1);
  return { rows: page as ResultRow[], next: rows.length > perScreen && last ? encodeCursor(last.sortKey, last.id) : null };
}

/** How many pages match the view, counted up to `cap` (then `isMore`: there are more than `cap`). */
export async function countResults(sql: Sql, rq: ResultQuery, cap = countCap(rq)): Promise<{ count: number; isMore: boolean }> {
  const [r] = await withCustomPlans(sql, (tx) => tx<{ n: number }[]>`
    select count(*)::int as n from (select 1 from pages p where ${whereSql(tx, rq)} limit ${cap + 1}) x`);
  return r.n > cap ? { count: cap, isMore: true } : { count: r.n, isMore: false };
}

/**
 * Sites of the pages matching the view (whatever site it names), most pages first, counted over
 * at most `cap` matching pages. When more match, counting them all would read them all (seconds
 * for a common word at a million pages), so the job's sites are listed without counts instead.
 */
export async function countHosts(sql: Sql, rq: ResultQuery, limit = 30, cap = countCap(rq)) {
  const rows = await withCustomPlans(sql, (tx) => tx<{ host: string; pages: number; seen: number }[]>`
    select host, count(*)::int as pages, sum(count(*)) over ()::int as seen
    from (select p.host from pages p where ${whereSql(tx, rq, { isHostIgnored: true })} limit ${cap + 1}) x
    group by host order by pages desc, host`);
  if ((rows[0]?.seen ?? 0) <= cap) return rows.slice(0, limit).map((r) => ({ host: r.host, pages: r.pages as number | null }));
  const hosts = await sql<{ host: string }[]>`
    select host from hosts where job_id = ${rq.jobId} and pages_fetched > 0 order by pages_fetched desc, host limit ${limit}`;
  return hosts.map((h) => ({ host: h.host, pages: null as number | null }));
}

/**
 * Precision and recall of the job's page filter estimated from the pages people judged: of the
 * judged pages it let through, the share judged relevant; of those judged relevant, the share it
 * let through. Null until some are judged.
 */
export async function estimateJobPrecision(sql: Sql, jobId: number) {
  const [r] = await sql<{ tp: number; fp: number; fn: number; tn: number }[]>`
    select count(*) filter (where is_relevant and judgement = 'relevant')::int as tp,
      count(*) filter (where is_relevant and judgement = 'irrelevant')::int as fp,
      count(*) filter (where not is_relevant and judgement = 'relevant')::int as fn,
      count(*) filter (where not is_relevant and judgement = 'irrelevant')::int as tn
    from pages where job_id = ${jobId} and judgement is not null`;
  const judged = r.tp + r.fp + r.fn + r.tn;
  if (judged === 0) return null;
  return { judged, precision: r.tp + r.fp ? r.tp / (r.tp + r.fp) : null, recall: r.tp + r.fn ? r.tp / (r.tp + r.fn) : null };
}
