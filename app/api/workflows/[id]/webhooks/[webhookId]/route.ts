import { deleteWebhook } from "../../../../webhook-handlers";

export const dynamic = "force-dynamic";

/** Delete a webhook endpoint with its delivery log. */
export async function DELETE(_req: Request, ctx: { params: Promise<{ id: string; webhookId: string }> }) {
  return deleteWebhook("workflow", await ctx.params);
}
