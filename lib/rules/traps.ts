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

/**
 * The shape of a URL's query: its parameters with every all-digit value collapsed to "#", so
 * `id=17&lang=zh` and `id=20000&lang=zh` share the shape `id=#&lang=zh`. Numeric ids address
 * documents (article.php?id=N, viewthread.php?tid=N, view.asp?id=N on a great many sites), while
 * calendars (month=2024-01), sort orders and filters make new shapes.
 */
export function queryShape(search: string): string {
  const params = [...new URLSearchParams(search)].map(([k, v]) => `${k}=${/^\d+$/.test(v) ? "#" : v}`);
  return params.sort().join("&");
}

/** Everything a page's links are checked against. */
export interface LinkRules extends TrapRules {
  maxLinksPerPage: number;
  inScope: (url: string) => ScopeDecision;
}

/**
 * The reason each link may not be followed (null when it may), in order. The query-variant rule
 * is applied when the page is stored, counted per job in the database (lib/store/query-shapes.ts).
 */
export function linkRejections(urls: string[], depth: number, rules: LinkRules): (string | null)[] {
  return urls.map((url, i) => {
    if (i >= rules.maxLinksPerPage) return "trap:max-links-per-page";
    const trap = trapReason(url, depth, rules);
    if (trap) return trap;
    const scope = rules.inScope(url);
    return scope.allowed ? null : scope.reason;
  });
}
