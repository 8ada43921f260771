/** Worker heartbeats: the sign of life that keeps a worker's leases its own. */
import type { Sql } from "./infra/sql";

/** Record that `workerId` is alive (or has stopped), with what it is doing. */
export async function beat(
  sql: Sql,
  w: { workerId: string; hostname: string; pid: number; status: "running" | "stopped"; inFlight: number; fetchedTotal: number },
): Promise<void> {
  await sql`
    insert into worker_heartbeats (worker_id, hostname, pid, status, in_flight, fetched_total)
    values (${w.workerId}, ${w.hostname}, ${w.pid}, ${w.status}, ${w.inFlight}, ${w.fetchedTotal})
    on conflict (worker_id) do update set status = excluded.status, in_flight = excluded.in_flight,
      fetched_total = excluded.fetched_total, last_beat_at = now()`;
}

/** Workers that beat within `withinMs`, newest first. */
export function listLiveWorkers(sql: Sql, withinMs: number) {
  return sql<{ workerId: string; hostname: string; pid: number; inFlight: number; fetchedTotal: number; lastBeatAt: Date }[]>`
    select worker_id as "workerId", hostname, pid, in_flight as "inFlight", fetched_total as "fetchedTotal", last_beat_at as "lastBeatAt"
    from worker_heartbeats where status = 'running' and last_beat_at > now() - ${withinMs} * interval '1 millisecond'
    order by last_beat_at desc`;
}
