/**
 * Per-job host state shared by all workers: politeness (delay, connections in flight, next
 * allowed fetch) and robots.txt rules. Every function here runs inside the caller's transaction.
 */
import type { RobotsRecord } from "../rules/robots";
import type { Sql, Tx } from "./infra/sql";

/** Politeness settings a job gives its hosts. */
export interface HostPoliteness { minDelayMs: number; maxConnections: number }

/** Make sure each host has a row (new hosts get the job's politeness settings). */
export async function ensureHosts(tx: Tx, jobId: number, hosts: string[], p: HostPoliteness): Promise<void> {
  if (hosts.length === 0) return;
  // Sorted, like the frontier inserts, so concurrent pages take the unique-index locks in one order.
  // Hosts already stored are left out before the insert: an insert that meets a row another page's
  // store is updating (its counters, recordOutcome) waits for that store to commit, and on a site
  // crawled from one host every page would wait on the one before.
  await tx`
    insert into hosts (job_id, host, min_delay_ms, max_connections)
    select ${jobId}, h, ${p.minDelayMs}, ${p.maxConnections} from unnest(${[...new Set(hosts)]}::text[]) as t(h)
    where not exists (select 1 from hosts x where x.job_id = ${jobId} and x.host = t.h)
    order by h
    on conflict (job_id, host) do nothing`;
}

/**
 * How long ago (ms, on the worker's clock) the host answered, or null. Statements turn it into
 * a time on the database's clock (`clock_timestamp() - age`), so a worker
 * whose clock differs from the database's never shortens a host's delay: the age is taken
 * before the statement runs, so the estimate is never earlier than the real answer.
 */
export function answerAgeMs(answeredAt: Date | undefined): number | null {
  return answeredAt ? Math.max(0, Date.now() - answeredAt.getTime()) : null;
}

/**
 * Free the connection slot a claim took on `host`. The host's next fetch waits its delay from
 * `answeredAt` (when the host's answer to our request arrived) and at least until `notBefore`
 * (429/503 Retry-After).
 *
 * Why from the answer (as Nutch's fetcher does) and not from the claim or the request: a
 * request leaves some milliseconds after its claim and a server may read it late (event-loop
 * lag under load). Measured from claims, two requests to one host arrived up to 37 ms closer
 * than a 100 ms delay; measured from the request, a redirect's next hop reached the server
 * 953 ms after the first with a 1 s Crawl-delay. The answer comes after the server saw the
 * request, so a delay counted from it holds however late either request left.
 */
export async function releaseHost(tx: Tx, jobId: number, host: string, notBefore?: Date, answeredAt?: Date): Promise<void> {
  await tx`
    update hosts set in_flight = greatest(in_flight - 1, 0), has_pending = true,
      next_fetch_at = greatest(next_fetch_at, ${notBefore ?? null}::timestamptz,
        clock_timestamp() - ${answerAgeMs(answeredAt)}::float8 * interval '1 millisecond' + host_delay(min_delay_ms, crawl_delay_ms)),
      updated_at = now()
    where job_id = ${jobId} and host = ${host}`;
}

/**
 * The skip reason of a URL on host row `alias` whose next fetch is at infinity: `host-unreachable`
 * when it was set aside (its robots.txt expiry at infinity too; host-controls.ts, setHostAside),
 * `scope:blocked` when a person blocked it.
 */
export function setAsideReason(sql: Sql | Tx, alias: string) {
  return sql.unsafe(`case when ${alias}.robots_expires_at = 'infinity' then 'host-unreachable' else 'scope:blocked' end`);
}

/**
 * The host's robots rules, or null when unknown or expired (then the caller fetches robots.txt),
 * and how many robots.txt fetches in a row failed (the next failure waits longer).
 */
export async function readRobots(sql: Sql, jobId: number, host: string): Promise<{ known: RobotsRecord | null; failures: number }> {
  const [row] = await sql<{ state: RobotsRecord["state"]; txt: string | null; crawlDelayMs: number | null; expiresAt: Date | null; failures: number }[]>`
    select robots_state as state, robots_txt as txt, crawl_delay_ms as "crawlDelayMs", robots_expires_at as "expiresAt",
      robots_failures as failures
    from hosts where job_id = ${jobId} and host = ${host}`;
  if (!row) return { known: null, failures: 0 };
  if (row.state === "unknown" || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return { known: null, failures: row.failures };
  return { known: { state: row.state, txt: row.txt, crawlDelayMs: row.crawlDelayMs, expiresAt: row.expiresAt }, failures: row.failures };
}

/**
 * Store fetched robots rules and the Crawl-delay that claims honour from now on (the caller then
 * releases the host, whose next fetch waits that delay from the robots.txt answer).
 */
export async function saveRobots(sql: Sql, jobId: number, host: string, r: RobotsRecord, answeredAt: Date): Promise<void> {
  // The next fetch waits the new delay from the robots.txt answer in the same statement, so
  // that no claim sees the rules before the delay they bring.
  await sql`
    update hosts set robots_state = ${r.state}, robots_txt = ${r.txt}, crawl_delay_ms = ${r.crawlDelayMs},
      robots_expires_at = ${r.expiresAt}, updated_at = now(),
      robots_failures = case when ${r.state} = 'unreachable' then robots_failures + 1 else 0 end,
      next_fetch_at = greatest(next_fetch_at,
        clock_timestamp() - ${answerAgeMs(answeredAt)}::float8 * interval '1 millisecond' + host_delay(min_delay_ms, ${r.crawlDelayMs}::int))
    -- A host set aside as unreachable (robots expiry at infinity) stays so, whatever a late fetch says.
    where job_id = ${jobId} and host = ${host} and robots_expires_at is distinct from 'infinity'`;
}

/**
 * Take the host's next request slot for a redirect hop inside a claim: the hop goes out no
 * sooner than the host's next slot and one delay after `answeredAt` (the previous hop's answer),
 * and the host's next fetch moves one delay past it. Returns the milliseconds to wait before sending.
 */
export async function reserveHostSlot(sql: Sql, jobId: number, host: string, answeredAt: Date): Promise<number> {
  const [row] = await sql<{ waitMs: number }[]>`
    with h as (
      select id, host_delay(min_delay_ms, crawl_delay_ms) as delay, t.now,
        greatest(next_fetch_at, t.now, t.now - ${answerAgeMs(answeredAt)}::float8 * interval '1 millisecond'
          + host_delay(min_delay_ms, crawl_delay_ms)) as send_at
      from hosts cross join (select clock_timestamp() as now) t
      where job_id = ${jobId} and host = ${host}
      for update of hosts
    )
    update hosts set next_fetch_at = h.send_at + h.delay from h where hosts.id = h.id
    returning extract(epoch from h.send_at - h.now)::float8 * 1000 as "waitMs"`;
  return Math.max(0, row?.waitMs ?? 0); // Infinity for a host blocked from the job page
}
