/**
 * Spider-trap rules applied to every link before it is queued (seed 002): links that break
 * one are stored as skipped with the reason, so the dashboard can say why they were not crawled.
 */

/** Limits a job puts on the links it follows. */
export interface TrapRules { maxDepth: number; maxRepeatedSegments: number }

export const DEFAULT_MAX_REPEATED_SEGMENTS = 3;

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
