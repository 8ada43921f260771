/**
 * Export files as the dashboard offers them: start one (written in the background by this
 * process), resume, cancel, and take up the exports whose process is gone.
 *
 * "Process gone" is a stale heartbeat: a run updates its export's updated_at every
 * EXPORT_HEARTBEAT_MS (and after each batch), and a running export not updated for
 * EXPORT_STALE_MS is an orphan, whichever process or machine ran it (a pid would say nothing
 * across machines or containers, and pids are reused). The dashboard looks for orphans when it
 * starts and every EXPORT_SWEEP_MS after (instrumentation.ts): each is marked interrupted and
 * resumed at once while a slot is free; the rest wait for someone to press Resume. Since the
 * runs' writes are fenced by owner, a run that was only slow, not dead, stops at its next write.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Failure } from "../store/failure";
import { fail } from "../store/failure";
import {
  cancelExportFile as cancelRow, claimExportFile, createExportFile, findExportFile, interruptOrphanedExports, isExportFailure, listKeptExportIds,
  type ExportFileRow,
} from "../store/exports";
import type { Sql } from "../store/infra/sql";
import { deleteJob, type DeletedExport } from "../store/job-delete";
import { canManageExportFile, type Actor } from "../auth/roles";
import {
  exportFileName, exportFiltersText, isJobActive, parseExportFilters, parseExportFormat, readExportJob,
  type ExportFormat, type ExportProblem,
  checkExportSince,
} from "./export-job";
import { EXPORT_STALE_MS, removeExportFile, runExportFile, type RunOptions, type RunOutcome } from "./export-run";

/** How often the dashboard looks for export files whose process is gone. */
export const EXPORT_SWEEP_MS = 10_000;

/** Where export files are kept and how runs are made (tests give small batches). */
export type ExportFilesContext = Omit<RunOptions, "signal">;

/** An export operation's result: the export, or the problem with its HTTP status. */
export type ExportFileResult = { ok: true; value: ExportFileRow } | { ok: false; problem: ExportProblem };

const STATUS_OF: Record<Failure["kind"], ExportProblem["status"]> = { invalid: 400, "not-found": 404, conflict: 409, forbidden: 403 };
const refused = (f: Failure): ExportFileResult => ({ ok: false, problem: { status: STATUS_OF[f.kind], message: f.message } });

/** This process's runs, so that a cancel stops one at once and a test can wait for one. On globalThis: route bundles share it. */
const runs = ((globalThis as unknown as { focuscrawlExportRuns?: Map<number, { stop: AbortController; done: Promise<RunOutcome> }> })
  .focuscrawlExportRuns ??= new Map());

/** A run's owner token: host, pid and a random part (the pid alone repeats across restarts). */
function newOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Write claimed export `row` in the background of this process. */
function launch(sql: Sql, row: ExportFileRow, ctx: ExportFilesContext): void {
  const stop = new AbortController();
  const run = { stop, done: runExportFile(sql, row, { ...ctx, signal: stop.signal }) };
  runs.set(row.id, run);
  // A slow run taken over by a resume in this process may end after its successor started: only a run removes itself.
  void run.done.finally(() => runs.get(row.id) === run && runs.delete(row.id));
}

/** Wait for this process's run of export `id`, if it has one (tests, shutdown). */
export async function waitForExportRun(id: number): Promise<RunOutcome | undefined> {
  return runs.get(id)?.done;
}

/** Stop this process's run of export `id` where it is, as its process dying would (tests simulate a crash with it). */
export function abortExportRun(id: number): void {
  runs.get(id)?.stop.abort();
}

/** The body of POST /api/jobs/:id/exports: {"format": "csv", "filters": "view=relevant&q=..."}. */
function readStartBody(body: Record<string, unknown>) {
  const format = parseExportFormat(typeof body.format === "string" ? body.format : "");
  if (!format.ok) return format;
  if (body.filters !== undefined && typeof body.filters !== "string") {
    return { ok: false as const, problem: { status: 400 as const, param: "filters",
      allowed: "a query string of the results page's filters, e.g. view=relevant&q=农业",
      message: `filters must be the results page's query string, e.g. "view=relevant&q=农业" (got ${JSON.stringify(body.filters).slice(0, 80)})` } };
  }
  const filters = parseExportFilters(new URLSearchParams(((body.filters as string | undefined) ?? "").replace(/^\?/, "")));
  if (!filters.ok) return filters;
  return { ok: true as const, value: { format: format.value, filters: filters.value } };
}

/** Who acts on an export file: a person (or their script), or the dashboard itself taking up orphans. */
export type ExportActor = Actor | "system";

/**
 * Refuse `actor` export `id` unless they started it or are an admin (the dashboard itself may act on
 * any). Null when they may, or when there is no such export (the action then says so).
 */
async function refuseForeignExport(sql: Sql, id: number, jobId: number | null, actor: ExportActor): Promise<Failure | null> {
  if (actor === "system") return null;
  const row = await findExportFile(sql, id, jobId, EXPORT_STALE_MS);
  if (!row || canManageExportFile(actor, row.startedBy)) return null;
  const by = row.startedByName ? `user "${row.startedByName}"` : "someone else (sign-in was off, or the user was removed)";
  return fail("forbidden", `export ${id} was started by ${by}: only that user or an admin may resume or cancel it; start your own export instead`);
}

/**
 * Start an export file of job `jobId` from a request body, for user `startedBy` (null with sign-in
 * off); it is written in the background.
 */
export async function startExportFile(
  sql: Sql, jobId: number, body: Record<string, unknown>, ctx: ExportFilesContext, startedBy: number | null = null,
): Promise<ExportFileResult> {
  const input = readStartBody(body);
  if (!input.ok) return input;
  const job = await readExportJob(sql, jobId);
  if (!job) return refused(fail("not-found", `there is no job ${jobId}`));
  const since = await checkExportSince(sql, jobId, input.value.filters);
  if (since) return { ok: false, problem: since };
  const isSnapshot = isJobActive(job.status);
  const format: ExportFormat = input.value.format;
  const row = await createExportFile(sql, {
    jobId, format, filters: exportFiltersText(input.value.filters), isSnapshot, fileName: exportFileName(jobId, isSnapshot, format, new Date()), startedBy,
  }, newOwner(), EXPORT_STALE_MS);
  if (isExportFailure(row)) return refused(row);
  launch(sql, row, ctx);
  return { ok: true, value: row };
}

/** Resume export `id` (of job `jobId` when given) from its recorded progress, in the background; its starter or an admin only. */
export async function resumeExportFile(sql: Sql, id: number, jobId: number | null, ctx: ExportFilesContext, actor: ExportActor): Promise<ExportFileResult> {
  const foreign = await refuseForeignExport(sql, id, jobId, actor);
  if (foreign) return refused(foreign);
  const row = await claimExportFile(sql, id, jobId, newOwner(), EXPORT_STALE_MS);
  if (isExportFailure(row)) return refused(row);
  launch(sql, row, ctx);
  return { ok: true, value: row };
}

/** Cancel export `id`: its run stops and its file is deleted; its starter or an admin only. */
export async function cancelExportFile(sql: Sql, id: number, jobId: number | null, ctx: ExportFilesContext, actor: ExportActor): Promise<ExportFileResult> {
  const foreign = await refuseForeignExport(sql, id, jobId, actor);
  if (foreign) return refused(foreign);
  const row = await cancelRow(sql, id, jobId, EXPORT_STALE_MS);
  if (isExportFailure(row)) return refused(row);
  abortExportRun(id);
  await removeExportFile(ctx.dataDir, id, row.format as ExportFormat);
  return { ok: true, value: row };
}

/**
 * Delete job `jobId` (lib/store/job-delete.ts: only once it has ended) and its export files on
 * disk: their runs are stopped first, so none writes its file again.
 */
export async function deleteJobWithFiles(sql: Sql, jobId: number, ctx: ExportFilesContext): Promise<{ ok: true; files: number } | Failure> {
  const r = await deleteJob(sql, jobId);
  if (!r.ok) return r;
  await removeExportFiles(r.exports, ctx);
  return { ok: true, files: r.exports.length };
}

/** Stop the runs of deleted exports and remove their files, so none writes its file again. */
export async function removeExportFiles(exports: DeletedExport[], ctx: ExportFilesContext): Promise<void> {
  for (const e of exports) {
    abortExportRun(e.id);
    await removeExportFile(ctx.dataDir, e.id, e.format as ExportFormat);
  }
}

/**
 * Take up the export files whose process is gone: mark them interrupted and resume each while a
 * slot is free. With `isStartup`, also delete files no export keeps (cancelled, or of deleted jobs).
 */
export async function recoverExportFiles(sql: Sql, ctx: ExportFilesContext, isStartup = false): Promise<number[]> {
  const resumed: number[] = [];
  for (const orphan of await interruptOrphanedExports(sql, EXPORT_STALE_MS)) {
    const r = await resumeExportFile(sql, orphan.id, null, ctx, "system");
    if (r.ok) resumed.push(orphan.id);
  }
  if (isStartup) await removeStrayFiles(sql, ctx.dataDir);
  return resumed;
}

async function removeStrayFiles(sql: Sql, dataDir: string): Promise<void> {
  const dir = path.resolve(dataDir, "exports");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return;
  const kept = await listKeptExportIds(sql);
  for (const name of names) {
    const id = Number(/^(\d+)\./.exec(name)?.[1]);
    if (id && !kept.has(id)) await fs.rm(path.join(dir, name), { force: true });
  }
}
