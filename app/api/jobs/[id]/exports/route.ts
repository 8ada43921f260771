import { exportFilesContext, exportSql } from "@/lib/export/dashboard-exports";
import { startExportFile } from "@/lib/export/export-files";
import { EXPORT_STALE_MS } from "@/lib/export/export-run";
import { listJobExportFiles } from "@/lib/store/exports";
import { getSql } from "@/lib/store/infra/sql";
import { json, readJsonObject } from "@/app/json";
import { problemResponse } from "@/app/api/failure";
import { findJobId } from "@/app/api/lookup";
import { exportJson } from "@/app/api/export-files";
import { readIdentity } from "@/app/auth/identity";

export const dynamic = "force-dynamic";

/** The job's most recent export files, newest first, with their progress. */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  return json({ exports: (await listJobExportFiles(getSql(), job.id, EXPORT_STALE_MS)).map(exportJson) });
}

/**
 * Start an export file of the job: {"format":"csv"|"jsonl"|"warc","filters":"view=relevant&q=..."}
 * (the results page's query string). 201 with the export, written in the background; 409 while
 * the most export files that may run at once are running. Operators and admins only (the proxy).
 */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const body = await readJsonObject(request, '{"format":"csv","filters":"view=relevant"}');
  if (!body.ok) return body.response;
  const r = await startExportFile(exportSql(), job.id, body.value, exportFilesContext(), readIdentity(request.headers).userId);
  return r.ok ? json({ export: exportJson(r.value) }, { status: 201 }) : problemResponse(r.problem);
}
