/**
 * postgres.js 3.4.9 can throw from a timer after a connection closed: a small write is queued
 * with setImmediate, the server goes away (PostgreSQL killed or restarting), the connection's
 * socket is set to null, and the queued write then calls `socket.write` on null. The TypeError
 * escapes every `await` and `catch` and ends the process (porsager/postgres#1066, #1154, #1208;
 * unfixed in the release we use). The query it belonged to has already been rejected with
 * CONNECTION_CLOSED, which its caller handles, so the write can be dropped.
 *
 * `surviveClosedSocketWrites` lets a process live through exactly that error and nothing else:
 * every other uncaught exception or unhandled rejection is printed and ends the process with
 * status 1, as Node does when nobody listens, unless the caller's `rescue` takes it (the crawl
 * worker's errors from one URL's handling: lib/crawl/url-faults.ts).
 */

/** Whether `err` is postgres.js writing to a connection that is already closed. */
export function isClosedSocketWrite(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const stack = err.stack ?? "";
  return /\(reading 'write'\)/.test(err.message) && /nextWrite/.test(stack) && /postgres[\\/]src[\\/]connection\.js/.test(stack);
}

let isInstalled = false;

/**
 * Install the handler once per process; `log` hears of each dropped write. `rescue` is asked about
 * every other error (in the async context it came from) and returns true when it dealt with it.
 */
export function surviveClosedSocketWrites(
  log: (line: string) => void, rescue?: (err: unknown, origin: NodeJS.UncaughtExceptionOrigin) => boolean,
): void {
  if (isInstalled) return;
  isInstalled = true;
  process.on("uncaughtException", (err, origin) => {
    if (isClosedSocketWrite(err)) {
      log("a database connection closed under a pending write (postgres.js); its query was failed and will be retried");
      return;
    }
    if (rescue?.(err, origin)) return;
    console.error(origin === "unhandledRejection" ? "Unhandled promise rejection:" : "Uncaught exception:", err);
    process.exit(1);
  });
}
