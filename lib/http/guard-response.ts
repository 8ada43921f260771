/** The request guard (request-guard.ts) as the dashboard's proxy runs it: a JSON refusal, or null to go on. */
import { loadEnv } from "../env";
import { requestLocale, securityMessage } from "../i18n/security-messages";
import { buildRequestPolicy, checkRequest, type GuardedRequest, type RequestPolicy } from "./request-guard";

let cached: { key: string; policy: RequestPolicy } | undefined;

/** The policy of the current environment, rebuilt only when one of its variables changes. */
export function currentPolicy(source: Record<string, string | undefined> = process.env): RequestPolicy {
  const key = [source.HOST, source.PORT, source.PUBLIC_URL, source.MAX_JSON_BODY_BYTES].join("\n");
  if (cached?.key !== key) cached = { key, policy: buildRequestPolicy(loadEnv(source)) };
  return cached.policy;
}

/** The `lang` cookie of a Cookie header. */
function cookieLang(cookie: string | null): string | undefined {
  return /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? "")?.[1];
}

/** The language a refusal of this request is written in. */
export function refusalLocale(headers: GuardedRequest["headers"]) {
  return requestLocale(cookieLang(headers.get("cookie")), headers.get("accept-language"));
}

/** A JSON error response in the request's language. */
export function securityErrorResponse(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "cache-control": "no-store" } });
}

/** The guard's refusal of a request (a status and the message in the request's language), or null to let it through. */
export function guardRefusal(req: GuardedRequest): { status: number; error: string } | null {
  const verdict = checkRequest(req, currentPolicy());
  if (verdict.ok) return null;
  return { status: verdict.status, error: securityMessage(refusalLocale(req.headers), verdict.key, verdict.vars) };
}

/** Refuse a request the guard rejects (JSON `{"error": ...}` with 421, 403, 413 or 415), or null to let it through. */
export function refuseRequest(request: Request): Response | null {
  const refusal = guardRefusal({ method: request.method, pathname: new URL(request.url).pathname, headers: request.headers });
  return refusal && securityErrorResponse(refusal.status, refusal.error);
}

/** How long a client should wait before trying again while the database is unreachable, in seconds. */
const DATABASE_RETRY_AFTER_S = 5;

/** The API's answer while the database cannot be reached: a JSON 503 in the request's language. */
export function databaseDownResponse(headers: GuardedRequest["headers"]): Response {
  return Response.json({ error: securityMessage(refusalLocale(headers), "databaseDown") },
    { status: 503, headers: { "cache-control": "no-store", "retry-after": String(DATABASE_RETRY_AFTER_S) } });
}
