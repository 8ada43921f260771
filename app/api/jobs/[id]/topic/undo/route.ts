import { undoTopicRefinement } from "@/lib/maintenance/refine";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId } from "@/app/json";
import { failureResponse } from "@/app/api/failure";

/**
 * Undo the latest learning of a job's topic: the topic and threshold it replaced come back
 * exactly, as a new revision (stored pages are re-scored). 409 when nothing is left to undo.
 */
export async function POST(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const r = await undoTopicRefinement(getSql(), id);
  if (!r.ok) return failureResponse(r, "undo");
  return json(r);
}
