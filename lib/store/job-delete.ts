/**
 * Deleting a job: its links (by job_id: they have no foreign key, see migration
 * links_without_page_key), then its row and, by the foreign keys' ON DELETE CASCADE, its frontier,
 * pages, page bodies, hosts, minute counters, events, query shapes and export rows. The export files
 * on disk are removed by the caller (lib/export/export-files.ts, deleteJobWithFiles), which gets
 * their ids from here. Its topic, other jobs and comparisons' other jobs are untouched.
 */
import { fail, type Failure } from "./failure";
import type { Sql, Tx } from "./infra/sql";

/** Statuses of a job that may be deleted: it has ended, so no worker holds or will take a URL of it. */
export const DELETABLE_STATUSES = ["done", "stopped", "failed"] as const;

/** The links of jobs about to be deleted: no foreign key deletes them with their pages. */
export async function deleteJobLinks(tx: Tx, jobIds: number[]): Promise<void> {
  await tx`delete from links where job_id = any(${jobIds}::int[])`;
}

/** An export file of a deleted job, to remove from disk. */
export interface DeletedExport { id: number; format: string }

/**
 * Delete job `jobId` with everything it owns. A job still running, paused or stopping is refused
 * (stop it first): its workers hold leases and would store pages into rows being deleted.
 */
export async function deleteJob(sql: Sql, jobId: number): Promise<{ ok: true; exports: DeletedExport[] } | Failure> {
  return sql.begin(async (tx) => {
    const [job] = await tx<{ status: string }[]>`select status::text from jobs where id = ${jobId} for update`;
    if (!job) return fail("not-found", `job ${jobId} does not exist`);
    if (!(DELETABLE_STATUSES as readonly string[]).includes(job.status)) {
      return fail("conflict", `job ${jobId} is ${job.status}: stop it first (and wait until it has stopped), then delete it`);
    }
    const exports = await tx<DeletedExport[]>`select id, format from exports where job_id = ${jobId}`;
    await deleteJobLinks(tx, [jobId]);
    await tx`delete from jobs where id = ${jobId}`;
    return { ok: true as const, exports: [...exports] };
  });
}
