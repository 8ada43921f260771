/** The home page's list of jobs: counters, a status filter and each job's pages a minute over the last hour. */
import type { Sql } from "./infra/sql";

/** Job statuses, and the filter that takes every job not yet ended. */
export const JOB_STATUSES = ["queued", "running", "paused", "stopping", "done", "stopped", "failed"] as const;
export const ACTIVE_STATUSES = ["queued", "running", "paused", "stopping"] as const;
/** What `?status=` may say. */
export const JOB_STATUS_FILTERS = ["active", ...JOB_STATUSES] as const;
/** A status filter from the address. */
export type JobStatusFilter = (typeof JOB_STATUS_FILTERS)[number];

/** The filter named by `?status=`, or null for every job (an unknown value too). */
export function parseStatusFilter(value: string | string[] | undefined): JobStatusFilter | null {
  const v = Array.isArray(value) ? value[0] : value;
  return (JOB_STATUS_FILTERS as readonly string[]).includes(v ?? "") ? (v as JobStatusFilter) : null;
}

/** One row of the list. */
export interface JobOverview {
  id: number; name: string; status: string; strategy: string; finishReason: string | null;
  pagesFetched: number; pagesRelevant: number; pagesFailed: number; createdAt: Date; archivedAt: Date | null;
}

/** Minutes in the sparkline. */
export const RATE_MINUTES = 60;

/**
 * The newest `take` jobs with the filter's statuses, how many jobs each status has, and how many
 * are archived; archived jobs are left out of both unless `includeArchived`.
 */
export async function listJobOverview(sql: Sql, filter: JobStatusFilter | null, take = 200, opts: { includeArchived?: boolean } = {}) {
  const statuses: readonly string[] = filter === null ? JOB_STATUSES : filter === "active" ? ACTIVE_STATUSES : [filter];
  const isShown = opts.includeArchived ? sql`true` : sql`archived_at is null`;
  const [jobs, counts, [archived]] = await Promise.all([
    sql<JobOverview[]>`
      select id, name, status::text as status, strategy, finish_reason as "finishReason", pages_fetched as "pagesFetched",
        pages_relevant as "pagesRelevant", pages_failed as "pagesFailed", created_at as "createdAt", archived_at as "archivedAt"
      from jobs where status::text = any(${statuses as string[]}) and ${isShown} order by created_at desc, id desc limit ${take}`,
    sql<{ status: string; n: number }[]>`select status::text as status, count(*)::int as n from jobs where ${isShown} group by 1`,
    sql<{ n: number }[]>`select count(*)::int as n from jobs where archived_at is not null`,
  ]);
  return { jobs, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Record<string, number>, archived: archived.n };
}

/**
 * Pages each job stored in each of the last 60 minutes, oldest minute first, from the pages'
 * fetch times (the pages (job_id, fetched_at) index reads only the last hour's rows).
 */
export async function pagesPerMinute(sql: Sql, jobIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map(jobIds.map((id) => [id, new Array<number>(RATE_MINUTES).fill(0)]));
  if (jobIds.length === 0) return out;
  const rows = await sql<{ jobId: number; ago: number; n: number }[]>`
    select job_id as "jobId", floor(extract(epoch from now() - fetched_at) / 60)::int as ago, count(*)::int as n
    from pages where job_id = any(${jobIds}::int[]) and fetched_at > now() - ${RATE_MINUTES} * interval '1 minute'
    group by 1, 2`;
  for (const r of rows) {
    const series = out.get(r.jobId);
    if (series && r.ago >= 0 && r.ago < RATE_MINUTES) series[RATE_MINUTES - 1 - r.ago] = r.n;
  }
  return out;
}
