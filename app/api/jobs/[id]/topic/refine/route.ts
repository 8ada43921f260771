import { refineJobTopic } from "@/lib/maintenance/refine";
import { getSql } from "@/lib/store/infra/sql";
import { DEFAULT_FEEDBACK_PAGES } from "@/lib/topic/feedback";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "@/app/api/failure";

/**
 * Refine a job's topic from its own pages: the pages people judged relevant (filled up to
 * {"pages": N}, default 10, with the best-scoring ones while fewer than 3 are judged), against
 * those judged irrelevant (and pages below the threshold while fewer than 3 are): lib/topic/feedback-pages.ts.
 * {"preview": true} only answers with the change; {"threshold": true} also takes the threshold
 * the judged pages suggest. Answers with the terms learned, the diff and the threshold.
 */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = await readJsonObject(request, '{"pages":10}');
  if (!body.ok) return body.response;
  const { pages = DEFAULT_FEEDBACK_PAGES, preview, threshold } = body.value;
  for (const [name, flag] of [["preview", preview], ["threshold", threshold]] as const) {
    if (flag !== undefined && typeof flag !== "boolean") return json({ error: `${name}: give true or false` }, { status: 400 });
  }
  // refineJobTopic names the allowed range for anything that is not a whole number in it.
  const r = await refineJobTopic(getSql(), id, { pages: typeof pages === "number" ? pages : Number.NaN, isPreview: preview === true, isThresholdApplied: threshold === true });
  if (!r.ok) return failureResponse(r, "pages");
  return json(r);
}
