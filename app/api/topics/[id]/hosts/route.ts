import { getPrisma } from "@/lib/store/infra/prisma";
import { suggestTopicHosts } from "@/lib/store/topic-hosts";
import { json } from "@/app/json";
import { findTopicId } from "@/app/api/lookup";

export const dynamic = "force-dynamic";

/** Seed suggestions for a saved topic: hosts where its earlier jobs found the most relevant pages. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const topic = await findTopicId((await ctx.params).id);
  if ("response" in topic) return topic.response;
  return json({ hosts: await suggestTopicHosts(getPrisma(), topic.id) });
}
