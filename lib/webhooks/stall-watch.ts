/**
 * Stalls told without anyone looking: the job page records a stall when it is viewed
 * (lib/store/diagnostics.ts), but an endpoint that wants run.stalled should hear of one at night
 * too. The sender loop runs the same check (findStalledJobs) on the running jobs such an endpoint
 * watches, and records it once a window as the page does; the job_events trigger queues the deliveries.
 */
import type { Sql } from "../store/infra/sql";
import { findStalledJobs, recordStallOnce, STALL_WINDOW_MS } from "../store/stall";
import { listStallWatchedJobs } from "../store/webhooks";

/** How often the sender loop looks for stalls: a fraction of the window, so that a stall is told within about a window and a half. */
export const STALL_CHECK_EVERY_MS = 30_000;

/** Record a stall on each watched job that stalled and has none recorded within the window; returns their ids. */
export async function recordWatchedStalls(sql: Sql, windowMs = STALL_WINDOW_MS): Promise<number[]> {
  const ids = await listStallWatchedJobs(sql);
  if (ids.length === 0) return [];
  const recorded: number[] = [];
  for (const s of await findStalledJobs(sql, ids, windowMs)) {
    if (await recordStallOnce(sql, s, windowMs)) recorded.push(s.jobId);
  }
  return recorded;
}
