import { getPrisma } from "@/lib/store/infra/prisma";
import { suggestTopicHosts } from "@/lib/store/topic-hosts";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** Seed suggestions for a saved topic: hosts where its earlier jobs found the most relevant pages. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such topic" }, { status: 404 });
  return json({ hosts: await suggestTopicHosts(getPrisma(), id) });
}
