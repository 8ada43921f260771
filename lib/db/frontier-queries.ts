/** Read-only views of a job's frontier for the dashboard and API. */
import type { PrismaClient } from "../generated/prisma/client";

/** The next URLs the job will fetch, best first, with what made each priority. */
export async function listQueued(prisma: PrismaClient, jobId: number, take = 50) {
  const rows = await prisma.frontierUrl.findMany({
    where: { jobId, status: "pending" },
    orderBy: [{ priority: "desc" }, { depth: "asc" }, { id: "asc" }],
    take,
    select: { id: true, url: true, depth: true, priority: true, priorityDetail: true, anchorText: true, discoveredAt: true },
  });
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
