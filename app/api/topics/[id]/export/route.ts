import { getPrisma } from "@/lib/store/infra/prisma";
import { getTopic } from "@/lib/store/topics";
import { toTopicFile } from "@/lib/topic/topic-file";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** A saved topic as a JSON file to import elsewhere (what was defined, not the built vector). */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const topic = id === null ? null : await getTopic(getPrisma(), id);
  if (!topic) return json({ error: "no such topic" }, { status: 404 });
  return json(toTopicFile(topic), { headers: { "content-disposition": `attachment; filename="topic-${topic.id}-v${topic.version}.json"` } });
}
