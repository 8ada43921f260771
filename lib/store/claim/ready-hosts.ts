/**
 * Rule 4, the hosts looked at: ready hosts (delay passed, a connection free; until its robots.txt
 * and Crawl-delay are known, or while it is due again, a host gets one request at a time), from
 * three sources, each bounded so that a claim stays a few index probes at any frontier size:
 *
 * - `longest`: the MAX_HOSTS_PROBED hosts ready longest (exact up to that many ready hosts).
 *   Not needed when the best URLs due already lie on enough hosts (`best` holds the best URL of
 *   every ready host that could be claimed).
 * - `best`: when holding back (rule 2), the hosts of the BEST_URLS_PROBED best URLs due on ready
 *   hosts, wherever they stand in the longest-ready order: the best of them is never below the bar.
 * - `exploring`: when the job learns from hosts and its look-in share has room (rule 1), hosts
 *   tried fewer than EXPLORE_PAGES times (lib/rules/focus.ts): a site whose home and column pages
 *   say nothing of the topic is looked into before it is judged, not held back (rule 6 takes
 *   no more of them than the share allows).
 *
 * Each host comes with its delay, pages tried, feedback and `slots`: URLs one claim may take from
 * it, one as its delay runs from each request, or as many as it has free connections when it has
 * no delay and its robots.txt is known (a crawl of one's own site at full speed).
 */
import type { Fragment, Sql, Tx } from "../infra/sql";
import { EXPLORE_PAGES } from "../../rules/focus";

/** Ready hosts looked at per claim, longest-waiting first (with 1,000 ready hosts and 1,000,000 URLs, probing all took 16.8 ms a claim). */
export const MAX_HOSTS_PROBED = 256;

/** When the claim holds back low-priority URLs, the hosts of this many best URLs due on ready hosts are probed as well. */
export const BEST_URLS_PROBED = 64;

const MAX_HOSTS_SQL = String(MAX_HOSTS_PROBED), BEST_URLS_SQL = String(BEST_URLS_PROBED), EXPLORE_SQL = String(EXPLORE_PAGES);
const SLOTS_SQL = `case when host_delay(h.min_delay_ms, h.crawl_delay_ms) = interval '0' and h.robots_expires_at > now()
          then greatest(host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms) - h.in_flight, 1) else 1 end as slots`;

/** The `best`, `longest`, `exploring` and `ready` CTEs (read `job` and `floor`); `limit` is the claim's. */
export function readyHosts(sql: Sql | Tx, limit: number): Fragment {
  return sql`best as (
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
          and (h.robots_expires_at > now() or h.in_flight = 0)
          and (select count(distinct host) from best) < ${limit}
        order by h.next_fetch_at, h.host
        limit ${sql.unsafe(MAX_HOSTS_SQL)}
      ), exploring as (
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
      )`;
}
