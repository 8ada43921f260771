/**
 * robots.txt (seed 002): a 4xx means no rules (allow all); a 5xx or an unreachable server means
 * disallow all for a while; rules are cached per job and host with an expiry. Parsing is
 * robots-parser's; Crawl-delay is honoured up to a cap.
 */
import robotsParser from "robots-parser";

/** How long fetched rules are trusted before robots.txt is fetched again. */
export const ROBOTS_TTL_MS = 24 * 3600_000;
/**
 * After a 5xx or a network failure the host is treated as disallowed for a while, then asked
 * again: 30 s after the first failure, the wait doubling with each further one up to 10 min.
 */
export const ROBOTS_FIRST_RETRY_MS = 30_000;
export const ROBOTS_RETRY_MS = 10 * 60_000;

/** How long to wait before asking for robots.txt again after `failures` failures in a row (≥ 1). */
export function robotsRetryMs(failures: number): number {
  return Math.min(ROBOTS_RETRY_MS, ROBOTS_FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
/**
 * A host is set aside (its URLs skipped, links to it no longer queued) when its robots.txt fetch
 * failed this many times in a row and the last of them got no answer at all, each fetch tried after
 * the wait above: a dead external host then costs two requests, not a retried request and a page of
 * the budget per URL.
 */
export const UNREACHABLE_AFTER = 2;

/** Transport failures no later try would change: no such name (not a failed lookup), or an address the crawl may not fetch. */
const DEFINITE_FAILURES = new Set(["dns", "blocked-address"]);
/** Transport failures a later try might not repeat: a refused or dropped connection, no answer in time, a failed lookup. */
const TRANSIENT_FAILURES = new Set(["connect-error", "timeout", "dns"]);

/**
 * Whether a robots.txt fetch that got no answer (`reason`, the transport failure, and whether a
 * later try may help; `failuresBefore` failed fetches in a row before it) shows the host cannot be
 * reached: at once when its name does not exist or its address is blocked, after UNREACHABLE_AFTER
 * failures in a row for a refused or dropped connection, a timeout or a failed lookup. (A host that
 * has served a page is not set aside: setHostAside checks.)
 */
export function isHostUnreachable(failure: { reason: string; isRetryable: boolean }, failuresBefore: number): boolean {
  if (!failure.isRetryable) return DEFINITE_FAILURES.has(failure.reason);
  return TRANSIENT_FAILURES.has(failure.reason) && failuresBefore + 1 >= UNREACHABLE_AFTER;
}

/** A Crawl-delay above this is capped (some sites ask for hours). */
export const MAX_CRAWL_DELAY_MS = 30_000;
/** robots.txt bodies are small; more than this is not a robots file. */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/** What is known of a host's robots.txt. */
export type RobotsState = "unknown" | "rules" | "allow-all" | "unreachable";

/** Robots rules as stored in the hosts table. */
export interface RobotsRecord { state: RobotsState; txt: string | null; crawlDelayMs: number | null; expiresAt: Date }

/**
 * Turn a robots.txt fetch into a record: a response (status, body) or a transport failure (null).
 * `failures` counts this fetch's failed predecessors in a row, for the retry wait.
 */
export function robotsFromResponse(host: string, res: { status: number; body: string } | null, userAgent: string, now = Date.now(), failures = 0): RobotsRecord {
  if (!res || res.status >= 500 || res.status === 429) {
    return { state: "unreachable", txt: null, crawlDelayMs: null, expiresAt: new Date(now + robotsRetryMs(failures + 1)) };
  }
  if (res.status >= 400 || res.status < 200) return { state: "allow-all", txt: null, crawlDelayMs: null, expiresAt: new Date(now + ROBOTS_TTL_MS) };
  const txt = res.body.slice(0, MAX_ROBOTS_BYTES);
  const delay = robotsParser(`http://${host}/robots.txt`, txt).getCrawlDelay(robotsAgent(userAgent));
  return {
    state: "rules", txt,
    crawlDelayMs: typeof delay === "number" && delay > 0 ? Math.min(MAX_CRAWL_DELAY_MS, Math.round(delay * 1000)) : null,
    expiresAt: new Date(now + ROBOTS_TTL_MS),
  };
}

/** The product token robots.txt groups are matched against ("FocusCrawl" of "FocusCrawl/0.1 (+...)"). */
export function robotsAgent(userAgent: string): string {
  return userAgent.split(/[\/\s]/)[0] || userAgent;
}

/** Whether `url` may be fetched under `record`; "unreachable" disallows everything. */
export function isAllowedByRobots(record: RobotsRecord, url: string, userAgent: string): boolean {
  if (record.state === "allow-all") return true;
  if (record.state !== "rules" || record.txt === null) return false;
  const u = new URL(url);
  return robotsParser(`${u.protocol}//${u.host}/robots.txt`, record.txt).isAllowed(url, robotsAgent(userAgent)) !== false;
}
