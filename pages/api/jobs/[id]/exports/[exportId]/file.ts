/**
 * GET/HEAD /api/jobs/:id/exports/:exportId/file: a finished export file of this job (404 for
 * another job's), with its Content-Length and range requests (see pages/api/exports/[id]/file.ts).
 */
import type { NextApiRequest, NextApiResponse } from "next";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { serveExportFile } from "@/lib/export/export-download";
import { getSql } from "@/lib/store/infra/sql";
import { parseId } from "@/app/json";

/** Files can be large and are streamed from disk; the body of a GET is never read. */
export const config = { api: { responseLimit: false, bodyParser: false } };

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const exportId = String(req.query.exportId ?? "");
  const jobId = String(req.query.id ?? "");
  await serveExportFile(getSql(), exportFilesContext().dataDir, req, res, {
    exportId: parseId(exportId), jobId: parseId(jobId), raw: { exportId, jobId },
  });
}
