import { removeWebhook } from "@/lib/store/webhooks";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId } from "@/app/json";
import { failureResponse } from "../../../../failure";

export const dynamic = "force-dynamic";

/** Delete a webhook endpoint with its delivery log. */
export async function DELETE(_req: Request, ctx: { params: Promise<{ id: string; webhookId: string }> }) {
  const p = await ctx.params;
  const id = parseId(p.id);
  const webhookId = parseId(p.webhookId);
  if (id === null || webhookId === null) return json({ error: "no such webhook: GET /api/workflows/{id}/webhooks lists them" }, { status: 404 });
  const r = await removeWebhook(getSql(), id, webhookId);
  if (!r.ok) return failureResponse(r);
  return json({ deleted: webhookId });
}
