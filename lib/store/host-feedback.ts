/**
 * Host feedback in the frontier (docs/ALGORITHMS.md §2.8): a pending URL's priority is its
 * strategy's priority (`base_priority`) times its host's feedback (the SQL function
 * host_feedback: the host's harvest so far under a Beta(2, 2) prior), 1 less when the host has
 * sunk (host_sunk: its last SINK_RUN pages irrelevant, fewer than 1 in SINK_HARVEST_ONE_IN of all relevant; weigh_priority computes both). Weighing the
 * stored priority, rather than each claim computing it, keeps the claim's index scans as they
 * are, and the hold-back is measured against priorities that include the feedback.
 */
import type { Sql } from "./infra/sql";

/**
 * A host's pending URLs are weighed again once its feedback moved by more than this factor since
 * last applied: a host going from 1 to 0.01 is rewritten about 25 times in all, not once per page.
 */
export const REWEIGH_RATIO = 1.2;

/**
 * Weigh the pending URLs of `host` in job `jobId` by the host's feedback now, when the job learns
 * from hosts and the feedback moved by more than REWEIGH_RATIO or the host sank or rose again
 * (host_sunk; the feedback itself never reaches 0, its changes are compared by their logarithm). Rows another transaction holds
 * are left for the next time (SKIP LOCKED: a page storing links of this host locks them before
 * the job row, and waiting here for them could close a cycle). Returns the URLs rewritten.
 */
export async function reweighHost(sql: Sql, jobId: number, host: string): Promise<number> {
  const [r] = await sql<{ n: number }[]>`
    with due as (
      select feedback, sunk from (
        select host_feedback(h.pages_fetched, h.pages_relevant, h.errors, h.irrelevant_run) as feedback,
          host_sunk(h.pages_fetched, h.pages_relevant, h.errors, h.irrelevant_run) as sunk, h.feedback as was, h.is_sunk as was_sunk
        from hosts h join jobs j on j.id = h.job_id
        where h.job_id = ${jobId} and h.host = ${host} and j.priority_feedback
      ) now
      where abs(ln(feedback / was)) > ln(${REWEIGH_RATIO}) or sunk <> was_sunk
    ), picked as (
      select f.id from frontier f
      -- A re-run's revisits keep their order by change probability (lib/store/revisits.ts).
      where f.job_id = ${jobId} and f.host = ${host} and f.status = 'pending' and f.revisit_page_id is null and exists (select 1 from due)
      for update skip locked
    ), weighed as (
      update frontier f set base_priority = coalesce(f.base_priority, f.priority),
        priority = weigh_priority(coalesce(f.base_priority, f.priority), (select feedback from due), (select sunk from due))
      from picked p where f.id = p.id
      returning 1
    ), noted as (
      update hosts set feedback = (select feedback from due), is_sunk = (select sunk from due)
      where job_id = ${jobId} and host = ${host} and exists (select 1 from due)
    )
    select count(*)::int as n from weighed`;
  return r.n;
}
