import { testWebhook } from "../../../../../webhook-handlers";

export const dynamic = "force-dynamic";

/** Send a test delivery (event webhook.test) to an endpoint now, signed and logged as any other. */
export async function POST(_req: Request, ctx: { params: Promise<{ id: string; webhookId: string }> }) {
  return testWebhook("workflow", await ctx.params);
}
