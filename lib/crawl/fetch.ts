/**
 * HTTP fetching with undici: one keep-alive pool per origin, timeouts, a body cap that also
 * caps decompressed size, manual redirects, host overrides and the private-address guard.
 */
import type { FetchOutcome } from "../rules/fetch-outcome";
import dns from "node:dns";
import net from "node:net";
import { Agent, buildConnector, Pool, ProxyAgent, request } from "undici";
import { BlockedAddressError, createAddressPolicy, type AddressPolicy } from "../rules/address-guard";
import { parseSiteAuth, parseSiteCookie } from "../jobs/settings";
import type { ResolveMap, ResolveTarget } from "../rules/resolve-map";
import { canonicalizeUrl } from "../rules/url";
import { readCapped } from "./read-capped";

import { BODY_TIMEOUT_MS, CONNECT_TIMEOUT_MS, HEADERS_TIMEOUT_MS, MAX_BODY_BYTES, MAX_REDIRECTS } from "../rules/fetch-limits";

/** How a fetcher behaves; one fetcher serves many URLs and hosts. */
export interface FetcherOptions {
  userAgent: string;
  /** Crawl private and local addresses too (tests, intranets). */
  allowPrivate: boolean;
  /** Private networks or hosts allowed all the same (see createAddressPolicy). */
  privateAllowList?: string[];
  /** The deployment's host overrides (CRAWL_RESOLVE): trusted like DNS. */
  resolve?: ResolveMap;
  /**
   * A job's own host overrides. They win over the deployment's, but the addresses they lead to
   * are judged by address alone: a job cannot point a name the allow-list trusts elsewhere.
   */
  jobResolve?: ResolveMap;
  maxBodyBytes?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Send every request through this HTTP(S) or SOCKS5 proxy; credentials go in the URL. */
  proxy?: string;
  /** Basic-auth credentials per host (`host user:password` entries). */
  siteAuth?: string[];
  /** A Cookie header per host (`host name=value; …` entries). */
  cookies?: string[];
}

/** Per-request options. */
export interface FetchRequestOptions {
  /** Validators of an earlier copy: the server may answer 304 Not Modified. */
  etag?: string | null;
  lastModified?: string | null;
  /**
   * Called before following each redirect with the next (canonical) URL; a returned reason
   * stops the chain there (scope, robots, another host), waiting for politeness may happen inside.
   * `answeredAt` is when the redirect's response arrived: the next hop's delay runs from then.
   */
  beforeRedirect?: (nextUrl: string, answeredAt: Date) => Promise<string | null>;
  accept?: string;
  /** Whether to download the final response's body (e.g. not for a PDF the job will not parse). */
  wantBody?: (status: number, headers: Record<string, string>) => boolean;
}

type LookupCb = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** How long a resolved name is reused (seed 002: a crawler keeps its own DNS cache). */
export const DNS_CACHE_TTL_MS = 5 * 60_000;
const DNS_CACHE_MAX = 10_000;

/** A small in-process DNS cache in front of the system resolver; failures are not cached. */
function createDnsCache() {
  const cache = new Map<string, { at: number; addresses: dns.LookupAddress[] }>();
  return (hostname: string, family: number | undefined, cb: (err: NodeJS.ErrnoException | null, a: dns.LookupAddress[]) => void) => {
    const key = `${hostname}/${family ?? 0}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DNS_CACHE_TTL_MS) return cb(null, hit.addresses);
    dns.lookup(hostname, { family: family ?? 0, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      if (cache.size >= DNS_CACHE_MAX) cache.clear();
      cache.set(key, { at: Date.now(), addresses });
      cb(null, addresses);
    });
  };
}

function guardedLookup(isRefused: AddressPolicy, lookup: ReturnType<typeof createDnsCache>, how: { byAddress?: boolean } = {}) {
  return (hostname: string, options: dns.LookupOptions, cb: LookupCb) => {
    lookup(hostname, typeof options.family === "number" ? options.family : undefined, (err, addresses) => {
      if (err) return cb(err, []);
      const blocked = addresses.find((a) => isRefused(hostname, a.address, how));
      if (blocked) return cb(new BlockedAddressError(hostname, blocked.address) as NodeJS.ErrnoException, []);
      if (options.all) return cb(null, addresses);
      cb(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Where a connection for `hostname` goes: a job's override, else the deployment's (exact names before "*"). */
function overrideFor(opts: FetcherOptions, hostname: string): { target?: ResolveTarget; isJobs: boolean } {
  const job = opts.jobResolve ?? {};
  const deployment = opts.resolve ?? {};
  const h = hostname.toLowerCase();
  if (job[h]) return { target: job[h], isJobs: true };
  if (deployment[h]) return { target: deployment[h], isJobs: false };
  if (job["*"]) return { target: job["*"], isJobs: true };
  return { target: deployment["*"], isJobs: false };
}

type Connect = (opts: buildConnector.Options, cb: buildConnector.Callback) => void;

/**
 * Connects to the proxy only when its address passes the guard, judged by address alone: a
 * proxy on a private address is allowed where the deployment allows that address, never by name.
 */
function guardProxyConnect(connect: Connect, isRefused: AddressPolicy, lookup: ReturnType<typeof createDnsCache>): Connect {
  const check = guardedLookup(isRefused, lookup, { byAddress: true });
  return (connectOpts, cb) => {
    const host = connectOpts.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host)) {
      if (isRefused(host, host, { byAddress: true })) return cb(new BlockedAddressError(`proxy ${host}`, host), null);
      return connect(connectOpts, cb);
    }
    check(host, { family: 0 }, (err, address) => (err ? cb(err, null) : connect({ ...connectOpts, hostname: String(address) }, cb)));
  };
}

/** An undici dispatcher that applies host overrides and refuses blocked addresses at connect time. */
function createAgent(opts: FetcherOptions, isRefused: AddressPolicy, lookup: ReturnType<typeof createDnsCache>) {
  const pool = {
    connections: 4,
    keepAliveTimeout: 10_000,
    headersTimeout: opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    bodyTimeout: opts.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
  };
  const timeout = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  if (opts.proxy) {
    // The proxy resolves and connects to targets; the fetcher checks each target's addresses
    // itself first (preflight) and the proxy's own address here.
    return new ProxyAgent({
      uri: opts.proxy, ...pool, proxyTls: { timeout },
      clientFactory: (origin, clientOpts) => new Pool(origin, { ...clientOpts, connect: guardProxyConnect((clientOpts as { connect: Connect }).connect, isRefused, lookup) }),
    });
  }
  const byDns = buildConnector({ timeout, lookup: guardedLookup(isRefused, lookup) } as buildConnector.BuildOptions);
  const byAddress = buildConnector({ timeout, lookup: guardedLookup(isRefused, lookup, { byAddress: true }) } as buildConnector.BuildOptions);
  return new Agent({
    ...pool,
    connect: (connectOpts, cb) => {
      const { target, isJobs } = overrideFor(opts, connectOpts.hostname);
      const hostname = target?.address ?? connectOpts.hostname;
      if (net.isIP(hostname) && isRefused(connectOpts.hostname, hostname, { byAddress: isJobs })) {
        return cb(new BlockedAddressError(connectOpts.hostname, hostname), null);
      }
      (isJobs ? byAddress : byDns)(
        { ...connectOpts, hostname, port: target?.port ? String(target.port) : connectOpts.port,
          servername: connectOpts.servername ?? (net.isIP(connectOpts.hostname) ? undefined : connectOpts.hostname) },
        cb,
      );
    },
  });
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

/** Map a thrown transport error to a stored reason and whether trying again may help. */
export function classifyFetchError(err: unknown): { reason: string; isRetryable: boolean } {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = String(e?.code ?? e?.cause?.code ?? "");
  if ((err as Error)?.name === "TimeoutError") return { reason: "timeout", isRetryable: true };
  if (code === "BLOCKED_ADDRESS") return { reason: "blocked-address", isRetryable: false };
  if (/^Proxy response \(\d+\)/.test((err as Error)?.message ?? "")) return { reason: "proxy-error", isRetryable: true };
  if (code.includes("TIMEOUT") || code === "ETIMEDOUT") return { reason: "timeout", isRetryable: true };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { reason: "dns", isRetryable: code === "EAI_AGAIN" };
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return { reason: "tls", isRetryable: false };
  return { reason: "connect-error", isRetryable: true };
}

/** Per-host headers from `host value` entries (credentials become a Basic Authorization header). */
function perHostHeaders(opts: FetcherOptions): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  const add = (host: string, name: string, value: string) => out.set(host, { ...out.get(host), [name]: value });
  for (const e of opts.siteAuth ?? []) {
    const a = parseSiteAuth(e);
    add(a.host, "authorization", `Basic ${Buffer.from(`${a.username}:${a.password}`).toString("base64")}`);
  }
  for (const e of opts.cookies ?? []) {
    const c = parseSiteCookie(e);
    add(c.host, "cookie", c.cookie);
  }
  return out;
}

/** A fetcher bound to one configuration; call `close()` to release its sockets. */
export function createFetcher(opts: FetcherOptions) {
  const isRefused = createAddressPolicy({ allowAll: opts.allowPrivate, allowList: opts.privateAllowList });
  const lookup = createDnsCache();
  const agent = createAgent(opts, isRefused, lookup);
  const maxBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const hostHeaders = perHostHeaders(opts);
  const hopDeadlineMs = (opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) + (opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS) + (opts.bodyTimeoutMs ?? BODY_TIMEOUT_MS);

  function check(host: string, how: { byAddress?: boolean } = {}): Promise<void> {
    if (net.isIP(host)) return isRefused(host, host, how) ? Promise.reject(new BlockedAddressError(host, host)) : Promise.resolve();
    return new Promise((resolve, reject) => guardedLookup(isRefused, lookup, how)(host, { all: true }, (err) => (err ? reject(err) : resolve())));
  }
  const proxyHost = opts.proxy ? new URL(opts.proxy).hostname.replace(/^\[|\]$/g, "") : undefined;
  /**
   * With a proxy the connector never sees the target: resolve it here and refuse blocked
   * addresses. The proxy's own address is checked too, by address alone (every proxy kind;
   * an HTTP proxy's connection is also pinned to the checked address, see guardProxyConnect).
   */
  async function preflight(url: URL): Promise<void> {
    if (!proxyHost) return;
    await check(proxyHost, { byAddress: true });
    await check(url.hostname.replace(/^\[|\]$/g, ""));
  }

  async function fetchUrl(url: string, req: FetchRequestOptions = {}): Promise<FetchOutcome> {
    const started = performance.now();
    const redirects: string[] = [];
    let current = url;
    const elapsed = () => Math.round(performance.now() - started);
    const stop = (reason: string, detail: string) => ({ ok: false as const, reason, detail, isRetryable: false, redirects, fetchMs: elapsed() });
    try {
      for (let hop = 0; ; hop++) {
        const target = new URL(current);
        await preflight(target);
        const conditional = hop === 0 ? {
          ...(req.etag ? { "if-none-match": req.etag } : {}),
          ...(req.lastModified ? { "if-modified-since": req.lastModified } : {}),
        } : {};
        const res = await request(current, {
          dispatcher: agent,
          // Idle timeouts alone never end a body sent a byte per second: the whole hop has a deadline.
          signal: AbortSignal.timeout(hopDeadlineMs),
          method: "GET",
          headers: { "user-agent": opts.userAgent, accept: req.accept ?? "text/html,application/xhtml+xml,*/*;q=0.8",
            "accept-encoding": "gzip, deflate, br", "accept-language": "zh-CN,zh;q=0.9,en;q=0.8",
            ...hostHeaders.get(target.hostname), ...conditional },
        });
        const location = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && typeof location === "string") {
          await res.body.dump(); // discard the redirect's own body without an unhandled abort error
          const answeredAt = new Date();
          const next = canonicalizeUrl(location, current);
          if (!next.ok) return stop(`redirect-${next.reason}`, location);
          redirects.push(current);
          if (redirects.includes(next.url)) return stop("redirect-loop", next.url);
          if (hop + 1 > MAX_REDIRECTS) return stop("too-many-redirects", next.url);
          const refusal = req.beforeRedirect ? await req.beforeRedirect(next.url, answeredAt) : null;
          if (refusal) return stop(refusal, next.url);
          current = next.url;
          continue;
        }
        const headers = flattenHeaders(res.headers);
        if (req.wantBody && !req.wantBody(res.statusCode, headers)) {
          await res.body.dump();
          return { ok: true, status: res.statusCode, finalUrl: current, redirects, headers, body: Buffer.alloc(0), isTruncated: false, fetchMs: elapsed() };
        }
        const { body, isTruncated } = await readCapped(res.body, maxBytes, headers["content-encoding"]);
        return { ok: true, status: res.statusCode, finalUrl: current, redirects, headers, body, isTruncated, fetchMs: elapsed() };
      }
    } catch (err) {
      const { reason, isRetryable } = classifyFetchError(err);
      return { ok: false, reason, detail: redactUrlCredentials((err as Error).message), isRetryable, redirects, fetchMs: elapsed() };
    }
  }

  return { fetchUrl, close: () => agent.close() };
}

/** Error messages may quote a proxy URL: never let its password reach logs or the database. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/(\w+:\/\/[^:/\s@]+:)[^@\s/]+@/g, "$1••••••@");
}

/** A fetcher instance. */
export type Fetcher = ReturnType<typeof createFetcher>;

/**
 * A dispatcher behind the same private-address guard as crawling, without the crawl's host
 * overrides, proxy or site credentials: for requests the dashboard sends itself (webhooks).
 */
export function createGuardedDispatcher(opts: Pick<FetcherOptions, "allowPrivate" | "privateAllowList" | "connectTimeoutMs" | "headersTimeoutMs" | "bodyTimeoutMs">) {
  const isRefused = createAddressPolicy({ allowAll: opts.allowPrivate, allowList: opts.privateAllowList });
  return createAgent({ ...opts, userAgent: "" }, isRefused, createDnsCache());
}
