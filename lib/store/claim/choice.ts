/**
 * Rule 6, the choice among the hosts' candidates: which are taken, in what order, how many.
 *
 * Due: at or above the bar (rule 2), or on a host still being looked into (rule 4): below the bar
 * such a URL is a look-in (`is_look_in`, counted in jobs.look_ins by the lease), the most promising
 * first, no more than the job's `look_in_room`; the rest may only fill. Any other
 * candidate may only fill an idle slot (rule 3): within the pages spare, at or above the budget's
 * line, on a host not sunk (priority not below 0, weigh_priority) whose feedback is at least
 * FILL_FEEDBACK_SHARE of the best URL's host.
 *
 * Order: on a random turn at random; otherwise, when holding back, hosts still being looked into
 * first (a few pages each: behind the best URLs they waited for good, as a claim is mostly for the
 * one or two slots a worker has free), then due before fill, then priority, lower depth, the host
 * tried least, URL order (ties go to breadth, the same way every run). At most the claim's limit
 * and the job's room.
 */
import type { Fragment, Sql, Tx } from "../infra/sql";
import { EXPLORE_PAGES, FILL_FEEDBACK_SHARE } from "../../rules/focus";

const EXPLORE_SQL = String(EXPLORE_PAGES), FILL_SHARE_SQL = String(FILL_FEEDBACK_SHARE);

/** The `eligible` and `cand` CTEs (read `job`, `floor`, `spare`, `budget_line` and `probe`). */
export function choice(sql: Sql | Tx, limit: number): Fragment {
  return sql`eligible as (
        select host, id, priority, depth, delay, tried, url, is_due, is_look_in,
          row_number() over (partition by is_due order by priority desc, depth, tried, url) as rank_in_kind
        from (
          select x.*, is_above or is_look_in as is_due from (
            select l.*, is_explorable and row_number() over (partition by is_explorable order by tried desc, priority desc, depth, url)
              <= (select look_in_room from job) as is_look_in
            from (
              select pr.*, priority >= coalesce((select p from floor), '-infinity'::float8) as is_above,
                priority < coalesce((select p from floor), '-infinity'::float8) and (select explores from job) and tried < ${sql.unsafe(EXPLORE_SQL)} as is_explorable
              from probe pr where id is not null
            ) l
          ) x
        ) e
        where is_due or (coalesce((select n from spare), 0) > 0 and priority >= (select p from budget_line)
          and priority >= 0 and feedback >= ${sql.unsafe(FILL_SHARE_SQL)} * (select feedback from floor))
      ), cand as (
        select host, id, priority, depth, delay, tried, url, is_due, is_look_in from eligible
        where is_due or rank_in_kind <= (select n from spare)
        order by case when (select is_random_turn from job) then random() else 0 end,
          (select explores from job) and (select p from floor) is not null and tried < ${sql.unsafe(EXPLORE_SQL)} and is_due desc,
          is_due desc, priority desc, depth, tried, url
        limit least(${limit}, (select room from job))
      )`;
}
