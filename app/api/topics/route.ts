import { createTopic } from "@/lib/store/topics";
import { getPrisma } from "@/lib/store/infra/prisma";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { parseTopicMeta } from "@/lib/jobs/topic-meta";
import { json, readJsonObject } from "@/app/json";
import { buildFromBody, fieldErrorResponse, topTerms } from "../topic-input";

export const dynamic = "force-dynamic";

/** Saved topics with their classes, version counts and the jobs that used them (?archived=1 lists archived ones too). */
export async function GET(request: Request) {
  const includeArchived = new URL(request.url).searchParams.get("archived") === "1";
  return json({ topics: await listTopicLibrary(getPrisma(), { includeArchived }) });
}

/** Save a topic: a definition plus "name" (and optionally "description", "pageThreshold"); 400 with per-field errors, nothing saved. */
export async function POST(request: Request) {
  const read = await readJsonObject(request, '{"name":"数据库","clc":["TP31"]}');
  if (!read.ok) return read.response;
  const meta = parseTopicMeta(read.value);
  const built = await buildFromBody(read.value);
  if ("fields" in built || !meta.ok) return fieldErrorResponse({ ...("fields" in built ? built.fields : {}), ...(meta.ok ? {} : meta.fields) });
  const { name = "", description = "", pageThreshold = 0 } = meta.value;
  const topic = await createTopic(getPrisma(), name, built.vector, pageThreshold, description);
  return json({ topic: { id: topic.id, name: topic.name, version: topic.version, pageThreshold: topic.pageThreshold }, terms: topTerms(built.vector) }, { status: 201 });
}
