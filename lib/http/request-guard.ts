/**
 * The checks every request passes before a route or server action runs, as pure decisions:
 *
 * - Host: only the names the dashboard is served at. A DNS name an attacker controls can be
 *   rebound to 127.0.0.1, after which the browser sends `Host: evil.example:3000` to the
 *   dashboard with the attacker's page as same-origin; refusing unknown hosts closes that.
 * - Writes (any method but GET/HEAD/OPTIONS) from a browser must come from the dashboard's own
 *   origin (`Sec-Fetch-Site`, else `Origin`). A request with neither header is not a browser
 *   (curl, the command line) and cannot carry someone else's cookies or credentials: allowed.
 * - API writes carry JSON: a cross-site `<form enctype="text/plain">` can send a body that
 *   parses as JSON, but never with `Content-Type: application/json`. Sign-in and sign-out are
 *   plain HTML forms (they work without JavaScript): those two take a URL-encoded form, from the
 *   dashboard's own origin like every write.
 * - A body larger than the route reads is refused from its Content-Length (413), before it is read.
 */
import type { Env } from "../env";
import type { SecurityMessageKey } from "../i18n/security-messages";

/** What a request may name and send. */
export interface RequestPolicy {
  /** Host header values served (lower case, e.g. "127.0.0.1:3000", "crawl.example.com"). */
  hosts: Set<string>;
  /** Origins besides the request's own host that may write (PUBLIC_URL's, e.g. "https://crawl.example.com"). */
  origins: Set<string>;
  /** Bound to every interface: any IP address with the port is served (only a name can be rebound). */
  isAnyIpServed: boolean;
  port: number;
  jsonLimitBytes: number;
  topicLimitBytes: number;
  formLimitBytes: number;
}

/** What the guard reads of a request. */
export interface GuardedRequest { method: string; pathname: string; headers: { get(name: string): string | null } }

/** Accepted, or refused with a status and a message key (lib/i18n/security-messages.ts) and its values. */
export type GuardVerdict = { ok: true } | { ok: false; status: number; key: SecurityMessageKey; vars: Record<string, string | number> };

/**
 * Topic definitions carry example texts (50 × 200,000 characters allowed, ~600 KB each in UTF-8),
 * so the routes that read them take this many times the JSON limit.
 */
export const TOPIC_BODY_FACTOR = 8;
/** Server actions' forms: Next.js reads at most 1 MB of them (`serverActions.bodySizeLimit`'s default). */
export const FORM_LIMIT_BYTES = 1024 * 1024;

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TOPIC_ROUTE = /^\/api\/topics(\/preview|\/score|\/\d+)?\/?$/;

const bracketed = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
const authority = (name: string, port: number) => [`${name}:${port}`, ...(port === 80 ? [name] : [])];

/** The policy of a deployment: its HOST, PORT, PUBLIC_URL and body limit. */
export function buildRequestPolicy(env: Pick<Env, "HOST" | "PORT" | "PUBLIC_URL" | "MAX_JSON_BODY_BYTES">): RequestPolicy {
  const bound = bracketed(env.HOST.toLowerCase());
  const isWildcard = WILDCARD_HOSTS.has(bound);
  const isLoopback = LOOPBACK_NAMES.includes(bound) || bound === "[::1]";
  const hosts = new Set<string>();
  if (!isWildcard) authority(bound, env.PORT).forEach((h) => hosts.add(h));
  if (isWildcard || isLoopback) for (const name of LOOPBACK_NAMES) authority(name, env.PORT).forEach((h) => hosts.add(h));
  const origins = new Set<string>();
  if (env.PUBLIC_URL) {
    const u = new URL(env.PUBLIC_URL);
    hosts.add(u.host);
    hosts.add(`${u.hostname}:${u.port || (u.protocol === "https:" ? 443 : 80)}`);
    origins.add(u.origin);
  }
  return {
    hosts, origins, isAnyIpServed: isWildcard, port: env.PORT,
    jsonLimitBytes: env.MAX_JSON_BODY_BYTES, topicLimitBytes: env.MAX_JSON_BODY_BYTES * TOPIC_BODY_FACTOR, formLimitBytes: FORM_LIMIT_BYTES,
  };
}

/** The largest body a request to `pathname` may send, in bytes. */
export function bodyLimitFor(pathname: string, policy: RequestPolicy): number {
  if (!pathname.startsWith("/api/")) return policy.formLimitBytes;
  return TOPIC_ROUTE.test(pathname) ? policy.topicLimitBytes : policy.jsonLimitBytes;
}

function isIpAuthority(host: string, port: number): boolean {
  const m = /^(\[[0-9a-f:.]+\]|\d{1,3}(?:\.\d{1,3}){3})(?::(\d+))?$/.exec(host);
  return m !== null && Number(m[2] ?? 80) === port;
}

/** True when the dashboard is served under this Host header value. */
export function isHostServed(rawHost: string | null, policy: RequestPolicy): boolean {
  const host = (rawHost ?? "").trim().toLowerCase().replace(/\.(?=:\d+$|$)/, "");
  return policy.hosts.has(host) || (policy.isAnyIpServed && isIpAuthority(host, policy.port));
}

/** Why a write is cross-site (the origin to name), or null when it comes from the dashboard itself or from no browser. */
export function crossSiteOrigin(headers: GuardedRequest["headers"], policy: RequestPolicy): string | null {
  const site = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  if (site !== null && site !== "same-origin" && site !== "none") return origin ?? site;
  if (origin === null) return null;
  try {
    const u = new URL(origin);
    if (policy.origins.has(u.origin) || u.host === (headers.get("host") ?? "").toLowerCase()) return null;
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage: not the dashboard
  }
  return origin;
}

/** The media type of a Content-Type header ("application/json; charset=utf-8" → "application/json"), or "" when absent. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** API routes that read an HTML form (sign-in and sign-out), not JSON. */
export const FORM_ROUTES = new Set(["/api/auth/login", "/api/auth/logout"]);

/** True when the request announces a body (a length above 0, or a chunked one). */
export function hasBody(headers: GuardedRequest["headers"]): boolean {
  return Number(headers.get("content-length") ?? 0) > 0 || headers.get("transfer-encoding") !== null;
}

/** Check a request before anything reads it. */
export function checkRequest(req: GuardedRequest, policy: RequestPolicy): GuardVerdict {
  const host = req.headers.get("host");
  if (!isHostServed(host, policy)) return { ok: false, status: 421, key: "unknownHost", vars: { host: host ?? "" } };
  if (SAFE_METHODS.has(req.method.toUpperCase())) return { ok: true };
  const foreign = crossSiteOrigin(req.headers, policy);
  if (foreign !== null) return { ok: false, status: 403, key: "crossSite", vars: { origin: foreign } };
  const limit = bodyLimitFor(req.pathname, policy);
  const size = Number(req.headers.get("content-length") ?? 0);
  if (size > limit) return { ok: false, status: 413, key: "tooLarge", vars: { limit, size } };
  const type = mediaType(req.headers.get("content-type"));
  if (FORM_ROUTES.has(req.pathname) && (type === "application/x-www-form-urlencoded" || type === "")) return { ok: true };
  if (req.pathname.startsWith("/api/") && type !== "application/json" && (type !== "" || hasBody(req.headers))) {
    return { ok: false, status: 415, key: "notJson", vars: { type: type || "none" } };
  }
  return { ok: true };
}
