/**
 * Continuing an ended job (as Heritrix and Apify resume a finished crawl): its page budget is
 * raised and it runs again from the frontier it left. A job ends with its unfetched URLs still
 * pending (finishJobs changes no frontier row), so they are its remaining frontier as they stand:
 * priorities, depths and host politeness kept.
 */
import { recordJobEvent } from "./events";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";

/** What a continuation did: the new budget and the URLs left to fetch. */
export interface Continued { ok: true; maxPages: number; previousMaxPages: number; pending: number }

/** The job's row as a continuation checks it. */
interface EndedJob { status: string; maxPages: number; reserved: number; workflowId: number | null; pending: number }

/** Why job `jobId` cannot continue with budget `maxPages`, or null when it can. */
function refusal(jobId: number, job: EndedJob, maxPages: number): Failure | null {
  if (!["done", "stopped", "failed"].includes(job.status)) {
    return fail("conflict", `job ${jobId} is ${job.status}: only an ended job can be continued; a running job goes on by itself (pause or stop it from its page)`);
  }
  if (maxPages <= job.reserved) {
    return fail("invalid", `maxPages must be above the ${job.reserved} page(s) job ${jobId} has already spent of its budget; give e.g. ${job.reserved + Math.max(job.maxPages, 10)}`);
  }
  if (job.pending === 0) {
    return fail("conflict", `job ${jobId} has no URLs left to fetch (its frontier is empty): add seeds to it first, or start a new job`);
  }
  return null;
}

/**
 * Continue ended job `jobId` with page budget `maxPages`: it runs again from its pending URLs.
 * Refused (nothing written) while it has not ended, when `maxPages` is not above the pages it has
 * spent, and when no URL is left. A time budget starts again from now, at its former length.
 * A job event records the continuation.
 */
export async function continueJob(sql: Sql, jobId: number, maxPages: number): Promise<Continued | Failure> {
  try {
    return await sql.begin(async (tx) => {
      const [job] = await tx<EndedJob[]>`
        select j.status::text as status, j.max_pages as "maxPages", j.pages_reserved as reserved, j.workflow_id as "workflowId",
          (select count(*)::int from frontier f where f.job_id = j.id and f.status = 'pending') as pending
        from jobs j where j.id = ${jobId} for update`;
      if (!job) return fail("not-found", `job ${jobId} does not exist`);
      const refused = refusal(jobId, job, maxPages);
      if (refused) return refused;
      await tx`
        update jobs set status = 'running', max_pages = ${maxPages}, finish_reason = null, finished_at = null, updated_at = now(),
          time_budget_sec = time_budget_sec + ceil(extract(epoch from now() - started_at))::int
        where id = ${jobId}`;
      // A claim that found a host empty unflagged it; its URLs are claimable again.
      await tx`
        update hosts h set has_pending = true where h.job_id = ${jobId} and not h.has_pending
          and exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending')`;
      await recordJobEvent(tx, jobId, "continued", `Job continued: page budget ${job.maxPages} → ${maxPages}, ${job.pending} URL(s) left to fetch`);
      return { ok: true as const, maxPages, previousMaxPages: job.maxPages, pending: job.pending };
    });
  } catch (err) {
    // jobs_one_active_run_per_workflow: a run of the same workflow started since this one ended.
    if ((err as { code?: string }).code === "23505") {
      return fail("conflict", `job ${jobId} is a run of a workflow that has another run not yet ended: runs never overlap; wait for it to end or stop it`);
    }
    throw err;
  }
}
