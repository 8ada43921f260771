import { setJobArchived } from "@/lib/store/archive";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId } from "@/app/json";
import { readArchiveFlag } from "../../../archive-body";
import { failureResponse } from "../../../failure";

export const dynamic = "force-dynamic";

/** Archive (`{"archived":true}`) or unarchive an ended job; 409 while it runs. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job: GET /api/jobs lists them" }, { status: 404 });
  const flag = await readArchiveFlag(request);
  if (!flag.ok) return flag.response;
  const r = await setJobArchived(getSql(), id, flag.archived);
  if (!r.ok) return failureResponse(r);
  return json({ id, archivedAt: r.archivedAt });
}
