import { listRequests, parseRequestFilters } from "@/lib/store/request-log";
import { getSql } from "@/lib/store/infra/sql";
import { json } from "@/app/json";
import { findJobId } from "@/app/api/lookup";
import { problemResponse } from "@/app/api/failure";

export const dynamic = "force-dynamic";

/** The job's request log, newest first: ?host=, ?status=2xx|3xx|4xx|5xx|none, ?outcome=, ?after=ID (only newer), ?limit= (at most 200). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const f = parseRequestFilters(new URL(request.url).searchParams);
  if (!f.ok) return problemResponse({ status: 400, message: f.message, param: f.param });
  return json({ requests: await listRequests(getSql(), job.id, f.value) });
}
