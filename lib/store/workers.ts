/** Worker heartbeats: the sign of life that keeps a worker's leases its own, and what it reports. */
import type { Sql } from "./infra/sql";
import type { WorkerLatency } from "./worker-latency";

/** What a worker reports with each heartbeat. */
export interface Beat {
  workerId: string; hostname: string; pid: number; status: "running" | "stopped"; inFlight: number; fetchedTotal: number;
  version?: string; pagesPerMinute?: number; latency?: WorkerLatency;
}

/** Record that `workerId` is alive (or has stopped), with what it is doing. */
export async function beat(sql: Sql, w: Beat): Promise<void> {
  const latency = w.latency ?? {};
  await sql`
    insert into worker_heartbeats (worker_id, hostname, pid, status, in_flight, fetched_total, version, pages_per_minute, latency)
    values (${w.workerId}, ${w.hostname}, ${w.pid}, ${w.status}, ${w.inFlight}, ${w.fetchedTotal}, ${w.version ?? ""},
      ${w.pagesPerMinute ?? 0}, ${sql.json(latency as never)})
    on conflict (worker_id) do update set status = excluded.status, in_flight = excluded.in_flight,
      fetched_total = excluded.fetched_total, version = excluded.version, pages_per_minute = excluded.pages_per_minute,
      latency = excluded.latency, last_beat_at = now()`;
}

/** Workers that beat within `withinMs`, newest first. */
export function listLiveWorkers(sql: Sql, withinMs: number) {
  return sql<{ workerId: string; hostname: string; pid: number; inFlight: number; fetchedTotal: number; lastBeatAt: Date }[]>`
    select worker_id as "workerId", hostname, pid, in_flight as "inFlight", fetched_total as "fetchedTotal", last_beat_at as "lastBeatAt"
    from worker_heartbeats where status = 'running' and last_beat_at > now() - ${withinMs} * interval '1 millisecond'
    order by last_beat_at desc`;
}

/** A worker as the workers page shows it. */
export type WorkerState = "live" | "stale" | "stopped";

/** One worker with its state and the leases it still holds. */
export interface WorkerRow {
  workerId: string; hostname: string; pid: number; version: string; state: WorkerState; inFlight: number; fetchedTotal: number;
  pagesPerMinute: number; startedAt: Date; lastBeatAt: Date; beatAgeMs: number;
  /** URLs leased to the worker now, and when the first and last of those leases expire. */
  leases: number; leasesExpireFirst: Date | null; leasesExpireLast: Date | null;
}

/** Stopped workers stay listed this long after their last heartbeat. */
export const STOPPED_WORKERS_SHOWN_MS = 24 * 3_600_000;

/**
 * Every worker that is running (live, or stale: silent for over `staleAfterMs`, so its leases go
 * back to the queue at the next reclaim) or stopped within the last day; live ones first.
 */
export function listWorkers(sql: Sql, staleAfterMs: number): Promise<WorkerRow[]> {
  return sql<WorkerRow[]>`
    with leases as (
      select lease_owner, count(*)::int as n, min(lease_expires_at) as first, max(lease_expires_at) as last
      from frontier where status = 'leased' group by lease_owner
    )
    select w.worker_id as "workerId", w.hostname, w.pid, w.version, w.in_flight as "inFlight", w.fetched_total as "fetchedTotal",
      w.pages_per_minute as "pagesPerMinute", w.started_at as "startedAt", w.last_beat_at as "lastBeatAt",
      (extract(epoch from now() - w.last_beat_at) * 1000)::float8 as "beatAgeMs",
      case when w.status <> 'running' then 'stopped'
           when w.last_beat_at > now() - ${staleAfterMs} * interval '1 millisecond' then 'live' else 'stale' end as state,
      coalesce(l.n, 0) as leases, l.first as "leasesExpireFirst", l.last as "leasesExpireLast"
    from worker_heartbeats w left join leases l on l.lease_owner = w.worker_id
    where w.status = 'running' or w.last_beat_at > now() - ${STOPPED_WORKERS_SHOWN_MS} * interval '1 millisecond'
    order by (w.status = 'running') desc, w.last_beat_at desc`;
}
