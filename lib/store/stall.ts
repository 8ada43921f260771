/**
 * Stall detection: a job is stalled when a host has been ready (free connection, delay passed)
 * for the whole window with a pending URL due that the claim would take, yet nothing was claimed
 * and no page was stored. A claim must never let that happen; the lab and `focuscrawl crawl` stop
 * loudly when it does and record a job event (kind "stalled"); the job page checks too when it is
 * viewed and shows it in its diagnostics and event log.
 *
 * A URL the claim holds back on purpose (focus under politeness, lib/rules/focus.ts: its priority
 * is below a share of the best priority of hosts ready soon) is not a stall: the job waits for its
 * relevant hosts, and the diagnostics say so with readHeldBack. A best-first crawl fetching 50
 * pages a minute was called stalled for minutes before the check knew this.
 */
import type { Sql, Tx } from "./infra/sql";
import { EXPLORE_PAGES, LOOK_IN_FREE, LOOK_IN_SHARE } from "../rules/focus";

/** How long nothing may be claimed while a ready host has a URL due before a crawl counts as stalled. */
export const STALL_WINDOW_MS = 60_000;

/** One stalled job with what is waiting in it. */
export interface StalledJob { jobId: number; pending: number; readyHosts: number }

/**
 * The claim's floor for job `j` (an SQL expression): the best pending priority among hosts ready
 * within their delay, times the job's hold-back share; null when nothing is held back. The same
 * condition as the `floor` step of claimUrls (lib/store/frontier.ts), whose random turns (Tianwang)
 * have no floor but whose strategies with a random turn hold nothing back either.
 */
export function holdBackFloor(sql: Sql, jobAlias: string) {
  return sql.unsafe(`(select case when b.priority > 0 and ${jobAlias}.claim_hold_back > 0 then b.priority * ${jobAlias}.claim_hold_back end from (
      select f.priority from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
      where f.job_id = ${jobAlias}.id and f.status = 'pending' and ${jobAlias}.claim_hold_back > 0 and f.revisit_page_id is null
        and f.next_attempt_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
        and h.next_fetch_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
      order by f.priority desc limit 1) b)`);
}

/**
 * The jobs of `jobIds` with pending URLs due, and not held back, on hosts ready for at least
 * `windowMs`, that stored no page, failed no URL and claimed nothing within the window.
 */
export async function findStalledJobs(sql: Sql, jobIds: number[], windowMs: number): Promise<StalledJob[]> {
  return sql<StalledJob[]>`
    with idle as (
      select j.id, ${holdBackFloor(sql, "j")} as floor, ${exploresNow(sql, "j")} as explores from jobs j
      where j.id = any(${jobIds}::int[]) and j.status = 'running' and j.pages_reserved < j.max_pages
        -- Pages stored or URLs failed in the window: the crawl moves (minute rows, so up to two minutes back).
        and not exists (select 1 from job_stats_minute s where s.job_id = j.id
          and s.minute >= date_trunc('minute', now() - ${windowMs} * interval '1 millisecond') and s.fetched + s.failed > 0)
        -- A page stored in the window: a revisit answered 304 stores its unchanged copy but counts no
        -- fetch (lib/store/revisits.ts), and a re-run of an unchanged site stores nothing else for a while.
        and not exists (select 1 from pages p where p.job_id = j.id and p.fetched_at > now() - ${windowMs} * interval '1 millisecond')
        -- A URL claimed within the window (still being fetched): not a stall either.
        and not exists (select 1 from frontier f where f.job_id = j.id and f.status = 'leased'
          and f.updated_at > now() - ${windowMs} * interval '1 millisecond')
    )
    select i.id as "jobId",
      (select count(*)::int from frontier f where f.job_id = i.id and f.status = 'pending') as pending,
      count(*)::int as "readyHosts"
    from idle i join hosts h on h.job_id = i.id
    where h.in_flight < h.max_connections and h.next_fetch_at <= now() - ${windowMs} * interval '1 millisecond'
      and exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending'
        and f.next_attempt_at <= now() - ${windowMs} * interval '1 millisecond'
        and (f.priority >= coalesce(i.floor, '-infinity'::float8) or ${isExploring(sql, "i.explores", "h")}))
    group by i.id`;
}

/**
 * How many more look-ins job row `j` may take now (an SQL expression, rule 4): its look-ins stay
 * within LOOK_IN_FREE plus LOOK_IN_SHARE of the pages it has taken.
 */
export function lookInRoom(jobAlias: string): string {
  return `greatest(floor(${LOOK_IN_FREE} + ${LOOK_IN_SHARE} * ${jobAlias}.pages_reserved)::int - ${jobAlias}.look_ins, 0)`;
}

/**
 * Whether job row `j` looks into new hosts now (an SQL condition): it learns from hosts and its
 * look-in share has room (rule 4, lib/store/claim/job-turn.ts).
 */
export function exploresNow(sql: Sql | Tx, jobAlias: string) {
  return sql.unsafe(`(${jobAlias}.priority_feedback and ${lookInRoom(jobAlias)} > 0)`);
}

/**
 * Whether host row `h` is still being looked into (an SQL condition): the claim never holds its
 * URLs back while it has been tried fewer than EXPLORE_PAGES times and the job looks into hosts now (`explores`).
 */
export function isExploring(sql: Sql, explores: string, h: string) {
  return sql.unsafe(`(${explores} and ${h}.pages_fetched + ${h}.errors < ${EXPLORE_PAGES})`);
}

/** URLs the claim holds back in a job, with the best URL it waits for instead. */
export interface HeldBack { n: number; hosts: number; floor: number; bestHost: string; bestAt: Date }

/**
 * Held-back URLs counted at most (the page says "10000+" beyond): the job page reads this on
 * every refresh, and counting a million pending URLs each time would cost more than it tells.
 */
export const HELD_BACK_COUNT_CAP = 10_000;

/**
 * What the claim holds back in job `jobId` now: pending URLs due on hosts that are not blocked,
 * below the claim's floor, counted up to HELD_BACK_COUNT_CAP, and the host of the best URL above
 * it with when that URL can be fetched. Null when nothing is held back.
 */
export async function readHeldBack(sql: Sql, jobId: number): Promise<HeldBack | null> {
  const [r] = await sql<(HeldBack & { floor: number | null })[]>`
    with job as (select j.id, ${holdBackFloor(sql, "j")} as floor, ${exploresNow(sql, "j")} as explores from jobs j where j.id = ${jobId}),
    held as (
      select f.host from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
      where f.job_id = ${jobId} and f.status = 'pending' and f.next_attempt_at <= now() and h.next_fetch_at <> 'infinity'
        and f.priority < (select floor from job) and not ${isExploring(sql, "(select explores from job)", "h")}
      limit ${HELD_BACK_COUNT_CAP}
    ), best as (
      select f.host, greatest(f.next_attempt_at, h.next_fetch_at) as at from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
      where f.job_id = ${jobId} and f.status = 'pending' and h.next_fetch_at <> 'infinity' and f.priority >= (select floor from job)
      order by f.priority desc, greatest(f.next_attempt_at, h.next_fetch_at) limit 1
    )
    select (select count(*)::int from held) as n, (select count(distinct host)::int from held) as hosts,
      (select floor from job) as floor, b.host as "bestHost", b.at as "bestAt"
    from best b`;
  return r && r.n > 0 && r.floor !== null ? { ...r, floor: r.floor } : null;
}

function stallMessage(s: StalledJob, windowMs: number): string {
  return `Nothing was claimed for ${Math.round(windowMs / 1000)} s while ${s.pending} URL(s) were pending on ${s.readyHosts} ready host(s)`;
}

/** Record on the job that it stalled (a job event of kind "stalled", level error). */
export async function recordStall(sql: Sql, s: StalledJob, windowMs: number): Promise<void> {
  await sql`insert into job_events (job_id, level, kind, message) values (${s.jobId}, 'error', 'stalled', ${stallMessage(s, windowMs)})`;
}

/**
 * Record a stall unless one was recorded within the window (the job page checks on every view;
 * one event per window is enough). Returns whether an event was written.
 */
export async function recordStallOnce(sql: Sql, s: StalledJob, windowMs: number): Promise<boolean> {
  const rows = await sql`insert into job_events (job_id, level, kind, message)
    select ${s.jobId}, 'error', 'stalled', ${stallMessage(s, windowMs)}
    where not exists (select 1 from job_events e where e.job_id = ${s.jobId} and e.kind = 'stalled'
      and e.created_at > now() - ${windowMs} * interval '1 millisecond')
    returning id`;
  return rows.length > 0;
}
