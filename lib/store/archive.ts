/**
 * Archiving jobs (a workflow's runs among them) and workflows: hidden from the lists unless
 * "show archived" is on, kept whole, and unarchived unchanged. Deleting stays its own act
 * (job-delete.ts, workflow-delete.ts). An archived workflow's schedule starts no run
 * (claimDueWorkflows skips it); unarchiving counts its next time from now, so the times missed
 * while archived are not run.
 */
import { nextRunAfter } from "../jobs/schedule";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";
import { DELETABLE_STATUSES } from "./job-delete";

/** Archive (or with `archived` false, unarchive) job `jobId`; refused while it runs: stop it first. */
export async function setJobArchived(sql: Sql, jobId: number, archived: boolean): Promise<{ ok: true; archivedAt: Date | null } | Failure> {
  const [row] = await sql<{ status: string; archivedAt: Date | null }[]>`select status::text, archived_at as "archivedAt" from jobs where id = ${jobId}`;
  if (!row) return fail("not-found", `job ${jobId} does not exist: pick a job from the jobs list`);
  if (archived && !(DELETABLE_STATUSES as readonly string[]).includes(row.status)) {
    return fail("conflict", `job ${jobId} is ${row.status}: stop it first (and wait until it has stopped), then archive it`);
  }
  // The status is checked again in the update: a job resumed since the read is not archived while it runs.
  const [done] = await sql<{ archivedAt: Date | null }[]>`
    update jobs set archived_at = case when ${archived} then coalesce(archived_at, now()) end
    where id = ${jobId} and (not ${archived} or status::text = any(${DELETABLE_STATUSES as unknown as string[]}::text[]))
    returning archived_at as "archivedAt"`;
  if (!done) return fail("conflict", `job ${jobId} started running again: stop it first (and wait until it has stopped), then archive it`);
  return { ok: true, archivedAt: done.archivedAt };
}

/** Archive (or unarchive) workflow `workflowId`; its runs keep their own state. */
export async function setWorkflowArchived(sql: Sql, workflowId: number, archived: boolean, now = new Date()): Promise<{ ok: true; archivedAt: Date | null } | Failure> {
  return sql.begin(async (tx) => {
    const [w] = await tx<{ schedule: string | null; timeZone: string; archivedAt: Date | null }[]>`
      select schedule, time_zone as "timeZone", archived_at as "archivedAt" from workflows where id = ${workflowId} for update`;
    if (!w) return fail("not-found", `workflow ${workflowId} does not exist`);
    const isUnarchiving = !archived && w.archivedAt !== null;
    const next = isUnarchiving && w.schedule ? nextRunAfter({ cron: w.schedule, timeZone: w.timeZone }, now) : undefined;
    const [done] = await tx<{ archivedAt: Date | null }[]>`
      update workflows set archived_at = case when ${archived} then coalesce(archived_at, now()) end,
        next_run_at = ${next === undefined ? tx`next_run_at` : next}
      where id = ${workflowId} returning archived_at as "archivedAt"`;
    return { ok: true as const, archivedAt: done.archivedAt };
  });
}

/** Whether `?archived=` asks for archived rows too. */
export function isShowingArchived(value: string | string[] | null | undefined): boolean {
  return (Array.isArray(value) ? value[0] : value) === "1";
}
