/**
 * The frontier's hot path in set-based SQL (postgres.js): claim with one SKIP LOCKED
 * statement, leases fenced by worker id, backoff computed in SQL, a reclaim sweep.
 */
import type { JobEventKind } from "./events";
import { JOB_CHANNEL } from "./infra/listen";
import { answerAgeMs, releaseHost, setAsideReason } from "./hosts";
import { holdJobKeys } from "./infra/deadlock";
import type { Fragment, Sql, Tx } from "./infra/sql";
import type { MergeMode } from "../strategy/types";
import { EXPLORE_PAGES, FILL_COUNT_CAP, FILL_FEEDBACK_SHARE } from "../rules/focus";
import { DEFAULT_REQUEST_LOG_KEEP } from "../jobs/settings";

/** A leased URL as a worker sees it. */
export interface ClaimedUrl {
  id: string; jobId: number; url: string; host: string; depth: number; priority: number; attempts: number;
  /**
   * What the strategy recorded when it queued the URL (priority_detail; null for seeds), with the
   * host feedback's `tunnel`: irrelevant pages since the last relevant one on the path that found it.
   */
  priorityDetail?: Record<string, unknown> | null;
  /** Set when the URL is a sitemap file (lib/store/sitemaps.ts): how many index levels below robots.txt's. */
  sitemapLevel: number | null;
  /** A revisit of a workflow's re-run: the previous run's page and its validators (lib/store/revisits.ts); null otherwise. */
  revisitOf?: string | null; revisitEtag?: string | null; revisitLastModified?: string | null;
}

/**
 * Ready hosts looked at per claim, longest-waiting first. Each costs one index probe: with
 * 1,000 ready hosts and 1,000,000 queued URLs, probing all of them took 16.8 ms (median) per
 * claim. Up to this many ready hosts the claim is exact (the best URL among all ready hosts);
 * beyond, it is the best among the hosts that have waited longest.
 */
export const MAX_HOSTS_PROBED = 256;

/** When the claim holds back low-priority URLs, the hosts of this many best URLs due on ready hosts are probed as well. */
export const BEST_URLS_PROBED = 64;

/** On a random turn (Tianwang), a host's URL is drawn from its this many best, so the draw stays an index scan. */
export const RANDOM_POOL = 50;

/** Retries before a URL is failed for good. */
export const MAX_ATTEMPTS = 3;

/**
 * Lease up to `limit` URLs of one running job: the best pending URL of each host that is ready
 * now (its delay has passed and it has a free connection: one when it has a delay, see the SQL
 * function host_connections), best first (priority, then lower
 * depth, then older). A busy host never holds up the others, and each claimed host's next
 * fetch moves `max(min delay, Crawl-delay)` into the future. Only hosts flagged has_pending are
 * probed (a host found empty is unflagged), and for the topic-aware strategies URLs far below
 * the best priority of hosts ready soon are held back (lib/rules/focus.ts).
 *
 * The job row is locked for the statement (FOR NO KEY UPDATE, which foreign-key checks of page
 * inserts do not block), so concurrent claimers never over-spend the page budget
 * (`pages_reserved`) nor a host's connections: with FOR UPDATE SKIP LOCKED instead, claims
 * skipped the job whenever any page was being stored and a 2,000-page crawl ran at 7 pages/s.
 */
export async function claimUrls(
  sql: Sql,
  opts: { workerId: string; limit: number; leaseMs: number; jobIds?: number[] },
): Promise<ClaimedUrl[]> {
  // Hosts found empty lose their has_pending flag; when a claim found nothing but such hosts,
  // it looks again at once, so a claim finds a URL whenever a ready host has one.
  for (let round = 0; round < MAX_EMPTY_ROUNDS; round++) {
    const { rows, emptied } = await claimOnce(sql, opts);
    if (rows.length > 0 || emptied === 0) return rows;
  }
  return [];
}

/** Rounds of MAX_HOSTS_PROBED empty hosts one claim clears before it gives up (the next claim goes on). */
const MAX_EMPTY_ROUNDS = 64;

/**
 * The claim's constants are written into its text (`sql.unsafe`), not sent as parameters: with
 * them known, PostgreSQL's plan for the prepared statement does not depend on the parameters left
 * (the job is chosen inside the statement anyway), it keeps one generic plan instead of planning
 * the large statement anew each time, and claims took about 8 ms instead of 12 at a million URLs
 * (bench/claim-latency.ts).
 */
const MAX_HOSTS_SQL = String(MAX_HOSTS_PROBED), BEST_URLS_SQL = String(BEST_URLS_PROBED), RANDOM_POOL_SQL = String(RANDOM_POOL);
const EXPLORE_SQL = String(EXPLORE_PAGES);
const FILL_CAP_SQL = String(FILL_COUNT_CAP), FILL_SHARE_SQL = String(FILL_FEEDBACK_SHARE);
/**
 * URLs one claim may take from a host: one, as the host's delay runs from each request; as many as
 * it has free connections when it has no delay and its robots.txt is known (a crawl of one's own
 * site at full speed). One URL a claim held a one-host crawl to a URL per claim, about 6 in flight of
 * 32 (bench/PERFORMANCE.md).
 */
const SLOTS_SQL = `case when host_delay(h.min_delay_ms, h.crawl_delay_ms) = interval '0' and h.robots_expires_at > now()
          then greatest(host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms) - h.in_flight, 1) else 1 end as slots`;

/**
 * The jobs a claim may take URLs of, as `from … where …` over `jobs j` and its free concurrency
 * `c.room`: running, with budget, concurrency and time left, and passing `only` (a condition on `j`).
 */
function claimableJobsSql(tx: Sql | Tx, only: Fragment) {
  return tx`
      from jobs j
      cross join lateral (
        select nullif(j.max_concurrency, 0) - count(*) as room
        from frontier f where f.job_id = j.id and f.status = 'leased' and j.max_concurrency > 0
      ) c
      where j.status = 'running' and j.pages_reserved < j.max_pages and coalesce(c.room, 1) > 0
        and (j.time_budget_sec is null or j.started_at + make_interval(secs => j.time_budget_sec) > now())
        and ${only}`;
}

/** A row of the claim statement: a leased URL, or one row of nulls, with how many hosts it found empty. */
type ClaimRow = ClaimedUrl & { emptied: number };

/** The transaction-local setting through which the claim's first statement names the job it locked to the second. */
const CLAIM_JOB_SETTING = "focuscrawl.claim_job";

/**
 * One claim, in a transaction of two statements: the job's row is locked by a statement of its
 * own, then the claim runs on it. As one statement, two workers' claims deadlocked on the job's
 * row when a page store's counters had just updated it (docs/SCALING.md): the second claim
 * followed the row's newer version while holding the queue for it, and the first one's budget
 * update, starting from the version its snapshot saw, waited for that queue. Locked first, the
 * claim's snapshot already sees the version it holds.
 *
 * The lock statement leaves the job's id in a transaction-local setting, which the claim reads,
 * so the two go to the server together. A worker claims on a pool of one connection of its own
 * (openClaimSql, WorkerOptions.claimSql): there the claim is prepared once and its plan kept, and
 * begin, lock, claim and commit go out at once, in one round trip. Each round trip waited for the
 * worker's busy event loop and for the server's process to be scheduled: with a round trip each,
 * and planned anew on each of the pool's connections, claims took 34–50 ms at the 95th percentile
 * as the workers saw them; 9–29 ms now (docs/SCALING.md). On a larger pool (tests) the claim is an
 * ordinary transaction.
 *
 * The claim reads the job only from the setting, which is local to the transaction: should
 * the begin or the lock statement not have run in the same transaction (a connection lost between
 * them), the claim finds no job and leases nothing.
 */
async function claimOnce(
  db: Sql,
  opts: { workerId: string; limit: number; leaseMs: number; jobIds?: number[] },
): Promise<{ rows: ClaimedUrl[]; emptied: number }> {
  const jobIds = opts.jobIds ?? null;
  const lockAndClaim = (sql: Sql | Tx) => [
    sql`select set_config(${CLAIM_JOB_SETTING}, coalesce((
      select j.id ${claimableJobsSql(sql, sql`(${jobIds}::int[] is null or j.id = any(${jobIds}::int[]))`)}
      order by random() limit 1 for no key update of j)::text, ''), true)`,
    claimStatement(sql, opts),
  ] as const;
  let rows: ClaimRow[];
  if (db.options.max === 1) {
    // One connection: the four statements are pipelined, and are issued together, so two claims
    // sharing the connection run one after the other, never interleaved. A statement failing
    // aborts the transaction, and the commit then rolls it back.
    const settled = await Promise.allSettled([db`begin`, ...lockAndClaim(db), db`commit`]);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
    rows = (settled[2] as PromiseFulfilledResult<ClaimRow[]>).value;
  } else {
    [, rows] = (await db.begin((sql) => lockAndClaim(sql))) as unknown as [unknown, ClaimRow[]];
  }
  const emptied = rows[0]?.emptied ?? 0;
  return { rows: rows.filter((r) => r.id !== null).map(({ emptied: _, ...r }) => ({ ...r, id: String(r.id) })), emptied };
}

/** The claim proper, on the job the lock statement named (none: it claims nothing). */
function claimStatement(sql: Sql | Tx, opts: { workerId: string; limit: number; leaseMs: number }) {
  return sql<ClaimRow[]>`
      with job as (
        -- room: what is left of the page budget, and of the job's own concurrency limit
        -- (max_concurrency across all workers; 0 = only each worker's limit).
        select j.id, least(j.max_pages - j.pages_reserved, coalesce(c.room, j.max_pages)) as room,
          -- The strategy's selection (strategyPolicy; Tianwang, seed 000): after N claims by
          -- priority, M claims at random; and the share of the best soon-ready priority below
          -- which a URL is held back (focus under politeness, lib/rules/focus.ts).
          j.claim_random > 0 and j.claims_made % (j.claim_by_priority + j.claim_random) >= j.claim_by_priority as is_random_turn,
          j.claim_hold_back as hold_back,
          -- Hosts are looked into before they are held back when the job learns from hosts (§2.8).
          j.priority_feedback as explores,
          -- Idle capacity (lib/rules/focus.ts), on unless the job turned it off, with the host feedback on.
          j.priority_feedback and coalesce((j.settings->>'idleCapacity')::boolean, true) as fills,
          j.max_pages - j.pages_reserved as budget_left
        ${claimableJobsSql(sql, sql`j.id = nullif(current_setting(${CLAIM_JOB_SETTING}, true), '')::int`)}
      ), floor as (
        -- Focus under politeness (lib/rules/focus.ts): the best pending priority among hosts ready
        -- within their delay; URLs far below it wait for those hosts.
        select b.priority * (select hold_back from job) as p, b.feedback from (
          select f.priority, h.feedback from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
          -- A workflow re-run's revisits (priority 1000 and up, lib/store/revisits.ts) go first and never set the bar.
          where f.job_id = (select id from job) and f.status = 'pending' and (select hold_back from job) > 0 and f.revisit_page_id is null
            and f.next_attempt_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
            and h.next_fetch_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
          order by f.priority desc limit 1
        ) b where b.priority > 0 and not (select is_random_turn from job)
      ), spare as (
        -- Idle capacity (lib/rules/focus.ts): when the job learns from hosts, slots the URLs worth
        -- waiting for leave free go to held-back URLs: n, the pages spare, is
        -- what the budget has left beyond the URLs pending at or above the bar (counted up to
        -- FILL_COUNT_CAP; at the cap nothing is spare) and beyond as many pages again as the hosts
        -- not sunk and not yet done have given relevant ones so far (what a productive site is still
        -- likely to give; a host with nothing pending or in flight is done and keeps nothing back).
        select case when (select fills from job) and (select p from floor) is not null
          and count(*) < least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)})
          then greatest((select budget_left from job) - count(*) - (select coalesce(sum(h.pages_relevant), 0) from hosts h
            where h.job_id = (select id from job) and not h.is_sunk and (h.has_pending or h.in_flight > 0)), 0) else 0 end as n from (
          select 1 from frontier f
          where f.job_id = (select id from job) and f.status = 'pending' and f.priority >= (select p from floor) and (select fills from job)
          limit least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)})
        ) g
      ), budget_line as (
        -- Which held-back URLs: those the budget would fetch anyway as things stand, at or above the
        -- priority of the budget's last page (the budget_left-th best pending URL, looked up to
        -- FILL_COUNT_CAP deep; with fewer pending, every one).
        select coalesce((
          select f.priority from frontier f
          where f.job_id = (select id from job) and f.status = 'pending'
          order by f.priority desc
          offset least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)}) - 1 limit 1
        ), '-infinity'::float8) as p
        where (select fills from job) and (select p from floor) is not null
      ), best as (
        -- When holding back, the hosts of the best URLs due on ready hosts are probed too, wherever
        -- they stand in the longest-ready order: the best of them is never below the floor.
        select f.host, host_delay(h.min_delay_ms, h.crawl_delay_ms) as delay, h.pages_fetched + h.errors as tried, h.feedback, ${sql.unsafe(SLOTS_SQL)}
        from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
        where f.job_id = (select id from job) and f.status = 'pending' and f.next_attempt_at <= now() and (select p from floor) is not null
          and h.has_pending and h.in_flight < host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms)
          and h.next_fetch_at <= now() and (h.robots_expires_at > now() or h.in_flight = 0)
        order by f.priority desc, f.depth, f.id
        limit ${sql.unsafe(BEST_URLS_SQL)}
      ), longest as (
        select h.host, host_delay(h.min_delay_ms, h.crawl_delay_ms) as delay, h.pages_fetched + h.errors as tried, h.feedback, ${sql.unsafe(SLOTS_SQL)} from hosts h
        where h.job_id = (select id from job) and h.has_pending and h.next_fetch_at <= now()
          and h.in_flight < host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms)
          -- Until its robots.txt (and Crawl-delay) is known, or while it is due to be fetched again, a host gets one request at a time.
          and (h.robots_expires_at > now() or h.in_flight = 0)
          -- When the best URLs due already lie on enough hosts, their hosts hold the best URL of
          -- every ready host that could be claimed: the longest-ready hosts are not needed.
          and (select count(distinct host) from best) < ${opts.limit}
        order by h.next_fetch_at, h.host
        limit ${sql.unsafe(MAX_HOSTS_SQL)}
      ), exploring as (
        -- Hosts tried fewer than EXPLORE_PAGES times are never held back (focus.ts): a site whose
        -- home and column pages say nothing of the topic is looked into before it is judged.
        select h.host, host_delay(h.min_delay_ms, h.crawl_delay_ms) as delay, h.pages_fetched + h.errors as tried, h.feedback, ${sql.unsafe(SLOTS_SQL)} from hosts h
        where h.job_id = (select id from job) and (select explores from job) and (select p from floor) is not null
          and h.has_pending and h.next_fetch_at <= now()
          and h.pages_fetched + h.errors < ${sql.unsafe(EXPLORE_SQL)}
          and h.in_flight < host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms)
          and (h.robots_expires_at > now() or h.in_flight = 0)
        order by h.next_fetch_at, h.host
        limit ${sql.unsafe(BEST_URLS_SQL)}
      ), ready as (
        select host, delay, tried, feedback, slots from longest union select host, delay, tried, feedback, slots from best
        union select host, delay, tried, feedback, slots from exploring
      ), probe as (
        -- Each host's best URL (its best few when it has no delay and free connections)...
        select h.host, h.delay, h.tried, h.feedback, f.id, f.priority, f.depth, f.url
        from ready h
        left join lateral (
          select f.id, f.priority, f.depth, f.url from frontier f
          where f.job_id = (select id from job) and f.host = h.host and f.status = 'pending' and f.next_attempt_at <= now()
          order by f.priority desc, f.depth, f.id
          limit h.slots
          for update skip locked
        ) f on true
        where not (select is_random_turn from job)
        union all
        -- ...or, on a random turn, one at random among its RANDOM_POOL best.
        select h.host, h.delay, h.tried, h.feedback, f.id, f.priority, f.depth, f.url
        from ready h
        left join lateral (
          select s.id, s.priority, s.depth, s.url from (
            select f.id, f.priority, f.depth, f.url from frontier f
            where f.job_id = (select id from job) and f.host = h.host and f.status = 'pending' and f.next_attempt_at <= now()
            order by f.priority desc, f.depth, f.id
            limit ${sql.unsafe(RANDOM_POOL_SQL)}
            for update skip locked
          ) s
          order by random()
          limit 1
        ) f on true
        where (select is_random_turn from job)
      ), eligible as (
        -- Due: above the bar, or on a host still being looked into; otherwise a URL may only fill an idle
        -- slot (spare), and only on a host not sunk (its priority not below 0, weigh_priority).
        select host, id, priority, depth, delay, tried, url, is_due,
          row_number() over (partition by is_due order by priority desc, depth, tried, url) as rank_in_kind
        from (
          select pr.*, priority >= coalesce((select p from floor), '-infinity'::float8) or ((select explores from job) and tried < ${sql.unsafe(EXPLORE_SQL)}) as is_due
          from probe pr where id is not null
        ) e
        where is_due or (coalesce((select n from spare), 0) > 0 and priority >= (select p from budget_line)
          and priority >= 0 and feedback >= ${sql.unsafe(FILL_SHARE_SQL)} * (select feedback from floor))
      ), cand as (
        select host, id, priority, depth, delay, tried, url, is_due from eligible
        -- Held-back URLs fill idle slots only out of the pages the URLs above the bar leave spare.
        where is_due or rank_in_kind <= (select n from spare)
        -- Ties go to breadth, the same way every run: the host tried least so far, then URL order
        -- (by id, i.e. by which page was stored first, two runs of one crawl diverged within seconds).
        -- Hosts still being looked into go first when the claim holds back (a few pages each, EXPLORE_PAGES):
        -- behind the best URLs they waited for good, as a claim is mostly for the one or two slots a worker has free.
        order by case when (select is_random_turn from job) then random() else 0 end,
          (select explores from job) and (select p from floor) is not null and tried < ${sql.unsafe(EXPLORE_SQL)} desc,
          is_due desc, priority desc, depth, tried, url
        limit least(${opts.limit}, (select room from job))
      ), emptied as (
        -- Probed, nothing pending at all (not even backing off) and nothing in flight: the host is
        -- left out of claims until a URL is queued on it again.
        update hosts h set has_pending = false
        from probe p where p.id is null and h.job_id = (select id from job) and h.host = p.host and h.in_flight = 0
          and not exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending')
        returning h.host
      ), busy as (
        -- Re-checked on the host row's newest version: a claim that waited for the job lock reads
        -- hosts as they were before it waited, and without this a host another claim had just
        -- taken would be taken again (two workers, two requests 2 ms apart on one host).
        -- The delay runs from the end of the claim (clock_timestamp), not its start: a claim that
        -- took long under load would otherwise let the next request follow too closely.
        update hosts h set in_flight = h.in_flight + c.n, next_fetch_at = clock_timestamp() + c.delay
        from (select host, count(*)::int as n, max(delay) as delay from cand group by host) c
        where h.job_id = (select id from job) and h.host = c.host
          and h.in_flight + c.n <= host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms) and h.next_fetch_at <= now()
          and (h.robots_expires_at > now() or h.in_flight = 0)
        returning h.host
      ), leased as (
        update frontier f set status = 'leased', lease_owner = ${opts.workerId},
          lease_expires_at = now() + ${opts.leaseMs} * interval '1 millisecond',
          attempts = f.attempts + 1, updated_at = now()
        from cand where f.id = cand.id and cand.host in (select host from busy)
        returning f.id, f.job_id as "jobId", f.url, f.host, f.depth, f.priority, f.attempts,
          f.priority_detail as "priorityDetail", f.sitemap_level as "sitemapLevel",
          f.revisit_page_id::text as "revisitOf", f.revisit_etag as "revisitEtag", f.revisit_last_modified as "revisitLastModified"
      ), reserve as (
        update jobs set pages_reserved = pages_reserved + (select count(*) from leased), claims_made = claims_made + 1
        where id = (select id from job) and exists (select 1 from leased)
      )
      select l.*, (select count(*)::int from emptied) as emptied from leased l
      union all
      -- One null per column of leased: the two branches must have the same columns.
      select null, null, null, null, null, null, null, null, null, null, null, null, (select count(*)::int from emptied) where not exists (select 1 from leased)`;
}

/** Thrown when a worker tries to finish a URL whose lease it no longer holds. */
export class LeaseLostError extends Error {
  constructor(readonly id: string) {
    super(`lease on frontier URL ${id} was lost (expired and reclaimed); the result is discarded`);
  }
}

/**
 * Mark leased URLs done, all in one statement; throws LeaseLostError naming the first whose lease
 * this worker no longer holds (and then the caller's transaction writes nothing).
 */
export async function finishLeases(tx: Tx, ids: string[], workerId: string): Promise<void> {
  const rows = await tx<{ id: string }[]>`
    update frontier set status = 'done', lease_owner = null, lease_expires_at = null, last_error = null, skip_reason = null, updated_at = now()
    where id = any(${ids}::bigint[]) and status = 'leased' and lease_owner = ${workerId}
    returning id::text`;
  if (rows.length === ids.length) return;
  const finished = new Set(rows.map((r) => r.id));
  throw new LeaseLostError(ids.find((id) => !finished.has(id))!);
}

/** Mark a leased URL finished (`done`, `failed` or `skipped`); throws LeaseLostError when fenced out. */
export async function finishLease(
  tx: Tx,
  opts: { id: string; workerId: string; status: "done" | "failed" | "skipped"; error?: string; skipReason?: string },
): Promise<void> {
  const rows = await tx`
    update frontier set status = ${opts.status}::frontier_status, lease_owner = null, lease_expires_at = null,
      last_error = ${opts.error ?? null}, skip_reason = ${opts.skipReason ?? null}, updated_at = now()
    where id = ${opts.id} and status = 'leased' and lease_owner = ${opts.workerId}
    returning id`;
  if (rows.length === 0) throw new LeaseLostError(opts.id);
}

/**
 * Give a URL back for a later try with exponential backoff (2^attempts seconds, capped at
 * an hour), or fail it for good after MAX_ATTEMPTS. Returns what happened. (Back in the queue of
 * a host blocked or set aside meanwhile, it is skipped by the workers' maintenance: skipUrlsOfSetAsideHosts.)
 */
export async function retryLater(sql: Sql, opts: { id: string; workerId: string; error: string; notBefore?: Date; answeredAt?: Date }) {
  return sql.begin(async (tx) => {
    const rows = await tx<{ status: string; jobId: number; host: string }[]>`
      update frontier set
        status = case when attempts >= ${MAX_ATTEMPTS} then 'failed'::frontier_status else 'pending'::frontier_status end,
        next_attempt_at = greatest(${opts.notBefore ?? null}::timestamptz,
          now() + least(interval '1 hour', power(2, attempts) * interval '1 second')),
        lease_owner = null, lease_expires_at = null, last_error = ${opts.error}, updated_at = now()
      where id = ${opts.id} and status = 'leased' and lease_owner = ${opts.workerId}
      returning status, job_id as "jobId", host`;
    if (rows.length === 0) throw new LeaseLostError(opts.id);
    const { status, jobId, host } = rows[0];
    // A URL going back to the queue gives its page budget back; a final failure keeps it spent.
    if (status === "pending") {
      await returnPageBudget(tx, jobId);
      await releaseHost(tx, jobId, host, opts.notBefore, opts.answeredAt);
    } else {
      await recordOutcome(tx, { jobId, host, fetched: 0, relevant: 0, failed: 1, enqueued: 0, bytes: 0,
        answeredAt: opts.answeredAt, notBefore: opts.notBefore });
    }
    return status as "pending" | "failed";
  });
}

/** Counters one finished URL adds to its job, its host and the per-minute statistics. */
export interface Outcome {
  jobId: number; host: string | null; fetched: number; relevant: number; failed: number; enqueued: number; bytes: number;
  /** When the host answered the request: its next fetch waits its delay from then (see `releaseHost`). */
  answeredAt?: Date;
  /** The host's next fetch waits at least until then (429/503 Retry-After). */
  notBefore?: Date;
  /** Leased URLs this outcome ends, each freeing a connection of the host (default 1: one URL's). */
  leases?: number;
  /** With relevant pages among several: the irrelevant ones fetched after the last relevant one (the host's new run). */
  runAfterRelevant?: number;
}

/** Give one URL's place in the job's page budget back (it goes back to the queue, or was never fetched). */
export async function returnPageBudget(tx: Tx, jobId: number): Promise<void> {
  await tx`update jobs set pages_reserved = pages_reserved - 1 where id = ${jobId}`;
}

/**
 * Add an outcome of a leased URL to jobs, hosts and job_stats_minute, free the host connection
 * its claim took, and wake the dashboard's listeners. One statement (every stored page runs it):
 * each step reads the row the one before returned, so the job row is always locked first, then
 * the minute's stats, then the host, as everywhere else.
 */
export async function recordOutcome(tx: Tx, o: Outcome): Promise<void> {
  await tx`
    with job as (
      update jobs set pages_fetched = pages_fetched + ${o.fetched}, pages_relevant = pages_relevant + ${o.relevant},
        pages_failed = pages_failed + ${o.failed}, links_found = links_found + ${o.enqueued}, updated_at = now()
      where id = ${o.jobId}
      returning id
    ), stats as (
      insert into job_stats_minute (job_id, minute, fetched, relevant, failed, enqueued, bytes)
      select id, date_trunc('minute', now()), ${o.fetched}, ${o.relevant}, ${o.failed}, ${o.enqueued}, ${o.bytes} from job
      on conflict (job_id, minute) do update set fetched = job_stats_minute.fetched + excluded.fetched,
        relevant = job_stats_minute.relevant + excluded.relevant, failed = job_stats_minute.failed + excluded.failed,
        enqueued = job_stats_minute.enqueued + excluded.enqueued, bytes = job_stats_minute.bytes + excluded.bytes
      returning job_id
    ), host as (
      insert into hosts (job_id, host, pages_fetched, pages_relevant, errors, irrelevant_run)
      select job_id, ${o.host}::text, ${o.fetched}, ${o.relevant}, ${o.failed},
        case when ${o.relevant}::int > 0 then ${o.runAfterRelevant ?? 0}::int else ${o.fetched + o.failed}::int end
      from stats where ${o.host}::text is not null
      on conflict (job_id, host) do update set pages_fetched = hosts.pages_fetched + excluded.pages_fetched,
        pages_relevant = hosts.pages_relevant + excluded.pages_relevant, errors = hosts.errors + excluded.errors,
        irrelevant_run = case when excluded.pages_relevant > 0 then excluded.irrelevant_run else hosts.irrelevant_run + excluded.irrelevant_run end,
        in_flight = greatest(hosts.in_flight - ${o.leases ?? 1}::int, 0),
        next_fetch_at = greatest(hosts.next_fetch_at, ${o.notBefore ?? null}::timestamptz,
          clock_timestamp() - ${answerAgeMs(o.answeredAt)}::float8 * interval '1 millisecond' + host_delay(hosts.min_delay_ms, hosts.crawl_delay_ms)),
        updated_at = now()
      returning 1
    )
    select pg_notify(${JOB_CHANNEL}, ${String(o.jobId)}) from (select count(*) from host) done`;
}

/**
 * Put a leased URL back untried (its claim was spent fetching the host's robots.txt): the
 * attempt and the page budget are given back, the host's delay still applies.
 */
export async function requeueUntried(sql: Sql, opts: { id: string; workerId: string; answeredAt?: Date }): Promise<void> {
  await sql.begin(async (tx) => {
    const rows = await tx<{ jobId: number; host: string }[]>`
      update frontier set status = 'pending', attempts = greatest(attempts - 1, 0), lease_owner = null,
        lease_expires_at = null, updated_at = now()
      where id = ${opts.id} and status = 'leased' and lease_owner = ${opts.workerId}
      returning job_id as "jobId", host`;
    if (rows.length === 0) throw new LeaseLostError(opts.id);
    await returnPageBudget(tx, rows[0].jobId);
    await releaseHost(tx, rows[0].jobId, rows[0].host, undefined, opts.answeredAt);
  });
}

/** New links to queue, all found on one page; a link with a skip reason is stored as skipped. */
export interface NewLinks {
  jobId: number; depth: number; parentPageId: string | null; urls: string[]; hosts: string[]; anchors: string[]; priorities: number[];
  skipReasons?: (string | null)[];
  /** What made each priority (stored for the dashboard). */
  details?: (Record<string, unknown> | null)[];
  /** How a URL already queued takes the new priority: keep (default), max or sum. */
  merge?: MergeMode;
}

/**
 * Queue links in one statement. A URL the job already knows keeps its row; with merge "max" a
 * pending URL takes a higher priority, with "sum" pending and fetched URLs add the new priority
 * to theirs (cash and rank passing). Returns how many were new. Rows go in URL order so that concurrent pages sharing links take the unique
 * index's locks in the same order (unordered, two pages deadlocked every few seconds).
 */
export async function enqueueLinks(tx: Tx, l: NewLinks): Promise<{ enqueued: number; hosts: string[] }> {
  if (l.urls.length === 0) return { enqueued: 0, hosts: [] };
  const reasons = l.skipReasons ?? l.urls.map(() => null);
  const details = (l.details ?? l.urls.map(() => null)).map((d) => (d ? JSON.stringify(d) : null));
  const onConflict = {
    keep: tx`do nothing`,
    max: tx`do update set priority = excluded.priority, base_priority = excluded.base_priority, priority_detail = excluded.priority_detail, updated_at = now()
      where frontier.status = 'pending' and excluded.status = 'pending' and excluded.priority > frontier.priority`,
    // A sunk host's URL (priority below 0, weigh_priority) stays below the others: its next weighing orders it again.
    sum: tx`do update set priority = case when frontier.priority < 0 or excluded.priority < 0 then least(frontier.priority, excluded.priority)
        else frontier.priority + excluded.priority end,
      updated_at = now(),
      base_priority = coalesce(frontier.base_priority, frontier.priority) + excluded.base_priority,
      priority_detail = coalesce(excluded.priority_detail, '{}'::jsonb) || jsonb_build_object('total', frontier.priority + excluded.priority,
        'parents', coalesce((frontier.priority_detail->>'parents')::int, 1) + 1)
      where frontier.status in ('pending', 'done') and excluded.status = 'pending'`,
  }[l.merge ?? "keep"];
  const rows = await tx<{ inserted: boolean; skipped: boolean; host: string }[]>`
    insert into frontier (job_id, url, url_key, host, depth, priority, base_priority, parent_page_id, anchor_text, status, skip_reason, priority_detail)
    -- Weighed by the feedback of the host, below every other URL when it has sunk (docs/ALGORITHMS.md §2.8;
    -- feedback 1 and never sunk when the job does not learn from hosts).
    select ${l.jobId}, u, u, h, ${l.depth}, weigh_priority(p, coalesce(hf.feedback, 1), coalesce(hf.is_sunk, false)), p, ${l.parentPageId}, a,
      case when coalesce(r, b.reason) is null then 'pending'::frontier_status else 'skipped'::frontier_status end, coalesce(r, b.reason), d::jsonb
    from unnest(${l.urls}::text[], ${l.hosts}::text[], ${l.priorities}::float8[], ${l.anchors}::text[], ${reasons}::text[], ${details}::text[])
      as t(u, h, p, a, r, d)
    -- A host blocked from the job page (next fetch 'infinity') takes no new URLs, even from a
    -- worker whose cached deny rules (job-context.ts, 10 s) do not name it yet: they would
    -- wait forever and the job would never run out of URLs. Nor does a host set aside as
    -- unreachable (its robots.txt unreachable for good; host-controls.ts, setHostAside).
    left join lateral (select ${setAsideReason(tx, "hb")} as reason from hosts hb
      where hb.job_id = ${l.jobId} and hb.host = t.h and hb.next_fetch_at = 'infinity') b on true
    left join hosts hf on hf.job_id = ${l.jobId} and hf.host = t.h
    order by u
    on conflict (job_id, url_key) ${onConflict}
    returning xmax = 0 as inserted, status = 'skipped' as skipped, host`;
  const queued = rows.filter((r) => r.inserted && !r.skipped);
  return { enqueued: queued.length, hosts: queued.map((r) => r.host) };
}

/**
 * The per-host page limit (`maxPagesPerHost`, 0 = none): links to hosts that already have that
 * many URLs queued get the skip reason `trap:max-pages-per-host`. Counted from `hosts.urls_queued`
 * under a lock per job and host held to the end of the page's transaction, so pages stored at
 * the same moment take their places one after the other. The locks are advisory, not the host
 * rows': a claim locks the job row before host rows, and a page locks the job row
 * (`recordOutcome`) before it adds to the hosts' counts (`countQueued`).
 */
export async function applyHostLimit<T extends { host: string; skipReason?: string | null }>(
  tx: Tx, jobId: number, links: T[], limit: number, queuedUncounted?: ReadonlyMap<string, number>,
): Promise<T[]> {
  if (limit <= 0) return links;
  const hosts = [...new Set(links.filter((l) => !l.skipReason).map((l) => l.host))];
  if (hosts.length === 0) return links;
  await holdJobKeys(tx, "host-limit", jobId, hosts);
  const rows = await tx<{ host: string; n: number }[]>`
    select host, urls_queued as n from hosts where job_id = ${jobId} and host = any(${hosts}::text[])`;
  const used = new Map(rows.map((r) => [r.host, r.n + (queuedUncounted?.get(r.host) ?? 0)]));
  return links.map((l) => {
    if (l.skipReason) return l;
    const n = used.get(l.host) ?? 0;
    used.set(l.host, n + 1);
    return n >= limit ? { ...l, skipReason: "trap:max-pages-per-host" } : l;
  });
}

/** Add newly queued URLs to their hosts' counts (sorted, as every multi-row host update is). */
export async function countQueued(tx: Tx, jobId: number, hosts: string[]): Promise<void> {
  if (hosts.length === 0) return;
  const counts = new Map<string, number>();
  for (const h of hosts) counts.set(h, (counts.get(h) ?? 0) + 1);
  const sorted = [...counts.keys()].sort();
  await tx`
    update hosts h set urls_queued = h.urls_queued + t.n
    from (select * from unnest(${sorted}::text[], ${sorted.map((h) => counts.get(h)!)}::int[]) as t(host, n) order by host) t
    where h.job_id = ${jobId} and h.host = t.host`;
}

/** Workers a URL's handling may take down (its lease reclaimed from them) before it is set aside. */
export const MAX_CRASHES = 2;

/** The reason a URL set aside for taking workers down is failed with (lib/i18n/failure-reasons.ts says it in words). */
export const WORKER_CRASH = "worker-crash";

/**
 * Return to the queue every lease that expired or whose worker stopped beating; gives the
 * page budget back to each job. Returns the number of URLs reclaimed. The row keeps its
 * `lease_owner`: a worker that was cut off by a database outage (and so looked silent) finds
 * the tries it could not finish by it and gives their attempts back (giveBackCutTries).
 *
 * Each reclaim is a crash of the URL's handling: the holder is added to `crashed_by`. A URL
 * reclaimed from its MAX_CRASHES-th worker is set aside instead of queued again: failed with
 * WORKER_CRASH (its page budget stays spent, the failure counted on the job and host, a row in
 * the request log), so that a page that kills whichever worker takes it (a browser fault ended
 * the process, a restart, the lease expired, the same page again: 4 crashes a minute) stops
 * taking the job's workers down. A holder that was only cut off by a database outage takes its
 * crash back when it returns (giveBackCutTries), even when the URL was set aside meanwhile.
 */
export async function reclaimExpiredLeases(sql: Sql, staleAfterMs: number): Promise<number> {
  const rows = await sql<{ n: number }[]>`
    with picked as (
      select f.id from frontier f
      where f.status = 'leased' and (f.lease_expires_at < now() or not exists (
        select 1 from worker_heartbeats w
        where w.worker_id = f.lease_owner and w.status = 'running'
          and w.last_beat_at > now() - ${staleAfterMs} * interval '1 millisecond'))
      for update skip locked
    ), back as (
      update frontier f set
        crashed_by = coalesce(f.crashed_by, '{}') || f.lease_owner,
        status = case when cardinality(coalesce(f.crashed_by, '{}')) + 1 >= ${MAX_CRASHES}
          then 'failed'::frontier_status else 'pending'::frontier_status end,
        last_error = case when cardinality(coalesce(f.crashed_by, '{}')) + 1 >= ${MAX_CRASHES} then ${WORKER_CRASH} else f.last_error end,
        lease_expires_at = null, updated_at = now()
      from picked p where f.id = p.id
      returning f.job_id, f.host, f.url, f.status = 'failed' as is_set_aside
    ), per_job as (
      select job_id, count(*) filter (where not is_set_aside)::int as freed, count(*) filter (where is_set_aside)::int as failed
      from back group by job_id
    ), per_host as (
      select job_id, host, count(*)::int as n, count(*) filter (where is_set_aside)::int as failed from back group by job_id, host
    ), upd as (
      update jobs j set pages_reserved = j.pages_reserved - per_job.freed, pages_failed = j.pages_failed + per_job.failed,
        updated_at = case when per_job.failed > 0 then now() else j.updated_at end
      from per_job where j.id = per_job.job_id
    ), hosts_freed as (
      update hosts h set in_flight = greatest(h.in_flight - per_host.n, 0), errors = h.errors + per_host.failed, has_pending = true
      from per_host where h.job_id = per_host.job_id and h.host = per_host.host
    ), logged as (
      -- The request log shows the URL set aside (a job keeping no log gets no row).
      insert into request_log (job_id, at, url, host, status, bytes, duration_ms, outcome, reason)
      select b.job_id, now(), b.url, b.host, null, 0, 0, 'failed', ${WORKER_CRASH} from back b join jobs j on j.id = b.job_id
      where b.is_set_aside and coalesce((j.settings->>'requestLogKeep')::int, ${DEFAULT_REQUEST_LOG_KEEP}) > 0
    )
    select count(*)::int as n from back`;
  return rows[0].n;
}

/**
 * Give back untried the URLs of `workerId`'s tries that a database outage cut: every URL it
 * leased and is not working on now (`workingIds`). The attempt is not counted and the page
 * budget and the host's connection are freed at once, not when the lease would have expired
 * (with the default two-minute lease a host stood still that long). Also counts back the attempt
 * of such a URL another worker reclaimed meanwhile, still pending, and takes back the crash that
 * reclaim counted: a URL that reclaim set aside as a worker crash is queued again (its budget and
 * the failure counted given back). Returns how many URLs.
 */
export async function giveBackCutTries(sql: Sql, opts: { workerId: string; workingIds: string[] }): Promise<number> {
  const rows = await sql<{ n: number }[]>`
    with picked as (
      select f.id, f.status = 'leased' as was_leased, f.status = 'failed' as was_set_aside from frontier f
      where f.lease_owner = ${opts.workerId} and f.id <> all(${opts.workingIds}::bigint[])
        and (f.status in ('leased', 'pending') or (f.status = 'failed' and f.last_error = ${WORKER_CRASH}))
      for update
    ), back as (
      update frontier f set status = 'pending', lease_expires_at = null, updated_at = now(),
        attempts = greatest(f.attempts - 1, 0), lease_owner = null,
        crashed_by = array_remove(coalesce(f.crashed_by, '{}'), ${opts.workerId}::text),
        last_error = case when p.was_set_aside then null else f.last_error end
      from picked p where f.id = p.id
      returning f.job_id, f.host, p.was_leased, p.was_set_aside
    ), per_job as (
      select job_id, count(*) filter (where was_leased or was_set_aside)::int as freed, count(*) filter (where was_set_aside)::int as unfailed
      from back group by job_id
    ), per_host as (
      select job_id, host, count(*) filter (where was_leased)::int as n, count(*) filter (where was_set_aside)::int as unfailed
      from back group by job_id, host
    ), upd as (
      update jobs j set pages_reserved = j.pages_reserved - per_job.freed, pages_failed = greatest(j.pages_failed - per_job.unfailed, 0)
      from per_job where j.id = per_job.job_id and per_job.freed > 0
    ), hosts_freed as (
      update hosts h set in_flight = greatest(h.in_flight - per_host.n, 0), errors = greatest(h.errors - per_host.unfailed, 0), has_pending = true
      from per_host where h.job_id = per_host.job_id and h.host = per_host.host
    )
    select count(*)::int as n from back`;
  return rows[0].n;
}

/**
 * End jobs with nothing left to do: nothing leased, and either nothing pending, the page
 * limit reached, the time budget spent, or a stop requested. Returns the jobs ended.
 */
export async function finishJobs(sql: Sql): Promise<{ id: number; status: string; finishReason: string }[]> {
  return sql`
    with candidates as (
      select j.id, case
          when j.status = 'stopping' then 'stopped-by-user'
          when j.pages_reserved >= j.max_pages then 'max-pages'
          when j.time_budget_sec is not null and j.started_at + make_interval(secs => j.time_budget_sec) <= now() then 'time-budget'
          -- Host by host, on the claims' per-host index (every queued URL's host has a row).
          when not exists (select 1 from hosts h where h.job_id = j.id and exists (
            select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending')) then
            -- Nothing stored and no seed fetched: every seed failed or was skipped (the job page names each and why).
            case when j.pages_fetched = 0 and not exists (select 1 from frontier f where f.job_id = j.id and f.depth = 0 and f.status = 'done')
              then 'seeds-failed' else 'frontier-empty' end
        end as reason
      from jobs j
      where j.status in ('running', 'stopping')
        and not exists (select 1 from frontier f where f.job_id = j.id and f.status = 'leased')
    ), ended as (
      update jobs j set status = case when c.reason = 'stopped-by-user' then 'stopped'::job_status
          when c.reason = 'seeds-failed' then 'failed'::job_status else 'done'::job_status end,
        finish_reason = c.reason, finished_at = now(), updated_at = now()
      from candidates c where j.id = c.id and c.reason is not null
      returning j.id, j.status::text as status, j.finish_reason as "finishReason"
    ), events as (
      insert into job_events (job_id, kind, message)
      select id, ${"finished" satisfies JobEventKind}, 'Job finished: ' || "finishReason" from ended
    )
    -- The notification is called in the main query, once per ended job: a SELECT CTE runs only
    -- as far as something reads it, and a LEFT JOIN to it that reads no column is planned away.
    select e.* from ended e cross join lateral (select pg_notify(${JOB_CHANNEL}, e.id::text)) notified`;
}
