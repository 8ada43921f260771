/**
 * GET/HEAD /api/exports/:id/file: a finished export file with its Content-Length and range
 * requests. A Pages Router API route because App Router handlers cannot send Content-Length
 * (lib/export/export-download.ts).
 */
import type { NextApiRequest, NextApiResponse } from "next";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { serveExportFile } from "@/lib/export/export-download";
import { getSql } from "@/lib/store/infra/sql";
import { parseId } from "@/app/json";

/** Files can be large and are streamed from disk; the body of a GET is never read. */
export const config = { api: { responseLimit: false, bodyParser: false } };

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const raw = String(req.query.id ?? "");
  await serveExportFile(getSql(), exportFilesContext().dataDir, req, res, { exportId: parseId(raw), raw: { exportId: raw } });
}
