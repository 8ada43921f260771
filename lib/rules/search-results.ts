/**
 * Search providers and their answers, pure: the SEARCH_PROVIDERS setting, a provider's request
 * URL, and the results of an answer in SearXNG's JSON shape (`{"results":[{"url","title","content"}]}`),
 * which other meta-search front ends speak too.
 */
import { canonicalizeUrl } from "./url";

/** A configured search provider: a name people see and the search endpoint, e.g. https://searx.example.org/search. */
export interface SearchProvider { name: string; endpoint: string }

/** One result of a provider: its canonical URL and host, title and snippet. */
export interface SearchResult { url: string; host: string; title: string; snippet: string }

/** Results one answer may give; SearXNG sends 10–40 a page, more is not a search answer. */
const MAX_RESULTS_PER_ANSWER = 200;
/** Longest title or snippet kept: a snippet is a few sentences; the rest is not scored. */
const MAX_TEXT_CHARS = 1000;

/**
 * Parse "name=https://host/search" entries separated by commas or whitespace; throws a message
 * naming the bad entry and how to write it.
 */
export function parseSearchProviders(text: string): SearchProvider[] {
  const entries = text.split(/[\s,]+/).map((e) => e.trim()).filter(Boolean);
  const providers: SearchProvider[] = [];
  for (const entry of entries) {
    const m = /^([\p{L}\p{N}_.-]{1,40})=(.+)$/u.exec(entry);
    const url = m ? safeUrl(m[2]) : null;
    if (!m || !url || !["http:", "https:"].includes(url.protocol) || url.username || url.password) {
      throw new Error(`bad search provider "${entry}": write NAME=URL of its search endpoint, e.g. searx=https://searx.example.org/search`);
    }
    if (providers.some((p) => p.name === m[1])) throw new Error(`search provider "${m[1]}" is named twice: give each provider its own name`);
    providers.push({ name: m[1], endpoint: url.href });
  }
  return providers;
}

function safeUrl(text: string): URL | null {
  try { return new URL(text); } catch { return null; }
}

/** The request URL of one query: the endpoint with `q` and `format=json` (its other parameters kept). */
export function searchRequestUrl(provider: SearchProvider, query: string): string {
  const url = new URL(provider.endpoint);
  url.searchParams.set("q", query);
  url.searchParams.set("format", "json");
  return url.href;
}

const clip = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT_CHARS) : "");

/**
 * The crawlable results of an answer's body, in the provider's order, or null when the body is
 * not a search answer (not JSON, or no `results` list). Results that are not http(s) URLs are left out.
 */
export function parseSearchAnswer(body: string): SearchResult[] | null {
  let data: unknown;
  try { data = JSON.parse(body); } catch { return null; }
  const results = (data as { results?: unknown } | null)?.results;
  if (typeof data !== "object" || data === null || !Array.isArray(results)) return null;
  const out: SearchResult[] = [];
  for (const r of results.slice(0, MAX_RESULTS_PER_ANSWER)) {
    const raw = (r as { url?: unknown } | null)?.url;
    if (typeof raw !== "string") continue;
    const c = canonicalizeUrl(raw);
    if (!c.ok) continue;
    out.push({ url: c.url, host: c.host, title: clip((r as { title?: unknown }).title), snippet: clip((r as { content?: unknown }).content) });
  }
  return out;
}
