/**
 * The one place that tells "the database is away" (stopped, restarting, recovering, unreachable,
 * or our connection to it was cut) from every other database error. An operation that failed
 * for that reason says nothing about its input: it is tried again once the database answers,
 * and a URL whose try it cut is given back to the queue untried, never counted as a failed try.
 */

/** postgres.js's own codes for a connection that closed, ended, was destroyed or never opened. */
const CLIENT_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);

/** Socket errors of a server that is not there (or a Unix socket file that a stopped server removed). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN",
  "ENOENT", "EAI_AGAIN", "ENOTFOUND",
]);

/**
 * SQLSTATEs of a server going away or not yet back: 57P01 admin_shutdown (a fast stop, or
 * pg_terminate_backend), 57P02 crash_shutdown (another backend crashed), 57P03 cannot_connect_now
 * (starting up, recovering), 53300 too_many_connections (no connection to be had now); every
 * 08xxx connection exception matches by its class.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Prisma's codes for a server it cannot reach (P1001), that timed out (P1002) or closed the connection (P1017). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);

/** Messages of node-postgres (under Prisma) and Prisma's driver adapter that carry no code. */
const MESSAGES = /Connection terminated unexpectedly|Connection terminated due to connection timeout|Client has encountered a connection error|server closed the connection unexpectedly|DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections/i;

/** Whether `err` (or an error it wraps) means the database could not be reached or our connection to it was lost. */
export function isDatabaseAway(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
  const code = typeof e.code === "string" ? e.code : "";
  if (CLIENT_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || PRISMA_CODES.has(code)) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (typeof e.kind === "string" && MESSAGES.test(e.kind)) return true;
  // An AggregateError (a connect to each address of a name, all refused) is away when every part is.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => isDatabaseAway(x, depth + 1))) return true;
  // Prisma's errors from a driver adapter carry the adapter's own error in meta.
  return isDatabaseAway(e.cause, depth + 1) || isDatabaseAway(e.meta?.driverAdapterError, depth + 1);
}
