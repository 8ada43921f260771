/** URL normalisation (docs/ALGORITHMS.md §3): one canonical key per document, so each is fetched once per job. */

/** Schemes the crawler fetches. */
export const CRAWLABLE_SCHEMES = new Set(["http:", "https:"]);

/** Longest URL the frontier accepts; longer ones are almost always traps or garbage. */
export const MAX_URL_LENGTH = 2048;

/** Query parameters that only track the visitor and never change the document. */
const TRACKING_PARAMS = new Set(["gclid", "fbclid", "msclkid", "yclid", "spm", "_hsenc", "_hsmi", "mc_cid", "mc_eid"]);

/** The outcome of normalising a URL: the canonical form, or why it cannot be crawled. */
export type CanonicalResult = { ok: true; url: string; host: string } | { ok: false; reason: string };

/** Resolve `raw` against `base` and normalise it; expected failures are results, not exceptions. */
export function canonicalizeUrl(raw: string, base?: string): CanonicalResult {
  let u: URL;
  try {
    u = new URL(raw.trim(), base);
  } catch {
    return { ok: false, reason: "invalid-url" };
  }
  if (!CRAWLABLE_SCHEMES.has(u.protocol)) return { ok: false, reason: `unsupported-scheme:${u.protocol.replace(":", "")}` };
  if (!u.hostname) return { ok: false, reason: "invalid-url" };
  // WHATWG URL already lower-cases scheme and host, encodes IDN hosts as punycode,
  // drops the default port and resolves dot segments.
  u.hash = "";
  u.username = "";
  u.password = "";
  // "a.test." and "a.test.." name the same host as "a.test": every trailing dot goes, or the
  // key would change each time it is normalised again.
  const host = u.hostname.replace(/\.+$/, "");
  if (!host) return { ok: false, reason: "invalid-url" };
  u.hostname = host;
  const params = [...u.searchParams].filter(([k]) => !k.toLowerCase().startsWith("utm_") && !TRACKING_PARAMS.has(k.toLowerCase()));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  u.search = params.length ? new URLSearchParams(params).toString() : "";
  const url = u.toString();
  if (url.length > MAX_URL_LENGTH) return { ok: false, reason: "url-too-long" };
  return { ok: true, url, host: u.host };
}

/** Validate a seed URL a person typed; returns an error message that says how to fix it, or null. */
export function describeSeedProblem(raw: string): string | null {
  const r = canonicalizeUrl(raw);
  if (r.ok) return null;
  if (r.reason === "invalid-url") return `"${raw}" is not a URL: write it in full, e.g. https://example.com/`;
  if (r.reason.startsWith("unsupported-scheme")) return `"${raw}" uses ${r.reason.split(":")[1]}: only http:// and https:// URLs can be crawled`;
  return `"${raw}" is longer than ${MAX_URL_LENGTH} characters`;
}
