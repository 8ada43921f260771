import { changeJobTopic } from "@/lib/store/topics";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "@/app/api/failure";
import { JobTopicBody } from "@/app/api/bodies";

/** Switch a job (running or finished) to a saved topic's current version: {"topicId": N}. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = await readJsonObject(request, '{"topicId":1}');
  if (!body.ok) return body.response;
  const parsed = JobTopicBody.safeParse(body.value);
  if (!parsed.success) {
    return json({ error: "topicId: give the number of a saved topic", fields: { topicId: ["topicId: give the number of a saved topic"] } }, { status: 400 });
  }
  const r = await changeJobTopic(getPrisma(), id, parsed.data.topicId);
  return r.ok ? json({ ok: true }) : failureResponse(r);
}
