/**
 * Downloading a finished export file over HTTP: the whole file with its Content-Length, or the
 * byte range asked for (206, or 416 past its end), so that a broken download goes on where it
 * stopped (browsers and `curl -C -` send Range with If-Range). Written to a Node response:
 * Next.js drops Content-Length from an App Router handler's response and sends it chunked,
 * which leaves browsers without a size, so the download routes are Pages Router API routes
 * (pages/api/...) that hand their response to this.
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { decideByteRange } from "../http/byte-range";
import { findExportFile, type ExportFileRow } from "../store/exports";
import type { Sql } from "../store/infra/sql";
import { EXPORT_CONTENT_TYPES, type ExportFormat } from "./export-job";
import { EXPORT_STALE_MS, exportFilePath } from "./export-run";

/** The export a download names: its id and, on the job-scoped route, its job's (null: not a valid id); `raw` for messages. */
export interface DownloadTarget { exportId: number | null; jobId?: number | null; raw: { exportId: string; jobId?: string } }

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Why export `row` cannot be downloaded (404 or 409 with the reason), or null when it can. */
function refusal(row: ExportFileRow): [number, string] | null {
  if (row.status === "done") return null;
  if (row.status === "cancelled") return [404, `export ${row.id} was cancelled and its file deleted: start a new export`];
  const done = `${row.pagesDone} of ${row.pagesTotal ?? "?"} pages written`;
  const next = row.status === "running" ? "download it when it is done" : "resume it, then download it when it is done";
  return [409, `export ${row.id} is ${row.status} (${done}): ${next}`];
}

async function findTarget(sql: Sql, t: DownloadTarget): Promise<ExportFileRow | null> {
  if (t.exportId === null || t.jobId === null) return null;
  return findExportFile(sql, t.exportId, t.jobId ?? null, EXPORT_STALE_MS);
}

/** Answer a GET or HEAD for the file of export `t` from `dataDir`. */
export async function serveExportFile(sql: Sql, dataDir: string, req: IncomingMessage, res: ServerResponse, t: DownloadTarget): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return sendJson(res, 405, { error: `${req.method} is not allowed here: download the file with GET (or HEAD for its size)` }, { allow: "GET, HEAD" });
  }
  const row = await findTarget(sql, t);
  if (!row) {
    const of = t.raw.jobId === undefined ? "" : ` of job ${t.raw.jobId.slice(0, 40)}`;
    return sendJson(res, 404, { error: `there is no export ${t.raw.exportId.slice(0, 40)}${of}` });
  }
  const refused = refusal(row);
  if (refused) return sendJson(res, refused[0], { error: refused[1], status: row.status });
  const file = exportFilePath(dataDir, row.id, row.format as ExportFormat);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) return sendJson(res, 404, { error: `the file of export ${row.id} (exports/${path.basename(file)}) is missing from the data directory: start a new export` });
  const size = stat.size;
  const version = { etag: `"fc-export-${row.id}-${size}-${Math.trunc(stat.mtimeMs)}"`, lastModified: stat.mtime.toUTCString() };
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(",") : v ?? null;
  };
  const range = decideByteRange(header("range"), size, header("if-range"), version);
  if (range.kind === "unsatisfiable") {
    return sendJson(res, 416, { error: `the range asked for (${header("range")}) starts at or past the end of the file (${size} bytes)` },
      { "content-range": `bytes */${size}`, "accept-ranges": "bytes" });
  }
  const [start, end] = range.kind === "partial" ? [range.start, range.end] : [0, size - 1];
  res.writeHead(range.kind === "partial" ? 206 : 200, {
    "content-type": EXPORT_CONTENT_TYPES[row.format as ExportFormat], "content-disposition": `attachment; filename="${row.fileName}"`,
    "content-length": Math.max(0, end - start + 1), "accept-ranges": "bytes", etag: version.etag, "last-modified": version.lastModified,
    // no-transform: the dashboard's gzip (Next.js compresses text responses for clients that accept it) would drop the
    // length and make byte ranges count bytes of something else.
    "cache-control": "private, no-cache, no-transform", ...(range.kind === "partial" ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
  });
  if (req.method === "HEAD" || size === 0) return void res.end();
  // A client that goes away mid-download ends the pipeline; that is no error of ours.
  await pipeline(fs.createReadStream(file, { start, end }), res).catch(() => {});
}
