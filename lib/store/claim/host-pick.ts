/**
 * Rule 5, each host's candidate: its best pending URL due now (priority, then lower depth, then
 * older; its best few when it has free slots), or, on a random turn (rule 1), one drawn at random
 * among its RANDOM_POOL best, so the draw stays an index scan. Rows are locked SKIP LOCKED: two
 * claims never take one URL. A host probed with nothing due comes back with a null URL (rule 7
 * unflags it when nothing is pending at all).
 */
import type { Fragment, Sql, Tx } from "../infra/sql";

/** On a random turn (Tianwang), a host's URL is drawn from its this many best. */
export const RANDOM_POOL = 50;
const RANDOM_POOL_SQL = String(RANDOM_POOL);

/** The `probe` CTE (reads `job` and `ready`). */
export function hostPick(sql: Sql | Tx): Fragment {
  return sql`probe as (
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
      )`;
}
