/**
 * Errors that escape one URL's handling: thrown from a callback (a timer, an event listener with
 * no error listener), or a rejected promise nobody awaited. Node ends the process on them, and a
 * crawl worker then took every job it served down with it, again and again, for one page: a
 * page whose popup made the browser code reject unawaited ended the worker, the restarted worker
 * claimed the URL again once its lease expired and ended too, 4 times a minute.
 *
 * Each URL is handled inside an AsyncLocalStorage scope (`handleAsUrl`). Node runs the
 * process's uncaughtException listener in the async context of the failing callback, and for
 * an unhandled rejection in that of the promise's creation, so the listener `guardWorkerProcess`
 * installs knows which URL's handling the error came from: that
 * handling is cut short with a UrlFaultError, the worker fails the URL with the reason
 * `worker-fault: <message>` and goes on with the next one.
 *
 * What stays fatal (the process exits with status 1, as Node does; the URLs it held come back
 * when their leases are reclaimed, and lib/store/frontier.ts sets aside a URL that took two
 * workers down):
 * - an error from no URL's handling (the claim loop, maintenance, a pool's own timers): the
 *   worker's shared state is unknown;
 * - more than MAX_FAULTS URL faults within FAULT_WINDOW_MS: a fault in every page means something
 *   the pages share (the browser, the analysis threads) is broken, and failing every URL of the
 *   job would be worse than a fresh process.
 * An error from a URL whose handling had already ended (work it started, still running) is
 * logged and survived: there is no URL left to fail, and a broken shared part shows as faults.
 * Shared work carries the scope of the URL that started it: the browser, launched by the first
 * page that needs it, dispatches its events in that page's scope, so an error from its event
 * handlers is put on that page (and survived once it has ended), not on the page whose events
 * they were; errors that belong to one page are best caught where that page's handling awaits.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { surviveClosedSocketWrites } from "../store/infra/closed-socket-guard";

/** A URL's handling cut short by an error that escaped it (see the module's comment). */
export class UrlFaultError extends Error {
  constructor(readonly url: string, readonly fault: unknown) {
    super(`${fault instanceof Error ? fault.message : String(fault)}`);
  }
}

/** The reason a URL whose handling faulted is failed with, before the error's message. */
export const WORKER_FAULT = "worker-fault";

/** Faults in URLs' handling that a process survives within FAULT_WINDOW_MS; one more is fatal. */
export const MAX_FAULTS = 20;
/** The window MAX_FAULTS counts over. */
export const FAULT_WINDOW_MS = 60_000;

interface UrlScope { url: string; isDone: boolean; fault: (err: unknown) => void }
const scopes = new AsyncLocalStorage<UrlScope>();

/**
 * Run `handle` as the handling of `url`: it settles as `handle` does, or rejects with a
 * UrlFaultError as soon as an error escaping it is taken (`guardWorkerProcess`). A handling cut short
 * this way may still be waiting on something that never comes; it is left to the garbage
 * collector, and whatever it writes later is fenced out by its lost lease.
 */
export function handleAsUrl<T>(url: string, handle: () => Promise<T>): Promise<T> {
  const scope: UrlScope = { url, isDone: false, fault: () => {} };
  const faulted = new Promise<never>((_, reject) => {
    scope.fault = (err) => reject(new UrlFaultError(url, err));
  });
  return Promise.race([scopes.run(scope, handle), faulted]).finally(() => { scope.isDone = true; });
}

/**
 * The crawl worker process's listener for uncaught errors: postgres.js's write on a closed
 * connection is dropped (surviveClosedSocketWrites), an error from one URL's handling fails that
 * URL, anything else ends the process (see the module's comment). Install once, first thing.
 */
export function guardWorkerProcess(log: (line: string) => void): void {
  const recent: number[] = [];
  surviveClosedSocketWrites(log, (err, origin) => {
    const scope = scopes.getStore();
    if (!scope) return false;
    const what = `${origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception"} (${err instanceof Error ? err.message : String(err)})`;
    if (scope.isDone) {
      log(`${what} from the handling of ${scope.url}, which had already ended; the worker goes on`);
      return true;
    }
    const now = Date.now();
    recent.push(now);
    while (recent.length && recent[0] <= now - FAULT_WINDOW_MS) recent.shift();
    if (recent.length > MAX_FAULTS) {
      log(`${what} while handling ${scope.url}: more than ${MAX_FAULTS} URLs faulted within ${FAULT_WINDOW_MS / 1000} s, so something the worker shares is broken; the worker exits`);
      return false;
    }
    log(`${what} while handling ${scope.url}: that URL is failed (${WORKER_FAULT}) and the worker goes on`);
    scope.fault(err);
    return true;
  });
}
