/**
 * The job page's budget, rate and time figures from one read of the job row and its minute
 * counters, so the numbers shown side by side agree: a page that read the job once for "budget
 * used" and again, later, for the counters showed fetched 36 beside used 0.
 */
import type { Sql } from "./infra/sql";

/**
 * Minutes the recent rate (and the ETA from it) looks back over at most: the last whole minute
 * and the current one. Five minutes (from the start, in a job's first five) carried the first
 * minute's burst long after it ended: a crawl slowing from 650 to 300 URLs a minute still showed
 * "about 39 s" at 103 s and again at 144 s, its rate falling while the estimate did not move.
 */
export const RATE_WINDOW_MINUTES = 2;

/** No ETA before the job has run this long: the first seconds' rate says little about the hours ahead. */
export const ETA_MIN_ELAPSED_MS = 60_000;

/** No ETA before this many URLs finished in the rate's window. */
export const ETA_MIN_URLS = 20;

/** A job's budget, rate and time at one moment. */
export interface JobTiming {
  status: string; maxPages: number; reserved: number; fetched: number; failed: number;
  timeBudgetSec: number | null; elapsedMs: number;
  /** URLs finished (fetched, or failed for good) in the window. */
  windowUrls: number; windowMs: number;
  /** URLs finished per minute over the window. */
  perMinute: number;
  /** Time left to the page budget at that rate, while the job runs and once there is enough data; else null. */
  etaMs: number | null;
}

/**
 * Job `jobId`'s timing. The rate counts what the page budget counts over the last
 * RATE_WINDOW_MINUTES minutes or the time the job has run, whichever is shorter, up to now or,
 * once the job has ended, up to its end (so a finished job's rate stays what it was, instead of
 * falling as the window slides past it). Minute rows are whole: the window starts at a minute's
 * beginning or at the job's start.
 */
export async function readJobTiming(sql: Sql, jobId: number): Promise<JobTiming | null> {
  const [r] = await sql<(Omit<JobTiming, "perMinute" | "etaMs">)[]>`
    with j as (
      select j.*, coalesce(j.finished_at, now()) as end_at, coalesce(j.started_at, j.created_at) as start_at from jobs j where j.id = ${jobId}
    ), w as (
      select j.*, greatest(j.start_at, date_trunc('minute', j.end_at) - ${RATE_WINDOW_MINUTES - 1} * interval '1 minute') as from_at from j
    )
    select w.status::text as status, w.max_pages as "maxPages", w.pages_reserved as reserved, w.pages_fetched as fetched,
      w.pages_failed as failed, w.time_budget_sec as "timeBudgetSec",
      greatest(0, extract(epoch from w.end_at - w.start_at) * 1000)::float8 as "elapsedMs",
      greatest(0, extract(epoch from w.end_at - w.from_at) * 1000)::float8 as "windowMs",
      (select coalesce(sum(s.fetched + s.failed), 0)::int from job_stats_minute s
        where s.job_id = w.id and s.minute >= date_trunc('minute', w.from_at) and s.minute <= w.end_at) as "windowUrls"
    from w`;
  if (!r) return null;
  const perMinute = r.windowMs > 0 ? r.windowUrls / (r.windowMs / 60_000) : 0;
  const hasData = r.elapsedMs >= ETA_MIN_ELAPSED_MS && r.windowUrls >= ETA_MIN_URLS;
  const left = Math.max(0, r.maxPages - r.reserved);
  const etaMs = r.status === "running" && hasData && perMinute > 0 ? (left / perMinute) * 60_000 : null;
  return { ...r, perMinute, etaMs };
}
