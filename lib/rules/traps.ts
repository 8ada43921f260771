/**
 * Spider-trap rules and scope applied to every link before it is queued (seed 002). Links that
 * break a rule tied to the URL itself are stored as skipped with the reason, so the dashboard
 * can say why they were not crawled; links refused only because of where they were found (too
 * deep, too many on one page) are counted on the page instead, since the same URL may still be
 * reached another way.
 */
import type { ScopeDecision } from "./scope";

/** Limits a job puts on the links it follows. */
export interface TrapRules { maxDepth: number; maxRepeatedSegments: number }

/** Why a link at `depth` may not be followed, or null when it may. */
export function trapReason(url: string, depth: number, rules: TrapRules): string | null {
  if (depth > rules.maxDepth) return "trap:max-depth";
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  const counts = new Map<string, number>();
  for (const s of segments) {
    const n = (counts.get(s) ?? 0) + 1;
    if (n > rules.maxRepeatedSegments) return "trap:repeated-segment";
    counts.set(s, n);
  }
  return null;
}

/** Reasons that are counted on the page rather than stored on the URL. */
export const PAGE_LEVEL_REASONS = new Set(["trap:max-depth", "trap:max-links-per-page"]);

const MAX_TRACKED_PATHS = 100_000;

/**
 * Counts the distinct query strings seen per path (scheme, host and path) and refuses the ones
 * past `limit`: calendars and session ids make endless variants of one page. Kept per worker
 * process and bounded in memory, so with W workers a path may get up to W × limit variants.
 */
export function createQueryVariantCounter() {
  const seen = new Map<string, Set<string>>();
  return (url: string, limit: number): boolean => {
    const u = new URL(url);
    if (!u.search) return true;
    const key = `${u.origin}${u.pathname}`;
    let variants = seen.get(key);
    if (!variants) {
      if (seen.size >= MAX_TRACKED_PATHS) seen.clear();
      variants = new Set();
      seen.set(key, variants);
    }
    if (variants.has(u.search)) return true;
    if (variants.size >= limit) return false;
    variants.add(u.search);
    return true;
  };
}

/** Everything a page's links are checked against. */
export interface LinkRules extends TrapRules {
  maxLinksPerPage: number;
  maxQueryVariants: number;
  inScope: (url: string) => ScopeDecision;
  /** Records a query variant; false when its path already has too many. */
  allowVariant: (url: string, limit: number) => boolean;
}

/** The reason each link may not be followed (null when it may), in order. */
export function linkRejections(urls: string[], depth: number, rules: LinkRules): (string | null)[] {
  return urls.map((url, i) => {
    if (i >= rules.maxLinksPerPage) return "trap:max-links-per-page";
    const trap = trapReason(url, depth, rules);
    if (trap) return trap;
    const scope = rules.inScope(url);
    if (!scope.allowed) return scope.reason;
    if (!rules.allowVariant(url, rules.maxQueryVariants)) return "trap:query-variants";
    return null;
  });
}
