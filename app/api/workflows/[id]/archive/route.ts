import { setWorkflowArchived } from "@/lib/store/archive";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId } from "@/app/json";
import { readArchiveFlag } from "../../../archive-body";
import { failureResponse } from "../../../failure";

export const dynamic = "force-dynamic";

/** Archive (`{"archived":true}`) or unarchive a workflow; its schedule starts no run while archived. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such workflow: GET /api/workflows lists them" }, { status: 404 });
  const flag = await readArchiveFlag(request);
  if (!flag.ok) return flag.response;
  const r = await setWorkflowArchived(getSql(), id, flag.archived);
  if (!r.ok) return failureResponse(r);
  return json({ id, archivedAt: r.archivedAt });
}
