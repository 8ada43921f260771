/** The one place that turns a fetch outcome into what happens to the URL: store, retry, fail or skip. */
import type { FetchOutcome } from "./fetch-outcome";

/** What to do with a fetched URL. */
export type Decision =
  | { kind: "store"; mime: string }
  | { kind: "retry"; reason: string; notBefore?: Date }
  | { kind: "fail"; reason: string }
  | { kind: "skip"; reason: string };

const HTML_MIMES = new Set(["text/html", "application/xhtml+xml"]);
const EXTENSION_MIMES: Record<string, string> = {
  html: "text/html", htm: "text/html", shtml: "text/html", xhtml: "application/xhtml+xml", php: "text/html", asp: "text/html",
  aspx: "text/html", jsp: "text/html", pdf: "application/pdf", doc: "application/msword", txt: "text/plain",
  jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", gif: "image/gif", zip: "application/zip",
};

/** The MIME type a URL's extension suggests ("text/html" for paths without one). */
export function mimeFromExtension(url: string): string {
  const path = new URL(url).pathname;
  const ext = /\.([a-z0-9]{1,5})$/i.exec(path)?.[1]?.toLowerCase();
  return ext ? (EXTENSION_MIMES[ext] ?? "application/octet-stream") : "text/html";
}

/** Whether a response with this Content-Type (or, without one, this URL's extension) is HTML. */
export function isHtmlMime(contentType: string | undefined, url: string): boolean {
  const declared = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return HTML_MIMES.has(declared || mimeFromExtension(url));
}

/** Retry-After as a date: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): Date | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return new Date(now + Number(value.trim()) * 1000);
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** Decide what a fetch outcome means for its URL. */
export function classifyOutcome(outcome: FetchOutcome): Decision {
  if (!outcome.ok) {
    return outcome.isRetryable ? { kind: "retry", reason: outcome.reason } : { kind: "fail", reason: outcome.reason };
  }
  const { status, headers } = outcome;
  if (status === 429 || status === 503) return { kind: "retry", reason: `http-${status}`, notBefore: parseRetryAfter(headers["retry-after"]) };
  if (status >= 500) return { kind: "retry", reason: `http-${status}` };
  if (status === 304) return { kind: "skip", reason: "not-modified" };
  if (status < 200 || status >= 300) return { kind: "fail", reason: `http-${status}` };
  const declared = (headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  const mime = declared || mimeFromExtension(outcome.finalUrl);
  if (!HTML_MIMES.has(mime)) return { kind: "skip", reason: `not-html:${mime}` };
  return { kind: "store", mime };
}
