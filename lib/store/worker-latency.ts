/**
 * Latency histograms a worker keeps in memory and writes whole with each heartbeat
 * (worker_heartbeats.latency); GET /metrics adds them up over every worker row.
 */

/** Fetch durations, seconds: a page on loopback answers in milliseconds, a slow site in tens of seconds. */
export const FETCH_BUCKETS_S = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Claim durations, seconds: one SKIP LOCKED statement, milliseconds when the database keeps up. */
export const CLAIM_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** Observations per bucket (not cumulative; the last count is above every bound), their sum and count. */
export interface LatencyHistogram { bounds: number[]; counts: number[]; sum: number; count: number }

/** What a worker row's `latency` column holds. */
export interface WorkerLatency { fetch: LatencyHistogram; claim: LatencyHistogram }

/** An empty histogram over `bounds` (ascending, seconds). */
export function newHistogram(bounds: number[]): LatencyHistogram {
  return { bounds: [...bounds], counts: new Array(bounds.length + 1).fill(0), sum: 0, count: 0 };
}

/** Count one duration of `seconds`. */
export function observe(h: LatencyHistogram, seconds: number): void {
  let i = h.bounds.findIndex((b) => seconds <= b);
  if (i < 0) i = h.bounds.length;
  h.counts[i]++;
  h.sum += seconds;
  h.count++;
}

function isHistogram(x: unknown, bounds: number[]): x is LatencyHistogram {
  const h = x as Partial<LatencyHistogram> | null;
  return !!h && Array.isArray(h.bounds) && Array.isArray(h.counts) && typeof h.sum === "number" && typeof h.count === "number" &&
    h.counts.length === bounds.length + 1 && h.bounds.length === bounds.length && h.bounds.every((b, i) => b === bounds[i]);
}

/**
 * The sum of the histograms over `bounds` among `stored` (rows' values); a row written with other
 * bounds (a worker of another version) or none yet is left out rather than mixed in wrongly.
 */
export function sumHistograms(stored: unknown[], bounds: number[]): LatencyHistogram {
  const total = newHistogram(bounds);
  for (const h of stored) {
    if (!isHistogram(h, bounds)) continue;
    h.counts.forEach((c, i) => { total.counts[i] += c; });
    total.sum += h.sum;
    total.count += h.count;
  }
  return total;
}
