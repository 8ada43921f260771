import { continueJob } from "@/lib/store/job-continue";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "@/app/api/failure";
import { ContinueBody } from "@/app/api/bodies";

export const dynamic = "force-dynamic";

/** Continue an ended job with a higher page budget: body {"maxPages": N}; it runs again from the URLs it left. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = await readJsonObject(request, '{"maxPages":2000}');
  if (!body.ok) return body.response;
  const parsed = ContinueBody.safeParse(body.value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "maxPages must be a whole number";
    return json({ error: message, fields: { maxPages: [message] } }, { status: 400 });
  }
  const r = await continueJob(getSql(), id, parsed.data.maxPages);
  return r.ok ? json(r) : failureResponse(r, "maxPages");
}
