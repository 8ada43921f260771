/**
 * One run of an export file: the view's pages in id order, written by the same writers as a
 * streamed export (writeExport) to <data dir>/exports/<id>.<ext>. After each batch the bytes are
 * flushed and fsynced and then the progress (pages done, bytes written, last page id) is
 * recorded, so the recorded byte count is always on disk. A later run (a resume) truncates the
 * file to that count, which drops whatever a dead run wrote past it, and goes on after the last
 * page id, without a second CSV header or WARC warcinfo.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { EXPORT_BATCH_ROWS, measureExportView, readExportRows, type ExportRow } from "../store/export-rows";
import {
  beatExportFile, failExportFile, findExportFile, finishExportFile, recordExportExtent, recordExportProgress,
  type ExportFileRow, type ExportProgress,
} from "../store/exports";
import type { Sql } from "../store/infra/sql";
import { prepareResultQuery } from "../store/results";
import { EXPORT_EXTENSIONS, isWarcFormat, parseExportFilters, parseExportFormat, readExportJob, writeExport, type ExportFormat } from "./export-job";
import { writeWacz } from "./wacz";
import { topicLabelWords } from "../topic/topic";

/** How often a run says it is alive (updated_at), besides after each batch. */
export const EXPORT_HEARTBEAT_MS = 5_000;
/**
 * A running export whose heartbeat is older than this has lost its process: six missed beats, so
 * that a run whose event loop is busy for a while is not taken for dead.
 */
export const EXPORT_STALE_MS = 30_000;
/** Bytes gathered before a write to the file (a WARC batch is many small records). */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** The file of export `id` in `dataDir`. */
export function exportFilePath(dataDir: string, id: number, format: ExportFormat): string {
  return path.resolve(dataDir, "exports", `${id}.${EXPORT_EXTENSIONS[format]}`);
}

/**
 * The file a run writes batch by batch (and a resume cuts back): the export's own file, or for a
 * WACZ the WARC it packs at the end (<id>.wacz.warc.gz, deleted once packed).
 */
export function exportWorkFilePath(dataDir: string, id: number, format: ExportFormat): string {
  const file = exportFilePath(dataDir, id, format);
  return format === "wacz" ? `${file}.${EXPORT_EXTENSIONS.warc}` : file;
}

/** Delete export `id`'s files (the finished one and a WACZ's WARC), those that are there. */
export async function removeExportFile(dataDir: string, id: number, format: ExportFormat): Promise<void> {
  await fs.rm(exportFilePath(dataDir, id, format), { force: true });
  await fs.rm(exportWorkFilePath(dataDir, id, format), { force: true });
}

/** How a run ended: done, failed (recorded), stopped (aborted: left as a dead process leaves it), fenced (taken from it). */
export type RunOutcome = "done" | "failed" | "stopped" | "fenced";

/** What a run needs besides its claimed row. */
export interface RunOptions {
  dataDir: string;
  /** Aborting stops the run at once without a word to the database, as if its process had died. */
  signal?: AbortSignal;
  /** Pages per batch (and per recorded progress). */
  batchRows?: number;
  /** Called after each batch's progress is recorded. */
  onBatch?: (exportId: number, p: ExportProgress) => void;
}

class StoppedError extends Error {}
class FencedError extends Error {}
/** A resume that cannot go on from the file on disk. */
class ResumeError extends Error {}

/** Buffered positional writes to the export file. */
class FileSink {
  private chunks: Buffer[] = [];
  buffered = 0;
  constructor(private fh: fs.FileHandle, public position: number) {}
  add(chunk: string | Uint8Array) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    this.chunks.push(b);
    this.buffered += b.length;
  }
  /** Write what is buffered; with `isDurable`, also wait until the disk has it. */
  async flush(isDurable = false) {
    const data = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    for (let at = 0; at < data.length;) {
      const { bytesWritten } = await this.fh.write(data, at, data.length - at, this.position);
      at += bytesWritten;
      this.position += bytesWritten;
    }
    if (isDurable) await this.fh.datasync();
  }
}

/** Open the file for a run that starts at byte `from`: a new file, or the partial one cut to `from`. */
async function openAt(file: string, from: number): Promise<fs.FileHandle> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (from === 0) return fs.open(file, "w");
  // Named as it lies in the data directory: the message is shown to everyone who sees the export.
  const name = `exports/${path.basename(file)}`;
  const fh = await fs.open(file, "r+").catch((err: NodeJS.ErrnoException) => {
    throw err.code === "ENOENT" ? new ResumeError(`its partial file (${name} in the data directory) is gone: cancel this export and start a new one`) : err;
  });
  const { size } = await fh.stat();
  if (size < from) {
    await fh.close();
    throw new ResumeError(`its partial file (${name} in the data directory) holds ${size} bytes, fewer than the ${from} recorded `
      + "(it was changed outside FocusCrawl): cancel this export and start a new one");
  }
  await fh.truncate(from);
  return fh;
}

/** `batches` with `after(rows)` awaited once the consumer has taken everything made of `rows` and asks for more (or the end). */
async function* afterEachBatch(batches: AsyncIterable<ExportRow[]>, after: (rows: ExportRow[]) => Promise<void>) {
  for await (const rows of batches) {
    yield rows;
    await after(rows);
  }
}

/**
 * Write export `row` (claimed by this run: status running, `owner` set) from its recorded
 * progress to the end. Never throws: a failure is recorded on the export (when the run still
 * holds it) and its progress stays for a resume.
 */
export async function runExportFile(sql: Sql, row: ExportFileRow, opts: RunOptions): Promise<RunOutcome> {
  const owner = row.owner ?? "";
  const format = parseExportFormat(row.format);
  const file = exportWorkFilePath(opts.dataDir, row.id, format.ok ? format.value : "csv");
  const fenced = new AbortController();
  const beat = setInterval(() => {
    beatExportFile(sql, row.id, owner).then((ok) => ok || fenced.abort(), () => {});
  }, EXPORT_HEARTBEAT_MS);
  beat.unref();
  let fh: fs.FileHandle | undefined;
  const check = () => {
    if (opts.signal?.aborted) throw new StoppedError();
    if (fenced.signal.aborted) throw new FencedError();
  };
  try {
    if (!format.ok) throw new Error(format.problem.message);
    const filters = parseExportFilters(new URLSearchParams(row.filters));
    if (!filters.ok) throw new Error(`its filters no longer parse: ${filters.problem.message}`);
    const job = await readExportJob(sql, row.jobId);
    if (!job) throw new FencedError(); // the job was deleted, and its exports with it
    const rq = prepareResultQuery(row.jobId, filters.value);
    let throughId = row.throughPageId;
    if (row.pagesTotal === null) {
      const extent = await measureExportView(sql, rq);
      throughId = extent.lastId;
      if (!(await recordExportExtent(sql, row.id, owner, extent.pages, throughId))) throw new FencedError();
    }
    const from = Number(row.bytesWritten);
    fh = await openAt(file, from);
    const sink = new FileSink(fh, from);
    const progress: ExportProgress = { pagesDone: row.pagesDone, bytesWritten: from, lastPageId: row.lastPageId };
    const batches = afterEachBatch(readExportRows(sql, rq, {
      withBodies: isWarcFormat(format.value), batch: opts.batchRows ?? EXPORT_BATCH_ROWS,
      range: { afterId: row.lastPageId, throughId: throughId ?? "0" },
    }), async (rows) => {
      check();
      await sink.flush(true);
      Object.assign(progress, { pagesDone: progress.pagesDone + rows.length, bytesWritten: sink.position, lastPageId: rows[rows.length - 1].id });
      if (!(await recordExportProgress(sql, row.id, owner, progress))) throw new FencedError();
      opts.onBatch?.(row.id, { ...progress });
      check();
    });
    const isContinuation = from > 0;
    for await (const chunk of writeExport(format.value, batches, { job, isSnapshot: row.isSnapshot, filters: filters.value }, isContinuation)) {
      sink.add(chunk);
      if (sink.buffered >= WRITE_BUFFER_BYTES) await sink.flush();
      check();
    }
    await sink.flush(true);
    let bytes = sink.position;
    if (format.value === "wacz") {
      await fh.close();
      fh = undefined;
      // Packed again from the whole WARC if this process dies here: the WARC stays until the export is done.
      bytes = await writeWacz(file, exportFilePath(opts.dataDir, row.id, "wacz"), {
        title: `FocusCrawl job ${job.id}: ${job.name}`, created: new Date(),
        description: `Topic: ${topicLabelWords(job.topicSnapshot).join(", ") || "(none)"}; filters: ${row.filters || "(none)"}${row.isSnapshot ? "; a snapshot of a running job" : ""}`,
      });
    }
    if (!(await finishExportFile(sql, row.id, owner, { ...progress, bytesWritten: bytes }))) throw new FencedError();
    if (format.value === "wacz") await fs.rm(file, { force: true });
    return "done";
  } catch (err) {
    if (err instanceof StoppedError) return "stopped";
    if (err instanceof FencedError || fenced.signal.aborted) {
      // Cancelled (or the job deleted) while this run wrote: its file may have been created again.
      const now = await findExportFile(sql, row.id, null, EXPORT_STALE_MS).catch(() => undefined);
      if (now === null || now?.status === "cancelled") await removeExportFile(opts.dataDir, row.id, format.ok ? format.value : "csv").catch(() => {});
      return "fenced";
    }
    const why = err instanceof ResumeError ? err.message : `writing it failed: ${(err as Error).message}`;
    await failExportFile(sql, row.id, owner, why).catch(() => {});
    return "failed";
  } finally {
    clearInterval(beat);
    await fh?.close().catch(() => {});
  }
}
