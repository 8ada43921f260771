import { sendTestDelivery } from "@/lib/webhooks/dashboard-webhooks";
import { json, parseId } from "@/app/json";
import { failureResponse } from "../../../../../failure";

export const dynamic = "force-dynamic";

/** Send a test delivery (event webhook.test) to an endpoint now, signed and logged as any other. */
export async function POST(_req: Request, ctx: { params: Promise<{ id: string; webhookId: string }> }) {
  const p = await ctx.params;
  const id = parseId(p.id);
  const webhookId = parseId(p.webhookId);
  if (id === null || webhookId === null) return json({ error: "no such webhook: GET /api/workflows/{id}/webhooks lists them" }, { status: 404 });
  const r = await sendTestDelivery(id, webhookId);
  if (!r.ok) return failureResponse(r);
  return json({ deliveryId: r.deliveryId, attempt: r.sent });
}
