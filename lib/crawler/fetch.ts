/**
 * HTTP fetching with undici: one keep-alive pool per origin, timeouts, a body cap that also
 * caps decompressed size, manual redirects, host overrides and the private-address guard.
 */
import dns from "node:dns";
import net from "node:net";
import zlib from "node:zlib";
import type { Readable, Transform } from "node:stream";
import { Agent, buildConnector, request } from "undici";
import { BlockedAddressError, isBlockedAddress } from "./address-guard";
import { lookupOverride, type ResolveMap } from "./resolve-map";
import { canonicalizeUrl } from "./url";

export const CONNECT_TIMEOUT_MS = 10_000;
export const HEADERS_TIMEOUT_MS = 15_000;
export const BODY_TIMEOUT_MS = 30_000;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/** How a fetcher behaves; one fetcher serves many URLs and hosts. */
export interface FetcherOptions {
  userAgent: string;
  allowPrivate: boolean;
  resolve?: ResolveMap;
  maxBodyBytes?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

/** A response (any status) or a transport failure with its stored reason. */
export type FetchOutcome =
  | {
      ok: true; status: number; finalUrl: string; redirects: string[]; headers: Record<string, string>;
      body: Buffer; isTruncated: boolean; fetchMs: number;
    }
  | { ok: false; reason: string; detail: string; isRetryable: boolean; redirects: string[]; fetchMs: number };

type LookupCb = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, cb: LookupCb) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      const blocked = allowPrivate ? undefined : addresses.find((a) => isBlockedAddress(a.address));
      if (blocked) return cb(new BlockedAddressError(hostname, blocked.address) as NodeJS.ErrnoException, []);
      if (options.all) return cb(null, addresses);
      cb(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** An undici dispatcher that applies host overrides and refuses blocked addresses at connect time. */
function createAgent(opts: FetcherOptions): Agent {
  const connector = buildConnector({
    timeout: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    lookup: guardedLookup(opts.allowPrivate),
  } as buildConnector.BuildOptions);
  return new Agent({
    connections: 4,
    keepAliveTimeout: 10_000,
    headersTimeout: opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    bodyTimeout: opts.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
    connect: (connectOpts, cb) => {
      const target = opts.resolve ? lookupOverride(opts.resolve, connectOpts.hostname) : undefined;
      const hostname = target?.address ?? connectOpts.hostname;
      if (!opts.allowPrivate && net.isIP(hostname) && isBlockedAddress(hostname)) {
        return cb(new BlockedAddressError(connectOpts.hostname, hostname), null);
      }
      connector(
        { ...connectOpts, hostname, port: target?.port ? String(target.port) : connectOpts.port,
          servername: connectOpts.servername ?? (net.isIP(connectOpts.hostname) ? undefined : connectOpts.hostname) },
        cb,
      );
    },
  });
}

function decompressorFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip": case "x-gzip": return zlib.createGunzip();
    case "deflate": return zlib.createInflate();
    case "br": return zlib.createBrotliDecompress();
    default: return null;
  }
}

/** Read a body, decompressing it, stopping at `maxBytes` of decoded output (no decompression bombs). */
async function readCapped(body: Readable, encoding: string | undefined, maxBytes: number) {
  const decoder = decompressorFor(encoding);
  const source: Readable = decoder ? body.pipe(decoder) : body;
  // Errors reach us through the iterator (directly, or via the decoder); this listener only
  // keeps the deliberate destroy() below from surfacing as an uncaught exception.
  body.on("error", (e) => decoder?.destroy(e));
  const chunks: Buffer[] = [];
  let size = 0;
  let isTruncated = false;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      isTruncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (isTruncated) {
    body.destroy();
    decoder?.destroy();
  }
  return { body: Buffer.concat(chunks, size), isTruncated };
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

/** Map a thrown transport error to a stored reason and whether trying again may help. */
export function classifyFetchError(err: unknown): { reason: string; isRetryable: boolean } {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? "";
  if (code === "BLOCKED_ADDRESS") return { reason: "blocked-address", isRetryable: false };
  if (code.includes("TIMEOUT") || code === "ETIMEDOUT") return { reason: "timeout", isRetryable: true };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { reason: "dns", isRetryable: code === "EAI_AGAIN" };
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return { reason: "tls", isRetryable: false };
  return { reason: "connect-error", isRetryable: true };
}

/** A fetcher bound to one configuration; call `close()` to release its sockets. */
export function createFetcher(opts: FetcherOptions) {
  const agent = createAgent(opts);
  const maxBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;

  async function fetchUrl(url: string): Promise<FetchOutcome> {
    const started = performance.now();
    const redirects: string[] = [];
    let current = url;
    const elapsed = () => Math.round(performance.now() - started);
    try {
      for (let hop = 0; ; hop++) {
        const res = await request(current, {
          dispatcher: agent,
          method: "GET",
          headers: { "user-agent": opts.userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8",
            "accept-encoding": "gzip, deflate, br", "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" },
        });
        const location = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === "string") {
          await res.body.dump(); // discard the redirect's own body without an unhandled abort error
          const next = canonicalizeUrl(location, current);
          if (!next.ok) return { ok: false, reason: `redirect-${next.reason}`, detail: location, isRetryable: false, redirects, fetchMs: elapsed() };
          redirects.push(current);
          if (redirects.includes(next.url)) return { ok: false, reason: "redirect-loop", detail: next.url, isRetryable: false, redirects, fetchMs: elapsed() };
          if (hop + 1 > MAX_REDIRECTS) return { ok: false, reason: "too-many-redirects", detail: next.url, isRetryable: false, redirects, fetchMs: elapsed() };
          current = next.url;
          continue;
        }
        const headers = flattenHeaders(res.headers);
        const { body, isTruncated } = await readCapped(res.body, headers["content-encoding"], maxBytes);
        return { ok: true, status: res.statusCode, finalUrl: current, redirects, headers, body, isTruncated, fetchMs: elapsed() };
      }
    } catch (err) {
      const { reason, isRetryable } = classifyFetchError(err);
      return { ok: false, reason, detail: (err as Error).message, isRetryable, redirects, fetchMs: elapsed() };
    }
  }

  return { fetchUrl, close: () => agent.close() };
}

/** A fetcher instance. */
export type Fetcher = ReturnType<typeof createFetcher>;
