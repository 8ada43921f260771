import { addWebhook, listWebhooks } from "@/lib/store/webhooks";
import { listDeliveryLog } from "@/lib/store/webhook-outbox";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseWebhookInput } from "@/lib/webhooks/input";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "../../../failure";

export const dynamic = "force-dynamic";

const NOT_FOUND = { error: "no such workflow: GET /api/workflows lists them" };

/** A workflow's webhook endpoints (secrets never shown) and its delivery log, newest attempt first. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const sql = getSql();
  if (id === null || (await sql`select 1 from workflows where id = ${id}`).length === 0) return json(NOT_FOUND, { status: 404 });
  const [webhooks, deliveries] = await Promise.all([listWebhooks(sql, id), listDeliveryLog(sql, id)]);
  return json({ webhooks, deliveries });
}

/** Add an endpoint: `{"url","secret","events":[...]}`; a bad field writes nothing and is named. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json(NOT_FOUND, { status: 404 });
  const body = await readJsonObject(request, '{"url":"https://hooks.example.com/focuscrawl","secret":"<openssl rand -hex 32>","events":["run.finished","run.failed"]}');
  if (!body.ok) return body.response;
  const input = parseWebhookInput(body.value, deploymentAddressPolicy());
  if (!input.ok) return json({ error: input.message, fields: input.errors }, { status: 400 });
  const r = await addWebhook(getSql(), id, input.value);
  if (!r.ok) return failureResponse(r);
  return json({ webhook: r.webhook }, { status: 201 });
}
