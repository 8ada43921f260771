/**
 * Rule 3, idle capacity (lib/rules/focus.ts): slots the URLs above the bar leave free go to
 * held-back URLs, out of the pages the budget can spare.
 *
 * `spare.n`, the pages spare: what the budget has left beyond the URLs pending at or above the bar
 * (counted up to FILL_COUNT_CAP; at the cap nothing is spare) and beyond as many pages again as the
 * hosts not sunk and not yet done have given relevant ones so far (what a productive site is still
 * likely to give; a host with nothing pending or in flight is done and keeps nothing back).
 * `budget_line.p`, which held-back URLs: those the budget would fetch anyway as things stand, at or
 * above the priority of the budget's last page (the budget_left-th best pending URL, looked up to
 * FILL_COUNT_CAP deep; with fewer pending, every one). Only when the job fills and there is a bar.
 */
import type { Fragment, Sql, Tx } from "../infra/sql";
import { FILL_COUNT_CAP } from "../../rules/focus";

/** Constants are written into the claim's text (claim.ts says why). */
const FILL_CAP_SQL = String(FILL_COUNT_CAP);

/** The `spare` and `budget_line` CTEs (read `job` and `floor`). */
export function idleCapacity(sql: Sql | Tx): Fragment {
  return sql`spare as (
        select case when (select fills from job) and (select p from floor) is not null
          and count(*) < least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)})
          then greatest((select budget_left from job) - count(*) - (select coalesce(sum(h.pages_relevant), 0) from hosts h
            where h.job_id = (select id from job) and not h.is_sunk and (h.has_pending or h.in_flight > 0)), 0) else 0 end as n from (
          select 1 from frontier f
          where f.job_id = (select id from job) and f.status = 'pending' and f.priority >= (select p from floor) and (select fills from job)
          limit least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)})
        ) g
      ), budget_line as (
        select coalesce((
          select f.priority from frontier f
          where f.job_id = (select id from job) and f.status = 'pending'
          order by f.priority desc
          offset least((select budget_left from job), ${sql.unsafe(FILL_CAP_SQL)}) - 1 limit 1
        ), '-infinity'::float8) as p
        where (select fills from job) and (select p from floor) is not null
      )`;
}
