/**
 * Exporting a results view of a job as CSV, JSON Lines or WARC: the same filters as the results
 * page, pages read through a cursor and written as they come (lib/store/export-rows.ts).
 */
import type { Sql } from "../store/infra/sql";
import { parseResultFilters, toSearchParams } from "../results/filters";
import { readExportRows } from "../store/export-rows";
import { prepareResultQuery } from "../store/results";
import { topicLabelWords } from "../topic/topic";
import { writeCsv } from "./csv";
import { writeJsonLines } from "./jsonl";
import { writeWarc } from "./warc";

/** Export formats. */
export const EXPORT_FORMATS = ["csv", "jsonl", "warc"] as const;
/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8", warc: "application/warc",
};
const EXTENSIONS: Record<ExportFormat, string> = { csv: "csv", jsonl: "jsonl", warc: "warc.gz" };
/** Job states in which pages may still be added: an export then is a snapshot. */
const ACTIVE_STATES = new Set(["queued", "running", "paused", "stopping"]);

/** A prepared export: what to send and the bytes, produced as they are read. */
export interface OpenedExport {
  format: ExportFormat; contentType: string; fileName: string;
  /** The job may still add pages: the export holds those stored so far. */
  isSnapshot: boolean;
  chunks: AsyncIterable<string | Uint8Array>;
}

/** An export failure: 404 for no such job, 400 for a bad format or filter (with what is allowed). */
export interface ExportProblem { status: 400 | 404; message: string; param?: string; allowed?: string }

/** Open an export of job `jobId` for query parameters `params` (`format` plus the results filters). */
export async function openExport(sql: Sql, jobId: number, params: URLSearchParams): Promise<{ ok: true; value: OpenedExport } | { ok: false; problem: ExportProblem }> {
  const format = params.get("format") ?? "";
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, problem: { status: 400, param: "format", allowed: EXPORT_FORMATS.join("|"),
      message: `format=${format || "(missing)"} is not an export format; use format=${EXPORT_FORMATS.join(", format=")}` } };
  }
  const parsed = parseResultFilters(params, ["format"]);
  if (!parsed.ok) return { ok: false, problem: { status: 400, ...parsed.problem } };
  const [job] = await sql<{ name: string; status: string; topicSnapshot: unknown }[]>`
    select name, status::text as status, topic_snapshot as "topicSnapshot" from jobs where id = ${jobId}`;
  if (!job) return { ok: false, problem: { status: 404, message: `there is no job ${jobId}` } };
  const f = format as ExportFormat;
  // An export is in id order from the start; a cursor from a results screen does not apply.
  const filters = { ...parsed.value, after: undefined };
  const rq = prepareResultQuery(jobId, filters);
  const isSnapshot = ACTIVE_STATES.has(job.status);
  const batches = readExportRows(sql, rq, { withBodies: f === "warc" });
  const chunks = (() => {
    switch (f) {
      case "csv": return writeCsv(batches);
      case "jsonl": return writeJsonLines(batches);
      case "warc": return writeWarc(batches, {
        jobId, jobName: job.name, topic: topicLabelWords(job.topicSnapshot).join(","), isSnapshot, filters: toSearchParams(filters).toString(),
      });
      default: return f satisfies never;
    }
  })();
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return { ok: true, value: {
    format: f, contentType: CONTENT_TYPES[f], isSnapshot, chunks,
    fileName: `focuscrawl-job-${jobId}-${isSnapshot ? "snapshot-" : ""}${stamp}.${EXTENSIONS[f]}`,
  } };
}
