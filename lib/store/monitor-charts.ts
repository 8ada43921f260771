/**
 * The job page's chart data, each series one aggregate statement over indexed rows: the
 * per-minute counters (job_stats_minute, primary key job_id + minute), the relevance index of
 * pages, the frontier's status counts and its partial index of failed URLs.
 */
import type { Sql } from "./infra/sql";

/** One minute of a job's crawl with running totals. */
export interface MinutePoint { minute: Date; fetched: number; relevant: number; failed: number; totalFetched: number; totalRelevant: number }

/** Minutes shown at most (the most recent ones); older minutes still count in the running totals. */
export const MAX_CHART_MINUTES = 720;

/** Per-minute counters of the job with running totals, oldest first. */
export async function readMinuteSeries(sql: Sql, jobId: number): Promise<MinutePoint[]> {
  const rows = await sql<MinutePoint[]>`
    select minute, fetched, relevant, failed, "totalFetched"::int, "totalRelevant"::int from (
      select minute, fetched, relevant, failed,
        sum(fetched) over w as "totalFetched", sum(relevant) over w as "totalRelevant"
      from job_stats_minute where job_id = ${jobId}
      window w as (order by minute)
      order by minute desc limit ${MAX_CHART_MINUTES}
    ) m order by minute`;
  return [...rows];
}

/** Bins of the relevance histogram (0–1 in steps of 1/RELEVANCE_BINS; higher scores go in the last bin). */
export const RELEVANCE_BINS = 20;

/** Above this many stored pages the histogram is estimated from a sample (see readRelevanceHistogram). */
export const HISTOGRAM_EXACT_UP_TO = 200_000;
/** Pages a sampled histogram reads, about. */
const HISTOGRAM_SAMPLE_PAGES = 50_000;

/**
 * Stored pages per relevance bin (RELEVANCE_BINS entries). Only the relevance is read, so the
 * (job_id, relevance) index answers alone (reading is_relevant as well visited every page row:
 * 395 ms median for a million pages, bench/job-page.ts); the relevant count is the job's counter.
 * Counting even the index entries of a million pages takes 180–330 ms, so a job with more than
 * HISTOGRAM_EXACT_UP_TO pages is estimated: a block sample of the pages table (TABLESAMPLE
 * SYSTEM, the same share of every job's pages, seeded per job so a refresh does not jitter) holding
 * about HISTOGRAM_SAMPLE_PAGES of the job's pages, scaled to its count (`isEstimate`).
 */
export async function readRelevanceHistogram(sql: Sql, jobId: number,
  opts: { exactUpTo?: number; samplePages?: number } = {}): Promise<{ bins: number[]; isEstimate: boolean }> {
  const [job] = await sql<{ stored: number }[]>`select pages_fetched as stored from jobs where id = ${jobId}`;
  const stored = job?.stored ?? 0;
  const isEstimate = stored > (opts.exactUpTo ?? HISTOGRAM_EXACT_UP_TO);
  const percent = isEstimate ? Math.min(100, (100 * (opts.samplePages ?? HISTOGRAM_SAMPLE_PAGES)) / stored) : 100;
  const rows = isEstimate
    ? await sql<{ bin: number; n: number }[]>`
      select least(width_bucket(relevance, 0, 1, ${RELEVANCE_BINS}), ${RELEVANCE_BINS}) as bin, count(*)::int as n
      from pages tablesample system (${percent}) repeatable (${jobId}) where job_id = ${jobId} group by 1`
    : await sql<{ bin: number; n: number }[]>`
      select least(width_bucket(relevance, 0, 1, ${RELEVANCE_BINS}), ${RELEVANCE_BINS}) as bin, count(*)::int as n
      from pages where job_id = ${jobId} group by 1`;
  const bins = Array<number>(RELEVANCE_BINS).fill(0);
  for (const r of rows) bins[Math.max(1, r.bin) - 1] += r.n;
  if (!isEstimate) return { bins, isEstimate };
  const sampled = bins.reduce((x, y) => x + y, 0);
  return { bins: bins.map((n) => (sampled ? Math.round((n * stored) / sampled) : 0)), isEstimate };
}

/** Failed URLs per minute and reason. */
export interface ErrorPoint { minute: Date; reason: string; n: number }

/**
 * URLs that failed for good per minute and reason, over the last MAX_CHART_MINUTES minutes of
 * failures. A reason is the stored error's kind: `http-404`, `timeout`, `robots-unreachable` ...
 * (text after a colon is detail and is dropped, so a chart has few lines).
 */
export async function readErrorSeries(sql: Sql, jobId: number): Promise<ErrorPoint[]> {
  const rows = await sql<ErrorPoint[]>`
    select date_trunc('minute', updated_at) as minute, split_part(coalesce(last_error, 'unknown'), ':', 1) as reason, count(*)::int as n
    from frontier where job_id = ${jobId} and status = 'failed'
      and updated_at > (select coalesce(max(minute), now()) from job_stats_minute where job_id = ${jobId}) - ${MAX_CHART_MINUTES} * interval '1 minute'
    group by 1, 2 order by 1`;
  return [...rows];
}
