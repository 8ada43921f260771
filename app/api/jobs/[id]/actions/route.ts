import { controlJob, type JobAction } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "@/app/api/failure";
import { JobActionBody } from "@/app/api/bodies";

const ACTIONS: readonly JobAction[] = JobActionBody.shape.action.options;

/** Pause, resume or stop a job: body {"action":"pause"|"resume"|"stop"}. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = await readJsonObject(request, '{"action":"pause"}');
  if (!body.ok) return body.response;
  const parsed = JobActionBody.safeParse(body.value);
  if (!parsed.success) return json({ error: `action must be one of ${ACTIONS.join(", ")}` }, { status: 400 });
  const r = await controlJob(getPrisma(), id, parsed.data.action);
  return r.ok ? json({ ok: true }) : failureResponse(r);
}
