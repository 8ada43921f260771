import { parseSchedule, describeCron, upcomingRuns } from "@/lib/jobs/schedule";
import { setWorkflowSchedule } from "@/lib/store/workflow-schedule";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "../../../failure";

export const dynamic = "force-dynamic";

/** Set a workflow's schedule (`{"schedule":"0 3 * * 1","timeZone":"Asia/Shanghai"}`) or remove it (`{"schedule":null}`). */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such workflow: GET /api/workflows lists them" }, { status: 404 });
  const body = await readJsonObject(request, '{"schedule":"0 3 * * 1","timeZone":"Asia/Shanghai"}');
  if (!body.ok) return body.response;
  const s = body.value.schedule === null ? null : parseSchedule(body.value.schedule, body.value.timeZone);
  if (s && !s.ok) return json({ error: Object.values(s.errors).flat().join("; "), fields: s.errors }, { status: 400 });
  const r = await setWorkflowSchedule(getSql(), id, s ? s.value : null);
  if (!r.ok) return failureResponse(r);
  return json({
    schedule: s?.value.cron ?? null, timeZone: s?.value.timeZone ?? null, nextRunAt: r.nextRunAt,
    ...(s ? { description: { "zh-CN": describeCron(s.value.cron, "zh-CN"), en: describeCron(s.value.cron, "en") }, upcoming: upcomingRuns(s.value, new Date(), 3) } : {}),
  });
}
