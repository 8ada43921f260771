/** Deleting a workflow with its runs' rows (lib/store/workflow-delete.ts) and their export files on disk. */
import type { Failure } from "../store/failure";
import type { Sql } from "../store/infra/sql";
import { deleteWorkflow } from "../store/workflow-delete";
import { removeExportFiles, type ExportFilesContext } from "./export-files";

/** Delete workflow `workflowId`, its runs and their export files; refused while a run is active. */
export async function deleteWorkflowWithFiles(sql: Sql, workflowId: number, ctx: ExportFilesContext): Promise<{ ok: true; runs: number; files: number } | Failure> {
  const r = await deleteWorkflow(sql, workflowId);
  if (!r.ok) return r;
  await removeExportFiles(r.exports, ctx);
  return { ok: true, runs: r.runs, files: r.exports.length };
}
