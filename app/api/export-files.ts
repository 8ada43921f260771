/**
 * The export file routes, shared by /api/exports/:id/... and /api/jobs/:id/exports/:exportId/...
 * (the second answers 404 for another job's export): progress, and resume/cancel. The file
 * itself is served by pages/api (lib/export/export-download.ts says why).
 */
import { exportFilesContext, exportSql } from "@/lib/export/dashboard-exports";
import { cancelExportFile, resumeExportFile } from "@/lib/export/export-files";
import { EXPORT_STALE_MS } from "@/lib/export/export-run";
import { findExportFile, type ExportFileRow } from "@/lib/store/exports";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId, readJsonObject } from "@/app/json";
import { problemResponse } from "@/app/api/failure";
import { readIdentity } from "@/app/auth/identity";
import { ExportActionBody } from "@/app/api/bodies";

/** An export as the API shows it: progress, state and, once done, where to download it. */
export function exportJson(row: ExportFileRow) {
  const { owner: _owner, throughPageId: _through, startedByName, ...shown } = row;
  return { ...shown, startedByName, bytesWritten: Number(row.bytesWritten), fileUrl: row.status === "done" ? `/api/exports/${row.id}/file` : null };
}

/** The route segments naming an export: its id, and the job's id on the job-scoped routes. */
export interface ExportScope { exportId: string; jobId?: string }

type Found = { row: ExportFileRow } | { response: Response };

async function findScoped(scope: ExportScope): Promise<Found> {
  const id = parseId(scope.exportId);
  const jobId = scope.jobId === undefined ? null : parseId(scope.jobId);
  const row = id === null || (scope.jobId !== undefined && jobId === null) ? null : await findExportFile(getSql(), id, jobId, EXPORT_STALE_MS);
  if (row) return { row };
  const of = scope.jobId === undefined ? "" : ` of job ${scope.jobId.slice(0, 40)}`;
  return { response: json({ error: `there is no export ${scope.exportId.slice(0, 40)}${of}` }, { status: 404 }) };
}

/** GET: an export's progress. */
export async function exportProgressResponse(scope: ExportScope): Promise<Response> {
  const found = await findScoped(scope);
  return "response" in found ? found.response : json({ export: exportJson(found.row) });
}

const ACTIONS = ExportActionBody.shape.action.options;

/** POST {"action":"resume"|"cancel"}: go on from the recorded progress, or stop and delete the file. */
export async function exportActionResponse(request: Request, scope: ExportScope): Promise<Response> {
  const found = await findScoped(scope);
  if ("response" in found) return found.response;
  const body = await readJsonObject(request, '{"action":"resume"}');
  if (!body.ok) return body.response;
  const parsed = ExportActionBody.safeParse(body.value);
  if (!parsed.success) {
    return json({ error: `action must be one of ${ACTIONS.join(", ")} (got ${JSON.stringify(body.value.action ?? null).slice(0, 40)})`, allowed: ACTIONS }, { status: 400 });
  }
  const { action } = parsed.data;
  const { id, jobId } = found.row;
  const scopeJob = scope.jobId === undefined ? null : jobId;
  const actor = readIdentity(request.headers);
  const r = action === "resume"
    ? await resumeExportFile(exportSql(), id, scopeJob, exportFilesContext(), actor)
    : await cancelExportFile(exportSql(), id, scopeJob, exportFilesContext(), actor);
  return r.ok ? json({ export: exportJson(r.value) }) : problemResponse(r.problem);
}
