import { getWebhooks, postWebhook } from "../../../webhook-handlers";

export const dynamic = "force-dynamic";

/** A job's webhook endpoints (secrets never shown; a viewer sees each receiver's origin only) and its delivery log, newest attempt first. */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return getWebhooks("job", (await ctx.params).id, request);
}

/** Add an endpoint: `{"url","secret","events":[...]}`; a bad field writes nothing and is named. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return postWebhook("job", (await ctx.params).id, request);
}
