/**
 * Many stored pages for the results benchmarks, made by set-based SQL (generate_series) rather
 * than by crawling: Chinese titles and texts drawn from the test web's words with a skewed
 * (Zipf-like) frequency, search vectors built as the page store builds them, 200 hosts, random
 * relevance, depth and fetch time. Stops early when the time budget is spent and says how many.
 */
import type { Sql } from "../lib/store/infra/sql";
import { FILLER_ZH, TEST_TOPICS } from "../lib/testweb/vocabulary";

/** Rows inserted per statement. */
const CHUNK_ROWS = 50_000;

/** The vocabulary, most frequent first: topic words and filler, then two-word compounds (rarer). */
export function benchVocabulary(): string[] {
  const base = [...FILLER_ZH, ...TEST_TOPICS.flatMap((t) => t.zh)];
  const compounds = base.flatMap((a, i) => base.slice(i + 1, i + 30).map((b) => a + b));
  return [...new Set([...base, ...compounds])];
}

/** Distinct title (4 words) and text pieces (20 words each) that pages are put together from. */
const POOL_SIZE = 20_000;

/** Pools of random titles and text pieces with a skewed word frequency (word k drawn with weight ~ k^-2/3). */
async function makePools(sql: Sql, words: string[]): Promise<void> {
  await sql`create temp table bench_words as select i::int, w from unnest(${words}::text[]) with ordinality as t(w, i)`;
  await sql`create index on bench_words (i)`;
  for (const [table, size] of [["bench_titles", 4], ["bench_pieces", 20]] as const) {
    await sql`create temp table ${sql(table)} as
      select s.i, string_agg(w.w, ' ') as t
      from generate_series(1, ${POOL_SIZE}) s(i), generate_series(1, ${size}) g,
        lateral (select 1 + floor(${words.length} * power(random(), 3))::int as k where g > 0 and s.i > 0) r
        join bench_words w on w.i = r.k
      group by s.i`;
    await sql`create index on ${sql(table)} (i)`;
  }
}

/** Insert up to `pages` pages into job `jobId` within `budgetMs`; returns how many were made. */
export async function generatePages(sql: Sql, jobId: number, pages: number, budgetMs: number, log: (s: string) => void): Promise<number> {
  const started = performance.now();
  let made = 0;
  // One transaction: the temporary pools live on its connection.
  await sql.begin(async (tx) => {
    await makePools(tx as unknown as Sql, benchVocabulary());
    // Bulk loads build the GIN index once at the end, as a restore does; it is the same index.
    await tx`drop index if exists pages_search_vector_idx`;
    log(`  word pools: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    while (made < pages && performance.now() - started < budgetMs) {
      const n = Math.min(CHUNK_ROWS, pages - made);
      // A page's text is three pieces picked by multiplicative hashes of its number: 8e12 combinations.
      await tx`
        with f as (
          insert into frontier (job_id, url, url_key, host, depth, status)
          select ${jobId}, 'http://h' || (g % 200) || '.test/p' || g, 'http://h' || (g % 200) || '.test/p' || g, 'h' || (g % 200) || '.test', g % 6, 'done'
          from generate_series(${made + 1}::int, ${made + n}::int) g
          returning id, url, host, depth)
        insert into pages (job_id, frontier_id, url, final_url, http_status, title, main_text, relevance, is_relevant, depth, host,
          page_kind, fetched_at, explanation, search_vector)
        select ${jobId}, f.id, f.url, f.url, 200, tt.t, replace(b.body, ' ', ''), r.rel, r.rel >= 0.2, f.depth, f.host,
          case when f.id % 10 = 0 then 'hub' else 'content' end, now() - (f.id % 100000) * interval '1 second',
          '{"terms":[{"term":"农业","share":0.4}]}'::jsonb,
          setweight(to_tsvector('simple', tt.t), 'A') || setweight(to_tsvector('simple', b.body), 'B')
        from f
          join bench_titles tt on tt.i = 1 + (f.id * 7919) % ${POOL_SIZE}
          join bench_pieces p1 on p1.i = 1 + (f.id * 104729) % ${POOL_SIZE}
          join bench_pieces p2 on p2.i = 1 + (f.id * 1299709) % ${POOL_SIZE}
          join bench_pieces p3 on p3.i = 1 + (f.id * 15485863) % ${POOL_SIZE},
          lateral (select p1.t || ' ' || p2.t || ' ' || p3.t as body) b,
          lateral (select random() as rel where f.id > 0) r`;
      made += n;
      log(`  ${made} pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    const t = performance.now();
    await tx`create index pages_search_vector_idx on pages using gin (search_vector)`;
    log(`  GIN index: ${((performance.now() - t) / 1000).toFixed(0)} s`);
  });
  // The job's counters, as the page store keeps them (the results page and search read them).
  await sql`update jobs set pages_fetched = pages_fetched + ${made},
    pages_relevant = pages_relevant + (select count(*)::int from pages where job_id = ${jobId} and is_relevant) where id = ${jobId}`;
  await sql`analyze`;
  return made;
}
