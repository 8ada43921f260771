/**
 * The frontier's hot path in set-based SQL (postgres.js): leases fenced by worker id, finished
 * and retried (backoff computed in SQL), outcomes counted, links queued, a reclaim sweep, jobs
 * ended. Which URLs are claimed is the claim's (lib/store/claim/).
 */
import type { JobEventKind } from "./events";
import { JOB_CHANNEL } from "./infra/listen";
import { answerAgeMs, releaseHost, setAsideReason } from "./hosts";
import { holdJobKeys } from "./infra/deadlock";
import type { Fragment, Sql, Tx } from "./infra/sql";
import type { MergeMode } from "../strategy/types";
import { DEFAULT_REQUEST_LOG_KEEP } from "../jobs/settings";
import { EXPLORE_PAGES } from "../rules/focus";

/** Retries before a URL is failed for good. */
export const MAX_ATTEMPTS = 3;

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
      await returnPageBudget(tx, jobId, host);
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

/**
 * Give one URL's place in the job's page budget back (it goes back to the queue, or was never
 * fetched). On a host still being looked into (`host` given, tried fewer than EXPLORE_PAGES
 * times) the look-in it was likely taken as is given back too (docs/ALGORITHMS.md §2.8, rule 4):
 * a host's robots.txt fetch or a host that refuses every connection yields no page, and counted as
 * look-ins the 400 refusing hosts of the realistic web left no room to look into the live ones.
 */
export async function returnPageBudget(tx: Tx, jobId: number, host?: string): Promise<void> {
  await tx`update jobs set pages_reserved = pages_reserved - 1,
      look_ins = case when ${host ?? null}::text is not null and look_ins > 0 and exists (
        select 1 from hosts h where h.job_id = ${jobId} and h.host = ${host ?? null}::text and h.pages_fetched + h.errors < ${EXPLORE_PAGES}
      ) then look_ins - 1 else look_ins end
    where id = ${jobId}`;
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
    await returnPageBudget(tx, rows[0].jobId, rows[0].host);
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
