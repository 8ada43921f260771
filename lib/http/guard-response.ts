/** The request guard (request-guard.ts) as the dashboard's proxy runs it: a JSON refusal, or null to go on. */
import { loadEnv } from "../env";
import { requestLocale, securityMessage } from "../i18n/security-messages";
import { buildRequestPolicy, checkRequest, type RequestPolicy } from "./request-guard";

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
export function refusalLocale(headers: Headers) {
  return requestLocale(cookieLang(headers.get("cookie")), headers.get("accept-language"));
}

/** A JSON error response in the request's language. */
export function securityErrorResponse(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "cache-control": "no-store" } });
}

/** Refuse a request the guard rejects (JSON `{"error": ...}` with 421, 403, 413 or 415), or null to let it through. */
export function refuseRequest(request: Request): Response | null {
  const verdict = checkRequest({ method: request.method, pathname: new URL(request.url).pathname, headers: request.headers }, currentPolicy());
  if (verdict.ok) return null;
  return securityErrorResponse(verdict.status, securityMessage(refusalLocale(request.headers), verdict.key, verdict.vars));
}
