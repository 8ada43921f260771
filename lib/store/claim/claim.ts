/**
 * The claim: which URLs a worker leases next, as one SKIP LOCKED statement. The policy is seven
 * rules, each in its own module contributing its part of the statement (docs/ALGORITHMS.md §2.7a):
 *
 * 1. job-turn.ts: the job's turn: its budget and concurrency left, a random turn or one by priority.
 * 2. hold-back.ts: the bar: URLs far below the best soon-ready priority wait (focus under politeness).
 * 3. idle-capacity.ts: slots the URLs above the bar leave free go to held-back URLs the budget can spare.
 * 4. ready-hosts.ts: the hosts looked at: ready longest, holding the best URLs, still being looked into.
 * 5. host-pick.ts: each host's candidate: its best URL due, or one at random on a random turn.
 * 6. choice.ts: which candidates are taken and in what order: due first, fills within the spare pages.
 * 7. lease.ts: the lease: hosts' connections and next fetch, the URLs leased, the budget reserved.
 */
import type { Fragment, Sql, Tx } from "../infra/sql";
import { jobTurn } from "./job-turn";
import { holdBackBar } from "./hold-back";
import { idleCapacity } from "./idle-capacity";
import { readyHosts } from "./ready-hosts";
import { hostPick } from "./host-pick";
import { choice } from "./choice";
import { lease } from "./lease";

export { MAX_HOSTS_PROBED, BEST_URLS_PROBED } from "./ready-hosts";
export { RANDOM_POOL } from "./host-pick";

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
 * The claim's constants are written into its text (`sql.unsafe`, in each rule's module), not sent
 * as parameters: with them known, PostgreSQL's plan for the prepared statement does not depend on
 * the parameters left (the job is chosen inside the statement anyway), it keeps one generic plan
 * instead of planning the large statement anew each time, and claims took about 8 ms instead of 12
 * at a million URLs (bench/claim-latency.ts).
 */

/**
 * The jobs a claim may take URLs of, as `from … where …` over `jobs j` and its free concurrency
 * `c.room`: running, with budget, concurrency and time left, and passing `only` (a condition on `j`).
 */
function claimableJobsSql(tx: Sql | Tx, only: Fragment): Fragment {
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

/** The claim proper, on the job the lock statement named (none: it claims nothing): the seven rules in order. */
function claimStatement(sql: Sql | Tx, opts: { workerId: string; limit: number; leaseMs: number }) {
  return sql<ClaimRow[]>`
      with ${jobTurn(sql, claimableJobsSql(sql, sql`j.id = nullif(current_setting(${CLAIM_JOB_SETTING}, true), '')::int`))},
        ${holdBackBar(sql)},
        ${idleCapacity(sql)},
        ${readyHosts(sql, opts.limit)},
        ${hostPick(sql)},
        ${choice(sql, opts.limit)},
        ${lease(sql, opts)}
      select l.*, (select count(*)::int from emptied) as emptied from leased l
      union all
      -- One null per column of leased: the two branches must have the same columns.
      select null, null, null, null, null, null, null, null, null, null, null, null, (select count(*)::int from emptied) where not exists (select 1 from leased)`;
}
