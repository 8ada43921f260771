import { getSql } from "@/lib/store/infra/sql";
import { parseBulkJudgementBody } from "@/lib/results/judgement";
import { judgePages } from "@/lib/store/judgements";
import { json, readJsonBody } from "@/app/json";
import { findJobId } from "@/app/api/lookup";

/** Judge many pages of a job: {"pageIds": [...], "judgement": "relevant" | "irrelevant" | null}; answers with the ids judged. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const jobId = job.id;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = parseBulkJudgementBody(body.value);
  if (!parsed.ok) return json({ error: parsed.message, allowed: ["relevant", "irrelevant", null] }, { status: 400 });
  return json({ judged: await judgePages(getSql(), jobId, parsed.pageIds, parsed.judgement), judgement: parsed.judgement });
}
