/**
 * A worker's request log buffer: fetches are added as they end and written together, every
 * REQUEST_LOG_FLUSH_MS or once REQUEST_LOG_BATCH are waiting, in one insert. A job's log is
 * trimmed to its requestLogKeep after every TRIM_EVERY rows it gets, not after each batch: the
 * trim reads the job's newest rows, which a batch of a few rows would pay for each time.
 *
 * Across a database outage no row is lost nor written twice: a batch the database could not take
 * stays buffered (up to MAX_UNWRITTEN rows, the oldest dropped beyond) and is written again on the
 * next tick, and each row carries a key of its own, so a batch whose commit happened but whose
 * answer the outage lost adds nothing the second time (insertRequests). A stored page's row is not
 * buffered at all: it is written in the page's transaction (lib/store/pages.ts) and only counted
 * here for the trim (`noteWritten`).
 */
import { randomUUID } from "node:crypto";
import { insertRequests, trimRequests, type RequestEntry } from "../store/request-log";
import { isDatabaseAway } from "../store/infra/database-away";
import type { Sql } from "../store/infra/sql";

/** Longest a logged request waits to be written. */
export const REQUEST_LOG_FLUSH_MS = 1_000;
/** Requests that are written at once without waiting for the timer. */
export const REQUEST_LOG_BATCH = 200;
/**
 * Rows kept while the database is away; beyond, the oldest are dropped. At a thousand fetches a
 * minute, ten minutes of outage (fetches mostly stop: nothing they find can be stored).
 */
export const MAX_UNWRITTEN = 10_000;
const TRIM_EVERY = 500;

/** Buffer requests and write them in batches; `close` writes what is left. */
export function createRequestLog(sql: Sql, log: (line: string) => void) {
  let waiting: RequestEntry[] = [];
  const keepOf = new Map<number, number>();
  const sinceTrim = new Map<number, number>();
  let writing: Promise<void> = Promise.resolve();

  /** Count `n` new rows of job `jobId` toward its next trim. */
  function count(jobId: number, n: number): void {
    sinceTrim.set(jobId, (sinceTrim.get(jobId) ?? 0) + n);
  }

  /** Trim the jobs that got enough rows since their last trim. */
  async function trimDue(): Promise<void> {
    for (const [jobId, n] of sinceTrim) {
      const keep = keepOf.get(jobId) ?? 0;
      if (n < Math.min(TRIM_EVERY, Math.max(1, keep))) continue;
      await trimRequests(sql, jobId, keep);
      sinceTrim.set(jobId, 0);
    }
  }

  async function write(rows: RequestEntry[]): Promise<void> {
    try {
      await insertRequests(sql, rows);
    } catch (err) {
      if (isDatabaseAway(err)) {
        // Kept for the next tick, ahead of what came meanwhile (keys make a second write harmless).
        waiting = [...rows, ...waiting];
        const over = waiting.length - MAX_UNWRITTEN;
        if (over > 0) {
          waiting.splice(0, over);
          log(`request log: the database is away; ${over} oldest request(s) dropped, ${MAX_UNWRITTEN} kept to write once it is back`);
        }
        return;
      }
      // The log is a view of the crawl, not part of it: a batch the database refuses never stops fetching.
      return log(`request log: ${rows.length} request(s) not written (${(err as Error).message})`);
    }
    for (const r of rows) count(r.jobId, 1);
    await trimSafely();
  }
  const trimSafely = () => trimDue().catch((err) => log(`request log: trim failed (${(err as Error).message}); tried again on the next tick`));
  function flush(): Promise<void> {
    const rows = waiting;
    waiting = [];
    // With nothing buffered, rows written with their pages may still make a trim due.
    writing = writing.then(() => (rows.length ? write(rows) : trimSafely()));
    return writing;
  }
  const timer = setInterval(() => void flush(), REQUEST_LOG_FLUSH_MS);
  timer.unref();
  return {
    /** Log one request of a job that keeps `keep` (0: the job logs none). */
    add(entry: RequestEntry, keep: number): void {
      if (keep <= 0) return;
      keepOf.set(entry.jobId, keep);
      waiting.push({ ...entry, key: entry.key ?? randomUUID() });
      if (waiting.length >= REQUEST_LOG_BATCH) void flush();
    },
    /** A row of job `jobId` (which keeps `keep`) was written elsewhere, with its page: it counts toward the next trim. */
    noteWritten(jobId: number, keep: number): void {
      keepOf.set(jobId, keep);
      count(jobId, 1);
    },
    flush,
    /** Stop the timer and write what is left. */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

/** A worker's request log. */
export type RequestLog = ReturnType<typeof createRequestLog>;
