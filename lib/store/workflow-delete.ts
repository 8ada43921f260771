/**
 * Deleting a workflow: its runs (jobs, with everything each owns, links first: lib/store/job-delete.ts), its
 * versions and the workflow, in one transaction. Export files on disk are removed by the caller
 * (lib/export/workflow-delete.ts), which gets their ids from here. Topics and other jobs are untouched,
 * and so is the job the workflow was made from: it is detached.
 */
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";
import { DELETABLE_STATUSES, deleteJobLinks, type DeletedExport } from "./job-delete";

/**
 * Delete workflow `workflowId` with its runs. Refused while a run is active (stop it first): its
 * workers would store pages into rows being deleted.
 */
export async function deleteWorkflow(sql: Sql, workflowId: number): Promise<{ ok: true; runs: number; exports: DeletedExport[] } | Failure> {
  return sql.begin(async (tx) => {
    const [w] = await tx<{ sourceJobId: number | null }[]>`select source_job_id as "sourceJobId" from workflows where id = ${workflowId} for update`;
    if (!w) return fail("not-found", `workflow ${workflowId} does not exist`);
    // The job the workflow was made from (its run 1) was the person's job first: it is kept, detached
    // (workflow_id set null by the foreign key), with its pages.
    const runs = await tx<{ id: number; status: string }[]>`
      select id, status::text from jobs where workflow_id = ${workflowId} and id is distinct from ${w.sourceJobId}::int for update`;
    const active = runs.find((r) => !(DELETABLE_STATUSES as readonly string[]).includes(r.status));
    if (active) return fail("conflict", `run #${active.id} of workflow ${workflowId} is ${active.status}: stop it first (and wait until it has stopped), then delete the workflow`);
    const ids = runs.map((r) => r.id);
    const exports = await tx<DeletedExport[]>`select id, format from exports where job_id = any(${ids}::int[])`;
    await deleteJobLinks(tx, ids);
    await tx`delete from jobs where id = any(${ids}::int[])`;
    await tx`delete from workflows where id = ${workflowId}`;
    return { ok: true as const, runs: ids.length, exports: [...exports] };
  });
}
