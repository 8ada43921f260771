/**
 * Rule 1, the job's turn: which job is claimed for, and what it allows this claim.
 *
 * The job is the one the claim's lock statement chose and locked (claim.ts). From its row: `room`,
 * what is left of the page budget and of the job's own concurrency limit (max_concurrency across
 * all workers, 0 = only each worker's limit); `is_random_turn`, the strategy's selection
 * (strategyPolicy; Tianwang, seed 000: after N claims by priority, M at random); `hold_back`, the
 * share of the best soon-ready priority below which a URL waits (rule 2); `explores`, whether
 * hosts are looked into before they are held back (rule 4), and `look_in_room`, how many URLs
 * below the bar this claim may take for that: the URLs taken so far (`look_ins`) stay within
 * LOOK_IN_FREE plus LOOK_IN_SHARE of the job's pages (lib/rules/focus.ts); `fills`, whether idle slots go to
 * held-back URLs (rule 3); `budget_left`, the pages the job may still fetch.
 */
import type { Fragment, Sql, Tx } from "../infra/sql";
import { exploresNow, lookInRoom } from "../stall";

/** The `job` CTE, over the jobs `claimable` (a `from … where …` on `jobs j`, claim.ts) narrows to the locked one. */
export function jobTurn(sql: Sql | Tx, claimable: Fragment): Fragment {
  return sql`job as (
        select j.id, least(j.max_pages - j.pages_reserved, coalesce(c.room, j.max_pages)) as room,
          j.claim_random > 0 and j.claims_made % (j.claim_by_priority + j.claim_random) >= j.claim_by_priority as is_random_turn,
          j.claim_hold_back as hold_back,
          ${exploresNow(sql, "j")} as explores,
          ${sql.unsafe(lookInRoom("j"))} as look_in_room,
          j.priority_feedback and coalesce((j.settings->>'idleCapacity')::boolean, true) as fills,
          j.max_pages - j.pages_reserved as budget_left
        ${claimable}
      )`;
}
