import { createTopic, listTopics } from "@/lib/store/topics";
import { getPrisma } from "@/lib/store/infra/prisma";
import { DEFAULT_PAGE_THRESHOLD } from "@/lib/jobs/input";
import { json } from "@/app/json";
import { topicFromBody, topTerms } from "../topic-input";

export const dynamic = "force-dynamic";

/** Saved topics. */
export async function GET() {
  return json({ topics: await listTopics(getPrisma()) });
}

/** Save a topic: a definition plus "name" (and optionally "pageThreshold"); 400 with per-field errors. */
export async function POST(request: Request) {
  const built = await topicFromBody(await request.json().catch(() => undefined));
  if ("error" in built) return built.error;
  const name = typeof built.body.name === "string" ? built.body.name.trim() : "";
  if (!name || name.length > 200) return json({ error: "name: give the topic a name (at most 200 characters)", fields: { name: ["name: give the topic a name"] } }, { status: 400 });
  const threshold = built.body.pageThreshold === undefined ? DEFAULT_PAGE_THRESHOLD : Number(built.body.pageThreshold);
  if (!(threshold >= 0 && threshold <= 1)) return json({ error: "pageThreshold must be between 0 and 1", fields: { pageThreshold: ["pageThreshold must be between 0 and 1"] } }, { status: 400 });
  const topic = await createTopic(getPrisma(), name, built.vector, threshold);
  return json({ topic: { id: topic.id, name: topic.name, version: topic.version, pageThreshold: topic.pageThreshold }, terms: topTerms(built.vector) }, { status: 201 });
}
