/** Seed suggestions for a topic: the hosts where earlier jobs with it found the most relevant pages. */
import type { PrismaClient } from "../generated/prisma/client";

/** A suggested seed: the host's root URL and how many relevant pages earlier jobs found there. */
export interface HostSuggestion { url: string; relevant: number }

/** The `limit` hosts with the most relevant pages in jobs that used topic `topicId`, most first. */
export async function suggestTopicHosts(prisma: PrismaClient, topicId: number, limit = 8): Promise<HostSuggestion[]> {
  const rows = await prisma.$queryRaw<{ host: string; sample: string; relevant: bigint }[]>`
    select f.host, min(p.url) as sample, count(*) as relevant
    from pages p join jobs j on j.id = p.job_id join frontier f on f.id = p.frontier_id
    where j.topic_id = ${topicId} and p.is_relevant
    group by f.host order by count(*) desc, f.host limit ${limit}`;
  return rows.map((r) => ({ url: `${new URL(r.sample).origin}/`, relevant: Number(r.relevant) }));
}
