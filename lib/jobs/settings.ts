/**
 * A job's crawl settings (stored in `jobs.settings`): politeness, scope, trap limits and how to
 * fetch. One schema validates the form, the API and the CLI, and fills defaults when a worker
 * reads an older job.
 */
import { z } from "zod";
import { FETCH_MODES } from "../rules/needs-browser";
import { parseResolveMap } from "../rules/resolve-map";
import { addressLiteral, isLocalhostName, type AddressPolicy } from "../rules/address-guard";
import { describePatternProblem, SCOPE_MODES } from "../rules/scope";
import { BODY_TIMEOUT_MS, CONNECT_TIMEOUT_MS, HEADERS_TIMEOUT_MS, MAX_BODY_BYTES } from "../rules/fetch-limits";
import { DEFAULT_FOCUS_HOLD_BACK } from "../rules/focus";

/** Politeness defaults: one request per host a second after its previous answer; two at a time to hosts without a delay. */
export const DEFAULT_MIN_DELAY_MS = 1_000;
export const DEFAULT_MAX_HOST_CONNECTIONS = 2;
/** Trap limits (seed 002). 0 pages per host = no limit. */
export const DEFAULT_MAX_PAGES_PER_HOST = 0;
export const DEFAULT_MAX_QUERY_VARIANTS = 100;
export const DEFAULT_MAX_LINKS_PER_PAGE = 500;
export const DEFAULT_MAX_REPEATED_SEGMENTS = 3;
/**
 * Fetched pages after which a job's topic learns from its own pages once, by itself (from its
 * 10 best content pages over the threshold, against the content pages below it; lib/maintenance/refine.ts).
 * 0 = never. On the CSL abstracts learning raised CLC topics' mean ROC-AUC from 0.880 to 0.906;
 * on the test web the page filter's precision stayed at 0.88–0.92 (0.91–0.92 without learning)
 * in the crawls of every strategy (bench/RELEVANCE.md, bench/LAB.md). Off by default all the same:
 * on the realistic web (real text, politeness on, five CLC-only topics, best-first) learning raised
 * harvest on none of the five (TP 0.040 = 0.040, R 0.163 vs 0.161, F 0.083 = 0.083, S 0.289 vs
 * 0.291, G 0.410 vs 0.470 without) and filter precision on one (R 0.79 vs 0.77; G 0.62 vs 0.70,
 * F 0.31 vs 0.34); bench/LAB.md, "Realistic web". Kept as a per-job setting.
 */
export const DEFAULT_ADAPT_TOPIC_AFTER = 0;

/**
 * Raw bodies larger than this are not kept (their extracted text still is). 2 MiB keeps all but
 * outsized pages: the pages of the measured 20,000-page site averaged ~30 KB.
 */
export const DEFAULT_RAW_HTML_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Requests a job's log keeps: a 10,000-page crawl whole, at about 200 bytes a row (2 MB); a
 * longer crawl keeps its latest, which is what a person watching it looks at.
 */
export const DEFAULT_REQUEST_LOG_KEEP = 10_000;

/** A yes/no field from JSON (true/false) or a form ("on", "true", "1", "false", "off", "0"). */
export const booleanField = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? ({ on: true, true: true, "1": true, off: false, false: false, "0": false } as Record<string, boolean>)[v.trim().toLowerCase()] ?? v : v),
    z.boolean({ error: `${name} must be true or false` }),
  );

/** Longest entry of any list setting: a cookie header, a URL pattern, a host override (browsers cap a cookie at 4096 bytes). */
export const MAX_LIST_ENTRY_CHARS = 4096;
/** Pages taken from one sitemap file by default: a site's sitemap lists every page, most of them off the topic. */
export const DEFAULT_MAX_SITEMAP_URLS = 5_000;

/** Most entries of any list setting; lists with a tighter limit (seeds, keywords) add their own. */
export const MAX_LIST_ENTRIES = 10_000;

/** A list given as an array or as one separated string; a missing list is an empty one. Entries and their count are capped. */
export const listOf = (sep: RegExp) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z.union([z.string(), z.array(z.string())], { error: "must be text or a list of text" }),
  ).transform((v) => (Array.isArray(v) ? v : v.split(sep)).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(MAX_LIST_ENTRY_CHARS, `each entry must be at most ${MAX_LIST_ENTRY_CHARS} characters`))
      .max(MAX_LIST_ENTRIES, `at most ${MAX_LIST_ENTRIES} entries`));

/** A whole number from a form string or JSON; "" means "use the default". */
export const integerField = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z.number({ error: `${name} must be a whole number between ${min} and ${max}` })
      // abort: a number that is no whole number (1e99 is past the safe integers) gets this one message, not a second "at most".
      .int({ error: `${name} must be a whole number between ${min} and ${max}`, abort: true })
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

const LINES = /\r?\n/;

/** `host user:password` → credentials for that host. */
export function parseSiteAuth(entry: string): { host: string; username: string; password: string } {
  const m = /^(\S+)\s+([^:\s]+):(.*)$/.exec(entry.trim());
  if (!m) throw new Error(`"${entry.split(/\s/)[0]} …" must be "host user:password", e.g. intranet.example.com alice:secret`);
  return { host: m[1].toLowerCase(), username: m[2], password: m[3] };
}

/** `host name=value; name2=value2` → the Cookie header for that host. */
export function parseSiteCookie(entry: string): { host: string; cookie: string } {
  const m = /^(\S+)\s+(\S+=.*)$/.exec(entry.trim());
  if (!m) throw new Error(`"${entry.split(/\s/)[0]} …" must be "host name=value; name2=value2"`);
  return { host: m[1].toLowerCase(), cookie: m[2] };
}

const checkedList = (field: string, check: (entry: string) => unknown) =>
  listOf(LINES).superRefine((entries, ctx) => {
    for (const e of entries) {
      try {
        check(e);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: `${field}: ${(err as Error).message}` });
      }
    }
  });

const patternList = (field: string) =>
  listOf(/[\s,]+/).superRefine((entries, ctx) => {
    for (const e of entries) {
      const problem = describePatternProblem(e);
      if (problem) ctx.addIssue({ code: "custom", message: `${field}: ${problem}` });
    }
  });

/** Host names, one per line or comma-separated, lower-cased. */
const hostList = (field: string) =>
  listOf(/[\s,]+/).transform((hosts) => hosts.map((h) => h.toLowerCase())).superRefine((hosts, ctx) => {
    for (const h of hosts) {
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h)) {
        ctx.addIssue({ code: "custom", message: `${field}: "${h}" is not a host name: write one per line, e.g. spa.example.com` });
      }
    }
  });

/** Every crawl setting with its default. */
export const CrawlSettingsSchema = z.object({
  minDelayMs: integerField("minDelayMs", 0, 600_000).default(DEFAULT_MIN_DELAY_MS),
  // Requests in flight to a host without a delay; a host with one gets one at a time (host_connections()).
  maxHostConnections: integerField("maxHostConnections", 1, 32).default(DEFAULT_MAX_HOST_CONNECTIONS),
  /** URLs of this job in flight at once across all workers (0 = only each worker's own limit). */
  maxConcurrency: integerField("maxConcurrency", 0, 10_000).default(0),
  resolve: listOf(/[\s,]+/).superRefine((entries, ctx) => {
    try {
      parseResolveMap(entries);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: `resolve: ${(err as Error).message}` });
    }
  }),
  scope: z.enum(SCOPE_MODES, { error: `scope must be one of: ${SCOPE_MODES.join(", ")}` }).default("any"),
  allow: patternList("allow"),
  deny: patternList("deny"),
  maxPagesPerHost: integerField("maxPagesPerHost", 0, 10_000_000).default(DEFAULT_MAX_PAGES_PER_HOST),
  maxQueryVariants: integerField("maxQueryVariants", 1, 1_000_000).default(DEFAULT_MAX_QUERY_VARIANTS),
  maxLinksPerPage: integerField("maxLinksPerPage", 1, 100_000).default(DEFAULT_MAX_LINKS_PER_PAGE),
  maxRepeatedSegments: integerField("maxRepeatedSegments", 1, 100).default(DEFAULT_MAX_REPEATED_SEGMENTS),
  adaptTopicAfter: integerField("adaptTopicAfter", 0, 10_000_000).default(DEFAULT_ADAPT_TOPIC_AFTER),
  /** Focus under politeness (topic-aware strategies): hold back URLs below this % of the best priority of hosts ready soon. */
  focusHoldBack: integerField("focusHoldBack", 0, 100).default(DEFAULT_FOCUS_HOLD_BACK),
  /**
   * Topic-aware strategies: links of pages that do not score take their own words' score, inherited
   * priority decays through irrelevant pages and a URL weighs its host's harvest so far
   * (docs/ALGORITHMS.md §2.8). Off runs a paper's strategy exactly as published.
   */
  priorityFeedback: booleanField("priorityFeedback").default(true),
  /**
   * With priorityFeedback: slots the held-back URLs leave idle fetch URLs the budget would fetch
   * anyway (lib/rules/focus.ts), on any host not sunk. On the realistic web it kept R's harvest and
   * ran its crawl in about half the time (2.3 against 4.3 minutes, bench/LAB.md); off leaves hosts
   * idle while the good ones wait.
   */
  idleCapacity: booleanField("idleCapacity").default(true),
  connectTimeoutMs: integerField("connectTimeoutMs", 100, 300_000).default(CONNECT_TIMEOUT_MS),
  headersTimeoutMs: integerField("headersTimeoutMs", 100, 300_000).default(HEADERS_TIMEOUT_MS),
  bodyTimeoutMs: integerField("bodyTimeoutMs", 100, 600_000).default(BODY_TIMEOUT_MS),
  maxBodyBytes: integerField("maxBodyBytes", 1024, 100 * 1024 * 1024).default(MAX_BODY_BYTES),
  /** Read each host's sitemaps (robots.txt's Sitemap: lines, else /sitemap.xml) and queue the pages they list, scored like links. */
  sitemaps: booleanField("sitemaps").default(false),
  /** Most pages taken from one sitemap file (the protocol allows 50,000). */
  maxSitemapUrls: integerField("maxSitemapUrls", 1, 50_000).default(DEFAULT_MAX_SITEMAP_URLS),
  /** How pages are fetched: over HTTP, rendered in the browser, or rendered when the HTTP page has little text but many scripts. */
  fetchMode: z.enum(FETCH_MODES, { error: `fetchMode must be one of: ${FETCH_MODES.join(", ")}` }).default("http"),
  /** Hosts whose pages are always rendered in the browser, whatever the job's fetch mode. */
  browserHosts: hostList("browserHosts"),
  /** Keep each HTML response body (gzip-compressed, in page_bodies) for snapshots and WARC export. */
  keepRawHtml: booleanField("keepRawHtml").default(true),
  rawHtmlMaxBytes: integerField("rawHtmlMaxBytes", 0, 100 * 1024 * 1024).default(DEFAULT_RAW_HTML_MAX_BYTES),
  /** Requests of the job kept in its request log, newest first (0 = keep none). */
  requestLogKeep: integerField("requestLogKeep", 0, 1_000_000).default(DEFAULT_REQUEST_LOG_KEEP),
  proxy: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().refine((s) => {
    try {
      return ["http:", "https:", "socks5:"].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, "proxy must be a URL such as http://user:password@proxy.example.com:3128 (http, https or socks5)").optional()),
  siteAuth: checkedList("siteAuth", parseSiteAuth),
  cookies: checkedList("cookies", parseSiteCookie),
});

/** Validated crawl settings. */
export type CrawlSettings = z.output<typeof CrawlSettingsSchema>;

/** A stored job's settings with defaults for anything it predates. */
export function readCrawlSettings(stored: unknown): CrawlSettings {
  return CrawlSettingsSchema.parse(stored ?? {});
}

const HIDDEN = "••••••";

/** Settings safe to show back: proxy passwords, site passwords and cookie values hidden. */
export function redactSettings(s: Partial<CrawlSettings>): Partial<CrawlSettings> {
  const proxy = s.proxy ? (() => {
    const u = new URL(s.proxy);
    if (u.password) u.password = HIDDEN;
    return decodeURI(u.toString());
  })() : undefined;
  return {
    ...s,
    proxy,
    siteAuth: s.siteAuth?.map((e) => { const a = parseSiteAuth(e); return `${a.host} ${a.username}:${HIDDEN}`; }),
    cookies: s.cookies?.map((e) => `${parseSiteCookie(e).host} ${HIDDEN}`),
  };
}

/**
 * True when a job's own target (an override's address, a proxy's host) is refused by address:
 * any form the resolver reads as an IP address (`127.1`, `2130706433`, `0x7f000001`, `0`) is
 * judged as that address, and `localhost` names are loopback whatever DNS says. Other names are
 * resolved and checked when fetched.
 */
function isRefusedTarget(target: string, isRefused: AddressPolicy): boolean {
  const address = addressLiteral(target);
  if (address !== null) return isRefused(address, address, { byAddress: true });
  return isLocalhostName(target) && isRefused(target, "127.0.0.1", { byAddress: true });
}

/**
 * Where a job's own settings point the crawler at addresses the deployment's guard refuses:
 * host overrides to a private address and a proxy on one. Only the deployment may pin names to
 * private addresses (CRAWL_RESOLVE) and allow proxies there (PRIVATE_NETWORK_ALLOW by address).
 * Names are resolved when fetched and checked there; this catches what is written as an address,
 * in any of the forms the resolver reads as one, and `localhost`.
 */
export function privateTargetErrors(s: Pick<CrawlSettings, "resolve" | "proxy">, isRefused: AddressPolicy): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const map = (() => { try { return parseResolveMap(s.resolve); } catch { return {}; } })();
  for (const [host, target] of Object.entries(map)) {
    if (isRefusedTarget(target.address, isRefused)) {
      (errors.resolve ??= []).push(`resolve: "${host}=${target.address}" points at a private or local address; only the deployment may (CRAWL_RESOLVE), or allow that address in PRIVATE_NETWORK_ALLOW`);
    }
  }
  const proxyHost = s.proxy ? new URL(s.proxy).hostname.replace(/^\[|\]$/g, "") : "";
  if (proxyHost && isRefusedTarget(proxyHost, isRefused)) {
    errors.proxy = [`proxy ${proxyHost} is a private or local address; allow that address in PRIVATE_NETWORK_ALLOW or use a public proxy`];
  }
  return errors;
}
