/** The `?screen=N` paging parameter of the job page and of GET /api/jobs/:id/pages. */

/**
 * The last screen asked for is clamped here: 200,000 screens of 50 hold the 10,000,000 pages a
 * job may fetch (MAX_PAGES_LIMIT), and a larger offset (e.g. ?screen=1e308) is more than the
 * database's integer OFFSET takes.
 */
export const MAX_SCREEN = 200_000;

/** A screen number from the URL: a whole number clamped to 1..MAX_SCREEN; anything else is screen 1. */
export function parseScreen(raw: string | null | undefined): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1) return n === Infinity ? MAX_SCREEN : 1;
  return Math.min(MAX_SCREEN, Math.floor(n));
}
