/**
 * How long to wait between tries at a database that does not answer, for every caller: the
 * postgres.js pools' reconnects, a process waiting for its database at start, a worker giving
 * its cut tries back. 250 ms, doubling, at most 2 s: a refused connection costs the server
 * nothing, and a longer cap is time the crawl stands still after the database is back (with
 * postgres.js's own backoff, which grows to 10–20 s, pages were stored again only 9–67 s after
 * PostgreSQL returned; bench/CHAOS.md).
 */

/** The first wait. */
export const RETRY_FIRST_MS = 250;
/** No wait is longer than this. */
export const RETRY_MAX_MS = 2_000;

/** The wait after the `failures`-th failure in a row (1 for the first). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** How `retryWithBackoff` waits, reports and gives up. */
export interface RetryOptions {
  /** Hears each failure and the wait before the next try. */
  onRetry?: (err: unknown, waitMs: number) => void;
  /** Give up (rethrow the last error) when the next try would start after this time (ms since the epoch). */
  deadline?: number;
  /** Stop trying (resolve undefined) when this says so, checked before each wait and each try. */
  isStopped?: () => boolean;
  /** How to wait; a worker passes a sleep that its drain can cut short. */
  sleep?: (ms: number) => Promise<void>;
}

const plainSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Call `fn` until it resolves, waiting `retryDelayMs` between failures; undefined when stopped. */
export async function retryWithBackoff<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T | undefined> {
  const sleep = opts.sleep ?? plainSleep;
  for (let failures = 1; ; failures++) {
    if (opts.isStopped?.()) return undefined;
    try {
      return await fn();
    } catch (err) {
      const waitMs = retryDelayMs(failures);
      if (opts.deadline !== undefined && Date.now() + waitMs >= opts.deadline) throw err;
      if (opts.isStopped?.()) return undefined;
      opts.onRetry?.(err, waitMs);
      await sleep(waitMs);
    }
  }
}
