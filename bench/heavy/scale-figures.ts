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
  /** Share (0–1) of every core used by the crawl's own processes: workers, PostgreSQL, the site. */
  crawlCpuShare: number;
  claimP95Ms: number | null;
  /** Mean sessions waiting on a lock per pg_stat_activity sample. */
  lockWaitingSessions: number;
  deadlocks: number;
}

/** Throughput within this share of the best so far counts as holding up (the machine's noise is larger). */
export const HOLDS_WITHIN = 0.9;
/** Cores at least this busy are saturated. */
export const CPU_SATURATED = 0.9;
/** Claims slower than this at the 95th percentile are a limit. */
export const CLAIM_P95_LIMIT_MS = 10;
/** The crawl's processes getting less than this share of the CPU they had with the fewest workers means they sat waiting. */
const CPU_SHARE_DROP = 0.85;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * For each run: its speedup over the run with the fewest workers, whether it kept the throughput
 * of the best run with fewer workers, and what limited it. More workers whose processes got a
 * clearly smaller share of the cores than fewer did, while sessions queued on locks or deadlocked,
 * were held up by locks, whoever else used the CPU; saturated cores, a slow claim are named too.
 */
export function judgeScaling(runs: ScaleRun[]): { workers: number; speedup: number; holds: boolean; limit: string }[] {
  const sorted = [...runs].sort((a, b) => a.workers - b.workers);
  const base = sorted[0];
  let best = 0;
  return sorted.map((r) => {
    const holds = r.pagesPerSecond >= HOLDS_WITHIN * best;
    best = Math.max(best, r.pagesPerSecond);
    return { workers: r.workers, speedup: +(r.pagesPerSecond / base.pagesPerSecond).toFixed(2), holds, limit: limitsOf(r, base) };
  });
}

function limitsOf(r: ScaleRun, base: ScaleRun): string {
  const found: string[] = [];
  const isContended = r.deadlocks > 0 || r.lockWaitingSessions >= 1;
  if (r !== base && isContended && r.crawlCpuShare < CPU_SHARE_DROP * base.crawlCpuShare) {
    found.push(`locks (the crawl used ${pct(r.crawlCpuShare)} of the cores against ${pct(base.crawlCpuShare)} with ${base.workers}; ` +
      `${r.lockWaitingSessions} sessions waiting on locks on average, ${r.deadlocks} deadlocks)`);
  }
  if (r.machineBusy >= CPU_SATURATED) found.push(`CPU (cores ${pct(r.machineBusy)} busy, ${pct(r.crawlCpuShare)} by the crawl)`);
  if (r.claimP95Ms !== null && r.claimP95Ms >= CLAIM_P95_LIMIT_MS) found.push(`claim (p95 ${r.claimP95Ms.toFixed(1)} ms)`);
  if (found.length === 0 && isContended) found.push(`lock waits (${r.lockWaitingSessions} sessions on average, ${r.deadlocks} deadlocks)`);
  return found.length ? found.join("; ") : "none found (cores not saturated, claim fast, few lock waits)";
}

/**
 * Execution times (ms) of the statements `isWanted` recognises in a slice of the server's log
 * (log_min_duration_sample: `duration: 7.123 ms  execute s12: with job as (…`). Parse and bind
 * steps are left out.
 */
export function statementDurations(log: string, isWanted: (text: string) => boolean): number[] {
  const out: number[] = [];
  // An entry starts with the log line prefix's timestamp; the statement's text runs on until the next.
  for (const entry of log.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/)) {
    const m = /duration: ([\d.]+) ms {2}execute [^:]*:/.exec(entry);
    if (m && isWanted(entry)) out.push(Number(m[1]));
  }
  return out;
}

/** The q-quantile (0–1) of `values` (nearest rank), or null when empty. */
export function quantile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
