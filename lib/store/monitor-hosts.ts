/**
 * The job page's hosts table: one screen of a job's hosts, sorted by an allow-listed column,
 * filtered by a host substring, with each host's pending URLs and last error read for that screen only.
 */
import type { Sql } from "./infra/sql";
import { exploresNow, holdBackFloor, isExploring } from "./stall";

/** Columns the hosts table sorts by (the URL's `sort` parameter), mapped to their SQL. */
const SORT_SQL = {
  host: "h.host",
  fetched: "h.pages_fetched",
  relevant: "h.pages_relevant",
  failed: "h.errors",
  harvest: "h.pages_relevant::float8 / nullif(h.pages_fetched, 0)",
  next: "h.next_fetch_at",
  inflight: "h.in_flight",
  delay: "host_delay(h.min_delay_ms, h.crawl_delay_ms)",
} as const;

/** A sortable column of the hosts table. */
export type HostSort = keyof typeof SORT_SQL;
export const HOST_SORTS = Object.keys(SORT_SQL) as HostSort[];

/** Hosts on one screen of the table. */
export const HOSTS_PER_SCREEN = 25;
/** Screens one can page to (a bound on the offset: narrow the search to go further). */
export const MAX_HOST_SCREENS = 400;
/** Pending URLs are counted up to this many per host (a host with a million is shown as "10000+"). */
export const PENDING_COUNT_CAP = 10_000;

/** One row of the hosts table. */
export interface HostRow {
  host: string; robotsState: string; crawlDelayMs: number | null; minDelayMs: number; delayOverrideMs: number | null;
  effectiveDelayMs: number; inFlight: number; nextFetchAt: Date;
  /** Blocked by a person (the job's deny rules); a host set aside as unreachable is not. */
  isBlocked: boolean;
  /** Set aside because it never answered (lib/store/host-controls.ts, setHostAside). */
  isSetAside: boolean;
  pending: number; fetched: number; relevant: number; failed: number; lastError: string | null;
  /** Pending URLs due that the claim holds back now (below its floor; docs/ALGORITHMS.md §3.2), counted up to PENDING_COUNT_CAP. */
  heldBack: number;
  /** The host feedback applied to its URLs' priorities (1 = none; docs/ALGORITHMS.md §2.8). */
  feedback: number;
}

/** The table's query as it arrives in the URL. */
export interface HostQuery { sort: HostSort; isDesc: boolean; search: string; screen: number }

/** Read the URL's parameters into a HostQuery, with defaults for anything missing or unknown. */
export function parseHostQuery(p: { hsort?: string; hdir?: string; hq?: string; hpage?: string }): HostQuery {
  const sort = HOST_SORTS.includes(p.hsort as HostSort) ? (p.hsort as HostSort) : "fetched";
  return {
    sort, isDesc: p.hdir ? p.hdir !== "asc" : sort !== "host" && sort !== "next",
    search: (p.hq ?? "").trim().slice(0, 100),
    screen: Math.min(MAX_HOST_SCREENS, Math.max(1, Math.floor(Number(p.hpage)) || 1)),
  };
}

/** One screen of a job's hosts and how many hosts match the search. */
export async function listJobHosts(sql: Sql, jobId: number, q: HostQuery): Promise<{ rows: HostRow[]; total: number }> {
  const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The sort column comes from the allow-list above, never from the request.
  const order = sql.unsafe(`${SORT_SQL[q.sort]} ${q.isDesc ? "desc nulls last" : "asc nulls first"}, h.host`);
  const [rows, [{ total }]] = await Promise.all([
    sql<HostRow[]>`
      select h.host, h.robots_state as "robotsState", h.crawl_delay_ms as "crawlDelayMs", h.min_delay_ms as "minDelayMs",
        h.delay_override_ms as "delayOverrideMs", (extract(epoch from host_delay(h.min_delay_ms, h.crawl_delay_ms)) * 1000)::int as "effectiveDelayMs",
        h.in_flight as "inFlight", h.next_fetch_at as "nextFetchAt", h.next_fetch_at = 'infinity' and h.robots_expires_at is distinct from 'infinity' as "isBlocked",
        h.next_fetch_at = 'infinity' and h.robots_expires_at is not distinct from 'infinity' as "isSetAside",
        h.pages_fetched as fetched, h.pages_relevant as relevant, h.errors as failed,
        (select count(*)::int from (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending'
          limit ${PENDING_COUNT_CAP}) p) as pending,
        (select f.last_error from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'failed'
          order by f.updated_at desc limit 1) as "lastError",
        h.feedback,
        ${heldBackCount(sql)} as "heldBack"
      from hosts h
      cross join ${holdBackContext(sql, jobId)} j
      where h.job_id = ${jobId} and (${q.search} = '' or h.host ilike ${like})
      order by ${order}
      limit ${HOSTS_PER_SCREEN} offset ${(q.screen - 1) * HOSTS_PER_SCREEN}`,
    sql<{ total: number }[]>`select count(*)::int as total from hosts h where h.job_id = ${jobId} and (${q.search} = '' or h.host ilike ${like})`,
  ]);
  return { rows: [...rows], total };
}

/**
 * Pending URLs due on host `h` that the claim holds back now, counted up to PENDING_COUNT_CAP;
 * reads `j` from `holdBackContext` (the hosts table and the crawl reports count them alike).
 */
export function heldBackCount(sql: Sql) {
  return sql`(select count(*)::int from (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending'
    and f.next_attempt_at <= now() and h.next_fetch_at <> 'infinity' and f.priority < j.floor and not ${isExploring(sql, "j.explores", "h")}
    limit ${PENDING_COUNT_CAP}) b)`;
}

/** The job's hold-back floor and whether it explores, one row to cross join as `j` for `heldBackCount`. */
export function holdBackContext(sql: Sql, jobId: number) {
  return sql`(select ${holdBackFloor(sql, "jb")} as floor, ${exploresNow(sql, "jb")} as explores from jobs jb where jb.id = ${jobId})`;
}
