/**
 * Rule 7, the lease: what a claim writes.
 *
 * - `emptied`: a probed host with nothing pending at all (not even backing off) and nothing in
 *   flight loses its has_pending flag, and is left out of claims until a URL is queued on it again.
 * - `busy`: each chosen host's connections and next fetch time, re-checked on the host row's newest
 *   version (a claim that waited for the job lock reads hosts as they were before it waited; without
 *   this, a host another claim had just taken would be taken again). The delay runs from the end of
 *   the claim (clock_timestamp), not its start. The chosen hosts are named as an array too
 *   (`host = any(…)`), so that their rows are found by the (job, host) index: joined only to the
 *   grouped candidates, the generic plan read every host of the job (10,001 rows, 4–5 ms a claim
 *   with 10,000 hosts).
 * - `leased`: the chosen URLs of the hosts taken, leased to the worker until the lease expires.
 * - `reserve`: the job's page budget reserved for them, the claim counted (rule 1's turns), and the
 *   URLs taken only to look into a host (rule 4's share).
 */
import type { Fragment, Sql, Tx } from "../infra/sql";

/** The `emptied`, `busy`, `leased` and `reserve` CTEs (read `job`, `probe` and `cand`). */
export function lease(sql: Sql | Tx, opts: { workerId: string; leaseMs: number }): Fragment {
  return sql`emptied as (
        update hosts h set has_pending = false
        from probe p where p.id is null and h.job_id = (select id from job) and h.host = p.host and h.in_flight = 0
          and not exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending')
        returning h.host
      ), busy as (
        update hosts h set in_flight = h.in_flight + c.n, next_fetch_at = clock_timestamp() + c.delay
        from (select host, count(*)::int as n, max(delay) as delay from cand group by host) c
        where h.job_id = (select id from job) and h.host = any(array(select host from cand)) and h.host = c.host
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
        update jobs set pages_reserved = pages_reserved + (select count(*) from leased), claims_made = claims_made + 1,
          look_ins = look_ins + (select count(*) from leased l join cand c on c.id = l.id where c.is_look_in)
        where id = (select id from job) and exists (select 1 from leased)
      )`;
}
