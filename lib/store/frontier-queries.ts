/** Read-only views of a job's frontier for the dashboard and API. */
import type { PrismaClient } from "../generated/prisma/client";

interface QueuedRow {
  id: bigint; url: string; depth: number; priority: number;
  priorityDetail: unknown; anchorText: string | null; discoveredAt: Date;
}

/**
 * The next URLs the job will fetch, best first, with what made each priority. Read like the
 * claim reads them: each host's best pending URLs from the per-host priority index, merged
 * (the frontier keeps no job-wide priority index; see the migration frontier_write_indexes).
 */
export async function listQueued(prisma: PrismaClient, jobId: number, take = 50) {
  const rows = await prisma.$queryRaw<QueuedRow[]>`
    select f.id, f.url, f.depth, f.priority, f.priority_detail as "priorityDetail",
      f.anchor_text as "anchorText", f.discovered_at as "discoveredAt"
    from hosts h cross join lateral (
      select * from frontier f
      where f.job_id = h.job_id and f.host = h.host and f.status = 'pending'
      order by f.priority desc, f.depth, f.id
      limit ${take}
    ) f
    where h.job_id = ${jobId}
    order by f.priority desc, f.depth, f.id
    limit ${take}`;
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
