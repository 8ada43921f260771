/**
 * A per-provider spacing of queries inside one process (the dashboard is the one process that
 * asks providers): each query takes the next free slot at least `intervalMs` after the last one.
 */

/** Slots of queries, per provider name. */
export function createRateLimiter(now: () => number = Date.now) {
  const nextFree = new Map<string, number>();
  /**
   * Take the provider's next slot: the milliseconds to wait before sending, or null (no slot
   * taken) when that wait would pass `maxWaitMs`: the query is refused rather than queued.
   */
  function reserve(key: string, intervalMs: number, maxWaitMs: number): number | null {
    const t = now();
    const slot = Math.max(t, nextFree.get(key) ?? 0);
    if (slot - t > maxWaitMs) return null;
    nextFree.set(key, slot + intervalMs);
    return slot - t;
  }
  return { reserve };
}

/** A rate limiter. */
export type RateLimiter = ReturnType<typeof createRateLimiter>;
