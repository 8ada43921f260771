import { getWebhooks, postWebhook } from "../../../webhook-handlers";

export const dynamic = "force-dynamic";

/** A workflow's webhook endpoints (secrets never shown; a viewer sees each receiver's origin only) and its delivery log, newest attempt first. */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return getWebhooks("workflow", (await ctx.params).id, request);
}

/** Add an endpoint: `{"url","secret","events":[...]}`; a bad field writes nothing and is named. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return postWebhook("workflow", (await ctx.params).id, request);
}
