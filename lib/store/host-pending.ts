/**
 * The hosts' has_pending flag (see claimUrls): cleared by a claim that finds a host empty, set
 * again here when URLs are queued on it, and repaired by the workers' maintenance for the rare
 * host a claim cleared while a URL was being queued on it.
 */
import type { Sql, Tx } from "./infra/sql";

/** Flag `hosts` of job `jobId` as having pending URLs again (only rows cleared before are written, in host order). */
export async function markHostsPending(tx: Tx, jobId: number, hosts: string[]): Promise<void> {
  if (hosts.length === 0) return;
  const sorted = [...new Set(hosts)].sort();
  await tx`
    update hosts h set has_pending = true
    from (select host from unnest(${sorted}::text[]) as t(host) order by host) t
    where h.job_id = ${jobId} and h.host = t.host and not h.has_pending`;
}

/** Set the flag again on every host of a running job that has a pending URL but is flagged empty; returns how many. */
export async function repairHostsPending(sql: Sql): Promise<number> {
  const rows = await sql`
    update hosts h set has_pending = true
    from jobs j
    where j.id = h.job_id and j.status = 'running' and not h.has_pending
      and exists (select 1 from frontier f where f.job_id = h.job_id and f.host = h.host and f.status = 'pending')
    returning h.host`;
  return rows.length;
}
