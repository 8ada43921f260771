import { estimateTopicQuality, getTopic, reviseTopic } from "@/lib/store/topics";
import { getPrisma } from "@/lib/store/infra/prisma";
import type { TopicVector } from "@/lib/topic/topic";
import { parseTopicMeta } from "@/lib/jobs/topic-meta";
import { json, parseId, readJsonObject } from "@/app/json";
import { topicFromBody, topTerms } from "../../topic-input";

export const dynamic = "force-dynamic";

/** A topic: definition, top terms, version, and precision/recall estimated from judged pages. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const prisma = getPrisma();
  const topic = id === null ? null : await getTopic(prisma, id);
  if (!topic || id === null) return json({ error: "no such topic" }, { status: 404 });
  const { vector, ...rest } = topic;
  return json({ topic: rest, terms: topTerms(vector as unknown as TopicVector), quality: await estimateTopicQuality(prisma, id) });
}

/** Save a new version of a topic from a new definition. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such topic" }, { status: 404 });
  const body = await readJsonObject(request, '{"clc":["TP3"],"keywords":"数据库"}');
  if (!body.ok) return body.response;
  const built = await topicFromBody(body.value);
  if ("error" in built) return built.error;
  const meta = parseTopicMeta(built.body, { isRevision: true });
  if (!meta.ok) return json({ error: Object.values(meta.fields).flat().join("; "), fields: meta.fields }, { status: 400 });
  const updated = await reviseTopic(getPrisma(), id, built.vector, meta.value);
  if (!updated) return json({ error: "no such topic" }, { status: 404 });
  return json({ topic: { id: updated.id, name: updated.name, version: updated.version }, terms: topTerms(built.vector) });
}
