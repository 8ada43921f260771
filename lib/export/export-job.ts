/**
 * Exporting a results view of a job as CSV, JSON Lines or WARC: the same filters as the results
 * page, pages read through a cursor and written as they come (lib/store/export-rows.ts). Both the
 * streamed download (openExport) and export files (lib/export/export-run.ts) are made here.
 */
import type { Sql } from "../store/infra/sql";
import { parseResultFilters, toSearchParams, type ResultFilters } from "../results/filters";
import { readExportRows, type ExportRow } from "../store/export-rows";
import { prepareResultQuery } from "../store/results";
import { checkSinceRun } from "../store/revisits";
import { topicLabelWords } from "../topic/topic";
import { writeCsv } from "./csv";
import { writeJsonLines } from "./jsonl";
import { writeWarc } from "./warc";

/** Export formats (export files); WACZ is written as an export file only (STREAMED_FORMATS are the others). */
export const EXPORT_FORMATS = ["csv", "jsonl", "warc", "wacz"] as const;
/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * Formats a download streams as the cursor reads: a WACZ's index and hashes describe the whole
 * WARC, so it is packed once the WARC is written (lib/export/wacz.ts), as an export file.
 */
export const STREAMED_FORMATS = ["csv", "jsonl", "warc"] as const satisfies readonly ExportFormat[];

/** The Content-Type of each format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8", warc: "application/warc", wacz: "application/wacz",
};
/** The file name extension of each format (a WARC is gzipped record by record). */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { csv: "csv", jsonl: "jsonl", warc: "warc.gz", wacz: "wacz" };

/** Whether `format` writes WARC records, which need the pages' kept bodies. */
export function isWarcFormat(format: ExportFormat): boolean {
  return format === "warc" || format === "wacz";
}
/** Job states in which pages may still be added: an export then is a snapshot. */
const ACTIVE_STATES = new Set(["queued", "running", "paused", "stopping"]);

/** A prepared export: what to send and the bytes, produced as they are read. */
export interface OpenedExport {
  format: ExportFormat; contentType: string; fileName: string;
  /** The job may still add pages: the export holds those stored so far. */
  isSnapshot: boolean;
  chunks: AsyncIterable<string | Uint8Array>;
}

/**
 * An export failure: 404 for no such job (or export), 400 for a bad format or filter (with what
 * is allowed), 409 for an export file whose state or the running limit forbids it.
 */
export interface ExportProblem { status: 400 | 403 | 404 | 409; message: string; param?: string; allowed?: string }

type Checked<T> = { ok: true; value: T } | { ok: false; problem: ExportProblem };

/** The format named by `raw` among `formats` (export files': all of them), or the 400 that names those there are. */
export function parseExportFormat(raw: string, formats: readonly ExportFormat[] = EXPORT_FORMATS): Checked<ExportFormat> {
  if ((formats as readonly string[]).includes(raw)) return { ok: true, value: raw as ExportFormat };
  return { ok: false, problem: { status: 400, param: "format", allowed: formats.join("|"),
    message: `format=${raw || "(missing)"} is not an export format; use format=${formats.join(", format=")}` } };
}

/**
 * The results filters of an export (parameters named in `ignore` are skipped). An export is in
 * page id order from the start, so a screen's cursor (`after`) does not apply and is dropped.
 */
export function parseExportFilters(params: URLSearchParams, ignore: readonly string[] = []): Checked<ResultFilters> {
  const parsed = parseResultFilters(params, ignore);
  if (!parsed.ok) return { ok: false, problem: { status: 400, ...parsed.problem } };
  return { ok: true, value: { ...parsed.value, after: undefined } };
}

/** The 400 for a `since` that names no earlier run of the job's workflow, or null. */
export async function checkExportSince(sql: Sql, jobId: number, filters: ResultFilters): Promise<ExportProblem | null> {
  const problem = filters.since === undefined ? null : await checkSinceRun(sql, jobId, filters.since);
  return problem && { status: 400, param: "since", allowed: problem.runs.join("|") || "none", message: problem.message };
}

/** The filters as the query string an export records and its WARC names ("" for none). */
export function exportFiltersText(filters: ResultFilters): string {
  return toSearchParams(filters).toString();
}

/** What an export says about its job. */
export interface ExportJob { id: number; name: string; status: string; topicSnapshot: unknown }

/** The job an export is of, or null when there is none. */
export async function readExportJob(sql: Sql, jobId: number): Promise<ExportJob | null> {
  const [job] = await sql<ExportJob[]>`
    select id, name, status::text as status, topic_snapshot as "topicSnapshot" from jobs where id = ${jobId}`;
  return job ?? null;
}

/** True while the job may still add pages, so that an export of it is a snapshot. */
export function isJobActive(status: string): boolean {
  return ACTIVE_STATES.has(status);
}

/** The name an export is saved under: focuscrawl-job-3[-snapshot]-20261124-093000.csv. */
export function exportFileName(jobId: number, isSnapshot: boolean, format: ExportFormat, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `focuscrawl-job-${jobId}-${isSnapshot ? "snapshot-" : ""}${stamp}.${EXPORT_EXTENSIONS[format]}`;
}

/**
 * The bytes of an export of `batches` in `format`. `isContinuation`: they follow bytes already
 * written by an earlier part of the same export, so the CSV header (with its BOM) and the WARC
 * warcinfo record are left out.
 */
export function writeExport(format: ExportFormat, batches: AsyncIterable<ExportRow[]>,
  about: { job: ExportJob; isSnapshot: boolean; filters: ResultFilters }, isContinuation = false): AsyncIterable<string | Uint8Array> {
  switch (format) {
    case "csv": return writeCsv(batches, { hasHeader: !isContinuation });
    case "jsonl": return writeJsonLines(batches);
    // A WACZ export file is its WARC until the last page is written, then packed (export-run.ts).
    case "warc":
    case "wacz": return writeWarc(batches, {
      jobId: about.job.id, jobName: about.job.name, topic: topicLabelWords(about.job.topicSnapshot).join(","),
      isSnapshot: about.isSnapshot, filters: exportFiltersText(about.filters),
    }, { hasWarcinfo: !isContinuation });
    default: return format satisfies never;
  }
}

/** Open an export of job `jobId` for query parameters `params` (`format` plus the results filters). */
export async function openExport(sql: Sql, jobId: number, params: URLSearchParams): Promise<Checked<OpenedExport>> {
  if (params.get("format") === "wacz") {
    return { ok: false, problem: { status: 400, param: "format", allowed: STREAMED_FORMATS.join("|"),
      message: "format=wacz is written as an export file only (POST /api/jobs/{id}/exports with {\"format\":\"wacz\"}): its index and hashes need the whole WARC" } };
  }
  const format = parseExportFormat(params.get("format") ?? "", STREAMED_FORMATS);
  if (!format.ok) return format;
  const filters = parseExportFilters(params, ["format"]);
  if (!filters.ok) return filters;
  const job = await readExportJob(sql, jobId);
  if (!job) return { ok: false, problem: { status: 404, message: `there is no job ${jobId}` } };
  const since = await checkExportSince(sql, jobId, filters.value);
  if (since) return { ok: false, problem: since };
  const f = format.value;
  const isSnapshot = isJobActive(job.status);
  const batches = readExportRows(sql, prepareResultQuery(jobId, filters.value), { withBodies: isWarcFormat(f) });
  return { ok: true, value: {
    format: f, contentType: EXPORT_CONTENT_TYPES[f], isSnapshot, fileName: exportFileName(jobId, isSnapshot, f, new Date()),
    chunks: writeExport(f, batches, { job, isSnapshot, filters: filters.value }),
  } };
}
