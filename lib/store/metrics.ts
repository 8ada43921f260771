/**
 * What GET /metrics reports, read from the database at scrape time: job counters (the jobs row),
 * frontier sizes and failures by reason (of jobs not yet ended: the scan of an ended job's
 * frontier would cost every scrape and never change), worker heartbeats, and the latency
 * histograms each worker writes with its heartbeat, added up.
 */
import type { Sql } from "./infra/sql";
import { ACTIVE_STATUSES } from "./job-overview";
import { CLAIM_BUCKETS_S, FETCH_BUCKETS_S, sumHistograms, type LatencyHistogram } from "./worker-latency";

/** One job's counters. */
export interface JobMetrics {
  id: number; name: string; strategy: string; status: string;
  fetched: number; stored: number; relevant: number; failed: number; linksFound: number;
}

/** Everything /metrics exposes, as plain numbers. */
export interface MetricsSnapshot {
  jobs: JobMetrics[];
  frontier: { jobId: number; status: string; urls: number }[];
  errors: { jobId: number; reason: string; urls: number }[];
  workers: { workerId: string; hostname: string; state: "live" | "stale"; beatAgeSeconds: number; inFlight: number; pagesPerMinute: number }[];
  fetch: LatencyHistogram;
  claim: LatencyHistogram;
}

const ACTIVE: string[] = [...ACTIVE_STATUSES];

/** Read the snapshot; a worker is stale when silent for over `staleAfterMs`. */
export async function readMetricsSnapshot(sql: Sql, staleAfterMs: number): Promise<MetricsSnapshot> {
  const [jobs, frontier, errors, workers, latency] = await Promise.all([
    sql<JobMetrics[]>`
      select j.id, j.name, j.strategy, j.status::text as status, j.pages_fetched as fetched, j.pages_relevant as relevant,
        j.pages_failed as failed, j.links_found as "linksFound",
        (select count(*)::int from pages p where p.job_id = j.id) as stored
      from jobs j order by j.id`,
    sql<{ jobId: number; status: string; urls: number }[]>`
      select f.job_id as "jobId", f.status::text as status, count(*)::int as urls
      from frontier f join jobs j on j.id = f.job_id and j.status::text = any(${ACTIVE})
      group by f.job_id, f.status order by 1, 2`,
    // A failure's reason is a code ("http-404", "timeout"); text after a colon is detail, left out
    // so that a label never carries free text.
    sql<{ jobId: number; reason: string; urls: number }[]>`
      select f.job_id as "jobId", split_part(coalesce(f.last_error, 'unknown'), ':', 1) as reason, count(*)::int as urls
      from frontier f join jobs j on j.id = f.job_id and j.status::text = any(${ACTIVE})
      where f.status = 'failed' group by 1, 2 order by 1, 2`,
    sql<MetricsSnapshot["workers"]>`
      select worker_id as "workerId", hostname, in_flight as "inFlight", pages_per_minute as "pagesPerMinute",
        extract(epoch from now() - last_beat_at)::float8 as "beatAgeSeconds",
        case when last_beat_at > now() - ${staleAfterMs} * interval '1 millisecond' then 'live' else 'stale' end as state
      from worker_heartbeats where status = 'running' order by worker_id`,
    // Stopped workers' rows too: their counts are part of the totals, which must never go down.
    sql<{ latency: { fetch?: unknown; claim?: unknown } }[]>`select latency from worker_heartbeats`,
  ]);
  return {
    jobs, frontier, errors, workers,
    fetch: sumHistograms(latency.map((r) => r.latency.fetch), FETCH_BUCKETS_S),
    claim: sumHistograms(latency.map((r) => r.latency.claim), CLAIM_BUCKETS_S),
  };
}
