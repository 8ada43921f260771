/**
 * The dashboard's HTTP server in front of Next.js, for the one check that must come before it.
 * Next.js buffers a request's body for its proxy and, even when the proxy refuses the request,
 * waits for the whole body before it answers (next-server's `finalize()` awaits the body's end):
 * a client declaring `Content-Length: 10000000000` and sending nothing held a request open for
 * good, and a large body was read in full only to be refused. Here the request guard
 * (request-guard.ts) judges the request line and headers as they arrive; a refusal is answered
 * at once and the connection closed, its body never read. The proxy runs the same guard again
 * for servers without this front (`next dev` alone, the route tests).
 */
import http from "node:http";
import type { Duplex } from "node:stream";
import { deploymentTrustedProxies, loadEnv } from "../env";
import { clientAddressOf, type TrustedProxies } from "../rules/client-address";
import { guardRefusal } from "./guard-response";
import type { GuardedRequest } from "./request-guard";

/** What Next.js's request and upgrade handlers look like. */
type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;
type Upgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> | void;

/** The request as the guard reads it: method, path and headers, nothing of the body. */
function guardedView(req: http.IncomingMessage): GuardedRequest {
  const pathname = (req.url ?? "/").split("?")[0];
  const get = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  };
  return { method: req.method ?? "GET", pathname, headers: { get } };
}

let cachedProxies: { key: string; list: TrustedProxies } | undefined;

/** TRUSTED_PROXIES of the current environment, parsed again only when it changes. */
function trustedProxies(): TrustedProxies {
  const key = process.env.TRUSTED_PROXIES ?? "";
  if (cachedProxies?.key !== key) cachedProxies = { key, list: deploymentTrustedProxies(loadEnv()) };
  return cachedProxies.list;
}

/**
 * Replace the request's X-Forwarded-For with the one client address the dashboard counts by
 * (the socket's, or what a trusted proxy says: lib/rules/client-address.ts), and drop X-Real-IP:
 * whatever a client sent in either never reaches the sign-in throttle.
 */
export function setClientAddress(req: http.IncomingMessage): void {
  const sent = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = clientAddressOf(req.socket.remoteAddress ?? "", Array.isArray(sent) ? sent.join(",") : sent, trustedProxies());
  delete req.headers["x-real-ip"];
}

/** How long an idle kept-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/** An HTTP server that answers the guard's refusals itself and passes everything else to `handle`. */
export function createFrontServer(handle: Handle, upgrade?: Upgrade): http.Server {
  const server = http.createServer((req, res) => {
    setClientAddress(req);
    const refusal = guardRefusal(guardedView(req));
    if (refusal) {
      const body = JSON.stringify({ error: refusal.error });
      // Connection: close, so that Node.js does not read the unread body to reuse the socket.
      res.writeHead(refusal.status, {
        "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), "cache-control": "no-store", connection: "close",
      });
      res.end(body);
      return;
    }
    Promise.resolve(handle(req, res)).catch((err: unknown) => {
      console.error(`dashboard: ${req.method} ${req.url} failed`, err);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  // An idle kept-alive connection is closed after a minute, not Node.js's default 5 s: a client
  // that reuses a connection just as the server closes it gets ECONNRESET on a request that was
  // never read (seen with API clients pausing a few seconds between calls). A proxy in front
  // keeps its own idle connections for less than this (nginx: 60 s), so it never meets the race.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  if (upgrade) {
    server.on("upgrade", (req, socket, head) => {
      setClientAddress(req);
      void Promise.resolve(upgrade(req, socket, head)).catch(() => socket.destroy());
    });
  }
  return server;
}
