/**
 * Rule 2, hold back (focus under politeness, lib/rules/focus.ts, docs/ALGORITHMS.md §2.7): the bar.
 *
 * The best pending priority among the hosts ready within their delay, times the job's hold-back
 * share, is the bar (`floor.p`): a URL far below it waits for those hosts rather than take a slot
 * now. A workflow re-run's revisits (priority 1000 and up, lib/store/revisits.ts) go first and never
 * set the bar. No bar on a random turn, for a job that does not hold back, or when the best is not
 * above 0. `floor.feedback` is the best URL's host feedback, which rule 3 compares hosts with.
 */
import type { Fragment, Sql, Tx } from "../infra/sql";

/** The `floor` CTE (reads `job`). */
export function holdBackBar(sql: Sql | Tx): Fragment {
  return sql`floor as (
        select b.priority * (select hold_back from job) as p, b.feedback from (
          select f.priority, h.feedback from frontier f join hosts h on h.job_id = f.job_id and h.host = f.host
          where f.job_id = (select id from job) and f.status = 'pending' and (select hold_back from job) > 0 and f.revisit_page_id is null
            and f.next_attempt_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
            and h.next_fetch_at <= now() + host_delay(h.min_delay_ms, h.crawl_delay_ms)
          order by f.priority desc limit 1
        ) b where b.priority > 0 and not (select is_random_turn from job)
      )`;
}
