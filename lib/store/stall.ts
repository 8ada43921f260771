/**
 * Stall detection: a job is stalled when a host has been ready (free connection, delay passed)
 * for the whole window with a pending URL due, yet nothing was claimed. A claim must never let
 * that happen; the lab and `focuscrawl crawl` stop loudly when it does and record a job event
 * (kind "stalled"); the job page checks too when it is viewed and shows it in its diagnostics and event log.
 */
import type { Sql } from "./infra/sql";

/** How long nothing may be claimed while a ready host has a URL due before a crawl counts as stalled. */
export const STALL_WINDOW_MS = 60_000;

/** One stalled job with what is waiting in it. */
export interface StalledJob { jobId: number; pending: number; readyHosts: number }

/** The jobs of `jobIds` with pending URLs due on hosts ready for at least `windowMs`. */
export async function findStalledJobs(sql: Sql, jobIds: number[], windowMs: number): Promise<StalledJob[]> {
  return sql<StalledJob[]>`
    select j.id as "jobId",
      (select count(*)::int from frontier f where f.job_id = j.id and f.status = 'pending') as pending,
      count(*)::int as "readyHosts"
    from jobs j join hosts h on h.job_id = j.id
    where j.id = any(${jobIds}::int[]) and j.status = 'running' and j.pages_reserved < j.max_pages
      and h.in_flight < h.max_connections and h.next_fetch_at <= now() - ${windowMs} * interval '1 millisecond'
      and exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending'
        and f.next_attempt_at <= now() - ${windowMs} * interval '1 millisecond')
    group by j.id`;
}

/** Record on the job that it stalled (a job event of kind "stalled", level error). */
export async function recordStall(sql: Sql, s: StalledJob, windowMs: number): Promise<void> {
  await sql`insert into job_events (job_id, level, kind, message)
    values (${s.jobId}, 'error', 'stalled', ${`Nothing was claimed for ${Math.round(windowMs / 1000)} s while ${s.pending} URL(s) were pending on ${s.readyHosts} ready host(s)`})`;
}

/**
 * Record a stall unless one was recorded within the window (the job page checks on every view;
 * one event per window is enough). Returns whether an event was written.
 */
export async function recordStallOnce(sql: Sql, s: StalledJob, windowMs: number): Promise<boolean> {
  const rows = await sql`insert into job_events (job_id, level, kind, message)
    select ${s.jobId}, 'error', 'stalled', ${`Nothing was claimed for ${Math.round(windowMs / 1000)} s while ${s.pending} URL(s) were pending on ${s.readyHosts} ready host(s)`}
    where not exists (select 1 from job_events e where e.job_id = ${s.jobId} and e.kind = 'stalled'
      and e.created_at > now() - ${windowMs} * interval '1 millisecond')
    returning id`;
  return rows.length > 0;
}
