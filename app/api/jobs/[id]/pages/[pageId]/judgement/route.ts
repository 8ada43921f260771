import { parsePageId } from "@/lib/store/page-queries";
import { getSql } from "@/lib/store/infra/sql";
import { parseJudgementBody } from "@/lib/results/judgement";
import { judgePage } from "@/lib/store/judgements";
import { json, parseId, readJsonBody } from "@/app/json";

/**
 * Judge a page: {"judgement": "relevant" | "irrelevant" | null}. Judgements feed the job's
 * topic refinement and the precision estimate on the results page.
 */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string; pageId: string }> }) {
  const raw = await ctx.params;
  const jobId = parseId(raw.id);
  const pageId = parsePageId(raw.pageId);
  if (jobId === null || pageId === null) return json({ error: "no such page" }, { status: 404 });
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = parseJudgementBody(body.value);
  if (!parsed.ok) return json({ error: parsed.message, allowed: ["relevant", "irrelevant", null] }, { status: 400 });
  const r = await judgePage(getSql(), jobId, String(pageId), parsed.judgement);
  return r.ok ? json(r) : json({ error: r.message }, { status: 404 });
}
