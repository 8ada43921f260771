/**
 * A worker's request log buffer: fetches are added as they end and written together, every
 * REQUEST_LOG_FLUSH_MS or once REQUEST_LOG_BATCH are waiting, in one insert. A job's log is
 * trimmed to its requestLogKeep after every TRIM_EVERY rows it gets, not after each batch: the
 * trim reads the job's newest rows, which a batch of a few rows would pay for each time.
 */
import { insertRequests, trimRequests, type RequestEntry } from "../store/request-log";
import type { Sql } from "../store/infra/sql";

/** Longest a logged request waits to be written. */
export const REQUEST_LOG_FLUSH_MS = 1_000;
/** Requests that are written at once without waiting for the timer. */
export const REQUEST_LOG_BATCH = 200;
const TRIM_EVERY = 500;

/** Buffer requests and write them in batches; `close` writes what is left. */
export function createRequestLog(sql: Sql, log: (line: string) => void) {
  let waiting: RequestEntry[] = [];
  const keepOf = new Map<number, number>();
  const sinceTrim = new Map<number, number>();
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: RequestEntry[]): Promise<void> {
    try {
      await insertRequests(sql, rows);
      for (const jobId of new Set(rows.map((r) => r.jobId))) {
        const n = (sinceTrim.get(jobId) ?? 0) + rows.filter((r) => r.jobId === jobId).length;
        const keep = keepOf.get(jobId) ?? 0;
        if (n >= Math.min(TRIM_EVERY, Math.max(1, keep))) {
          await trimRequests(sql, jobId, keep);
          sinceTrim.set(jobId, 0);
        } else sinceTrim.set(jobId, n);
      }
    } catch (err) {
      // The log is a view of the crawl, not part of it: a lost batch never stops fetching.
      log(`request log: ${rows.length} request(s) not written (${(err as Error).message})`);
    }
  }
  function flush(): Promise<void> {
    const rows = waiting;
    waiting = [];
    if (rows.length) writing = writing.then(() => write(rows));
    return writing;
  }
  const timer = setInterval(() => void flush(), REQUEST_LOG_FLUSH_MS);
  timer.unref();
  return {
    /** Log one request of a job that keeps `keep` (0: the job logs none). */
    add(entry: RequestEntry, keep: number): void {
      if (keep <= 0) return;
      keepOf.set(entry.jobId, keep);
      waiting.push(entry);
      if (waiting.length >= REQUEST_LOG_BATCH) void flush();
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
