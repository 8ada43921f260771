/**
 * The scale-out benchmark's arithmetic, apart from its processes: claim latency figures from the
 * workers' histograms, and where adding workers stops paying off, and why.
 */
import type { LatencyHistogram } from "../../lib/store/worker-latency";

/**
 * The q-quantile (0–1) of a histogram's observations, in seconds, interpolated linearly inside its
 * bucket as Prometheus' histogram_quantile does (the first bucket starts at 0). Above the last
 * bound it answers the last bound: the histogram knows no more. Null with no observations.
 */
export function histogramQuantile(h: LatencyHistogram, q: number): number | null {
  if (h.count === 0) return null;
  const rank = q * h.count;
  let below = 0;
  for (let i = 0; i < h.counts.length; i++) {
    const n = h.counts[i];
    if (below + n >= rank && n > 0) {
      if (i === h.bounds.length) return h.bounds[h.bounds.length - 1];
      const lower = i === 0 ? 0 : h.bounds[i - 1];
      return lower + (h.bounds[i] - lower) * ((rank - below) / n);
    }
    below += n;
  }
  return h.bounds[h.bounds.length - 1];
}

/** The share (0–1) of observations at or below `bound` seconds, which must be one of the histogram's bounds (exact, no interpolation). */
export function shareAtOrBelow(h: LatencyHistogram, bound: number): number | null {
  const i = h.bounds.indexOf(bound);
  if (i < 0) throw new Error(`${bound} s is not a bound of the histogram (${h.bounds.join(", ")})`);
  if (h.count === 0) return null;
  return h.counts.slice(0, i + 1).reduce((a, b) => a + b, 0) / h.count;
}

/** What one run with N workers measured, as far as the verdict needs it. */
export interface ScaleRun {
  workers: number;
  pagesPerSecond: number;
  /** Busy share (0–1) of every core of the machine during the run, all processes counted. */
  machineBusy: number;
  claimP95Ms: number | null;
  /** Mean sessions waiting on a lock per pg_stat_activity sample. */
  lockWaitingSessions: number;
}

/** Throughput within this share of the best so far counts as holding up (the machine's noise is larger). */
export const HOLDS_WITHIN = 0.9;
/** Cores at least this busy are the limit. */
export const CPU_SATURATED = 0.9;
/** Claims slower than this at the 95th percentile are the limit. */
export const CLAIM_P95_LIMIT_MS = 10;

/**
 * For each run after the first: whether it kept the throughput of the best run with fewer
 * workers, and what limited it: the CPU when the cores were saturated, the claim when its p95
 * passed the limit, lock waits when sessions queued on locks, otherwise unexplained.
 */
export function judgeScaling(runs: ScaleRun[]): { workers: number; speedup: number; holds: boolean; limit: string }[] {
  const sorted = [...runs].sort((a, b) => a.workers - b.workers);
  const base = sorted[0];
  let best = 0;
  return sorted.map((r) => {
    const holds = r.pagesPerSecond >= HOLDS_WITHIN * best;
    best = Math.max(best, r.pagesPerSecond);
    return { workers: r.workers, speedup: +(r.pagesPerSecond / base.pagesPerSecond).toFixed(2), holds, limit: limitOf(r) };
  });
}

function limitOf(r: ScaleRun): string {
  if (r.machineBusy >= CPU_SATURATED) return `CPU (cores ${Math.round(r.machineBusy * 100)}% busy)`;
  if (r.claimP95Ms !== null && r.claimP95Ms >= CLAIM_P95_LIMIT_MS) return `claim (p95 ${r.claimP95Ms.toFixed(1)} ms)`;
  if (r.lockWaitingSessions >= 1) return `lock waits (${r.lockWaitingSessions} sessions on average)`;
  return "none found (cores not saturated, claim fast, few lock waits)";
}
