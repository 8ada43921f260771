/**
 * Export files (table `exports`): created, claimed by the run that writes them, their progress
 * recorded after each batch, finished, failed, cancelled, and orphans found. Every write a run
 * makes is fenced by its `owner`: a run that was given up on (its heartbeat went stale and the
 * export was resumed by another run) or cancelled changes nothing any more. Conditional updates
 * with RETURNING, so postgres.js rather than Prisma.
 */
import type { Sql } from "./infra/sql";
import { fail, type Failure } from "./failure";

/** An export file's states. */
export const EXPORT_STATUSES = ["running", "done", "failed", "interrupted", "cancelled"] as const;
/** An export file's state. */
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Export files written at once (each holds a cursor and a core busy): more are refused with a 409. */
export const MAX_RUNNING_EXPORTS = 2;
/** The advisory lock that makes "count the running exports, then start one" one step. */
const EXPORT_SLOT_LOCK_KEY = 0x46436578;

/** A row of `exports`. Ids of pages and byte counts are bigint: strings. */
export interface ExportFileRow {
  id: number; jobId: number; format: string; filters: string; status: ExportStatus;
  pagesTotal: number | null; pagesDone: number; bytesWritten: string; lastPageId: string | null; throughPageId: string | null;
  isSnapshot: boolean; fileName: string; owner: string | null; error: string | null;
  /** The user who started it (null: sign-in was off, or the user was removed). */
  startedBy: number | null;
  /** That user's name, for the list. */
  startedByName: string | null;
  createdAt: Date; updatedAt: Date; finishedAt: Date | null;
  /** A running export whose heartbeat is older than the stale limit: its process is gone. */
  isStale: boolean;
}

const columns = (sql: Sql, staleMs: number) => sql`id, job_id as "jobId", format, filters, status::text as status,
  pages_total as "pagesTotal", pages_done as "pagesDone", bytes_written::text as "bytesWritten", last_page_id::text as "lastPageId",
  through_page_id::text as "throughPageId", is_snapshot as "isSnapshot", file_name as "fileName", owner, error, started_by as "startedBy",
  (select u.name from users u where u.id = started_by) as "startedByName",
  created_at as "createdAt", updated_at as "updatedAt", finished_at as "finishedAt",
  (status = 'running' and updated_at < now() - ${staleMs} * interval '1 millisecond') as "isStale"`;

/** What a new export file is, and who started it. */
export interface NewExportFile { jobId: number; format: string; filters: string; isSnapshot: boolean; fileName: string; startedBy: number | null }

/**
 * Take one of the MAX_RUNNING_EXPORTS slots and run `claim` in the same transaction, or refuse
 * with a conflict naming the exports that hold them. `exceptId` is not counted (an export being
 * taken over from a dead run already holds its slot).
 */
async function inExportSlot<T>(sql: Sql, exceptId: number | null, claim: (tx: Sql) => Promise<T>): Promise<T | Failure> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${EXPORT_SLOT_LOCK_KEY})`;
    const running = await tx<{ id: number }[]>`
      select id from exports where status = 'running' and id <> ${exceptId ?? 0} order by id`;
    if (running.length >= MAX_RUNNING_EXPORTS) {
      return fail("conflict", `${running.length} export files are being written already (${running.map((r) => `#${r.id}`).join(", ")}); `
        + `at most ${MAX_RUNNING_EXPORTS} run at once: wait for one to finish, or cancel one`);
    }
    return claim(tx as unknown as Sql);
  }) as Promise<T | Failure>;
}

/** Insert an export file as running, owned by `owner`; refused while MAX_RUNNING_EXPORTS run. */
export async function createExportFile(sql: Sql, e: NewExportFile, owner: string, staleMs: number): Promise<ExportFileRow | Failure> {
  return inExportSlot(sql, null, async (tx) => {
    const [row] = await tx<ExportFileRow[]>`
      insert into exports (job_id, format, filters, is_snapshot, file_name, owner, started_by)
      values (${e.jobId}, ${e.format}, ${e.filters}, ${e.isSnapshot}, ${e.fileName}, ${owner}, ${e.startedBy})
      returning ${columns(tx, staleMs)}`;
    return row;
  });
}

/** Export `id` (of job `jobId` when given), or null. */
export async function findExportFile(sql: Sql, id: number, jobId: number | null, staleMs: number): Promise<ExportFileRow | null> {
  const [row] = await sql<ExportFileRow[]>`
    select ${columns(sql, staleMs)} from exports where id = ${id} ${jobId === null ? sql`` : sql`and job_id = ${jobId}`}`;
  return row ?? null;
}

/** A job's most recent export files, newest first. */
export async function listJobExportFiles(sql: Sql, jobId: number, staleMs: number, limit = 10): Promise<ExportFileRow[]> {
  return sql<ExportFileRow[]>`
    select ${columns(sql, staleMs)} from exports where job_id = ${jobId} order by id desc limit ${limit}`;
}

const notFound = (id: number, jobId: number | null) => fail("not-found", `there is no export ${id}${jobId === null ? "" : ` of job ${jobId}`}`);

/** True for a refusal rather than a row. */
export function isExportFailure<T extends object>(r: T | Failure): r is Failure {
  return "ok" in r && r.ok === false;
}

/** Whether export `row` may be taken up again from its recorded progress: interrupted, failed, or its process gone. */
function isResumable(row: ExportFileRow): boolean {
  return row.status === "interrupted" || row.status === "failed" || row.isStale;
}

/**
 * Claim export `id` for a run by `owner` that goes on from its recorded progress: an interrupted
 * or failed export, or a running one whose heartbeat is stale (its process is gone).
 */
export async function claimExportFile(sql: Sql, id: number, jobId: number | null, owner: string, staleMs: number): Promise<ExportFileRow | Failure> {
  const row = await findExportFile(sql, id, jobId, staleMs);
  if (!row) return notFound(id, jobId);
  if (!isResumable(row)) return whyNotResumable(row);
  const claimed = await inExportSlot(sql, id, async (tx) => {
    const [r] = await tx<ExportFileRow[]>`
      update exports set status = 'running', owner = ${owner}, error = null, finished_at = null, updated_at = now()
      where id = ${id} and (status in ('interrupted', 'failed') or (status = 'running' and updated_at < now() - ${staleMs} * interval '1 millisecond'))
      returning ${columns(tx, staleMs)}`;
    return r ?? null;
  });
  if (claimed !== null) return claimed;
  // Taken up or cancelled since it was read.
  const now = await findExportFile(sql, id, jobId, staleMs);
  return now ? whyNotResumable(now) : notFound(id, jobId);
}

function whyNotResumable(row: ExportFileRow): Failure {
  switch (row.status) {
    case "running": return fail("conflict", `export ${row.id} is being written (${row.pagesDone} pages so far): there is nothing to resume`);
    case "done": return fail("conflict", `export ${row.id} is done: download it, or start a new export`);
    case "cancelled": return fail("conflict", `export ${row.id} was cancelled and its file deleted: start a new export`);
    default: return fail("conflict", `export ${row.id} is ${row.status}: it cannot be resumed`);
  }
}

/** Record how many pages the view has and its last page id (the export's extent); false when `owner` no longer holds it. */
export async function recordExportExtent(sql: Sql, id: number, owner: string, pagesTotal: number, throughPageId: string | null): Promise<boolean> {
  const rows = await sql`
    update exports set pages_total = ${pagesTotal}, through_page_id = ${throughPageId}, updated_at = now()
    where id = ${id} and owner = ${owner} and status = 'running' returning id`;
  return rows.length === 1;
}

/** A run's position: pages written, bytes flushed to the file and the last page written. */
export interface ExportProgress { pagesDone: number; bytesWritten: number; lastPageId: string | null }

/** Record a run's progress after a batch (its bytes are on disk); false when `owner` no longer holds it. */
export async function recordExportProgress(sql: Sql, id: number, owner: string, p: ExportProgress): Promise<boolean> {
  const rows = await sql`
    update exports set pages_done = ${p.pagesDone}, bytes_written = ${p.bytesWritten}, last_page_id = ${p.lastPageId}, updated_at = now()
    where id = ${id} and owner = ${owner} and status = 'running' returning id`;
  return rows.length === 1;
}

/** A running export's heartbeat; false when `owner` no longer holds it. */
export async function beatExportFile(sql: Sql, id: number, owner: string): Promise<boolean> {
  const rows = await sql`update exports set updated_at = now() where id = ${id} and owner = ${owner} and status = 'running' returning id`;
  return rows.length === 1;
}

/** Mark an export done with its final progress; false when `owner` no longer holds it. */
export async function finishExportFile(sql: Sql, id: number, owner: string, p: ExportProgress): Promise<boolean> {
  const rows = await sql`
    update exports set status = 'done', pages_done = ${p.pagesDone}, bytes_written = ${p.bytesWritten}, last_page_id = ${p.lastPageId},
      owner = null, updated_at = now(), finished_at = now()
    where id = ${id} and owner = ${owner} and status = 'running' returning id`;
  return rows.length === 1;
}

/** Mark an export failed with the reason; its recorded progress stays, so it can be resumed. */
export async function failExportFile(sql: Sql, id: number, owner: string, error: string): Promise<boolean> {
  const rows = await sql`
    update exports set status = 'failed', error = ${error.slice(0, 2000)}, owner = null, updated_at = now()
    where id = ${id} and owner = ${owner} and status = 'running' returning id`;
  return rows.length === 1;
}

/** Cancel an export (whatever its state; cancelling twice is no error); the caller deletes its file. */
export async function cancelExportFile(sql: Sql, id: number, jobId: number | null, staleMs: number): Promise<ExportFileRow | Failure> {
  const [row] = await sql<ExportFileRow[]>`
    update exports set status = 'cancelled', owner = null, updated_at = now(), finished_at = coalesce(finished_at, now())
    where id = ${id} ${jobId === null ? sql`` : sql`and job_id = ${jobId}`}
    returning ${columns(sql, staleMs)}`;
  return row ?? notFound(id, jobId);
}

/** Running exports whose heartbeat is older than `staleMs` become interrupted (their process is gone); returns them, oldest first. */
export async function interruptOrphanedExports(sql: Sql, staleMs: number): Promise<ExportFileRow[]> {
  const rows = await sql<ExportFileRow[]>`
    update exports set status = 'interrupted', owner = null
    where status = 'running' and updated_at < now() - ${staleMs} * interval '1 millisecond'
    returning ${columns(sql, staleMs)}`;
  return rows.sort((a, b) => a.id - b.id);
}

/** Ids of the export files whose file should exist (not cancelled): the rest of the directory may go. */
export async function listKeptExportIds(sql: Sql): Promise<Set<number>> {
  const rows = await sql<{ id: number }[]>`select id from exports where status <> 'cancelled'`;
  return new Set(rows.map((r) => r.id));
}
