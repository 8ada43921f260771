/**
 * Telling "the database cannot be reached" from other failures, for the API's JSON 503: a refused
 * or dropped connection (postgres.js and node-postgres report Node's network codes and their
 * own), a server shutting down or refusing new connections (SQLSTATE class 08, 57P01–57P03,
 * 53300 too many connections), and Prisma's "can't reach the database server" family.
 */

const NETWORK_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE",
  // postgres.js's own.
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  // Prisma: can't reach the server, timed out reaching it, the server closed the connection.
  "P1001", "P1002", "P1017",
]);
const SQLSTATES = /^(08...|57P0[123]|53300)$/;
/** What @prisma/adapter-pg's DriverAdapterError names as its cause's kind when the server is unreachable. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** The codes an error carries, its causes' and a Prisma driver adapter's included. */
function codesOf(err: unknown, depth = 0): string[] {
  if (typeof err !== "object" || err === null || depth > 5) return [];
  const e = err as { code?: unknown; errno?: unknown; kind?: unknown; syscall?: unknown; cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
  // A Unix-domain socket that is gone (the server stopped and removed it) fails to connect with ENOENT.
  const socketGone = e.code === "ENOENT" && e.syscall === "connect" ? ["ECONNREFUSED"] : [];
  const own = [e.code, e.errno, e.kind].filter((c): c is string => typeof c === "string" && c !== "ENOENT");
  const nested = [e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return [...socketGone, ...own, ...nested.flatMap((n) => codesOf(n, depth + 1))];
}

/** True when `err` says the database could not be reached or dropped the connection. */
export function isDatabaseUnreachable(err: unknown): boolean {
  return codesOf(err).some((c) => NETWORK_CODES.has(c) || SQLSTATES.test(c) || ADAPTER_KINDS.has(c));
}
