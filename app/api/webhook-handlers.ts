/** The webhook routes of a workflow (/api/workflows/:id/webhooks…) and of a job (/api/jobs/:id/webhooks…), one code for both. */
import { addWebhook, hasWebhookOwner, listWebhooks, removeWebhook, type WebhookOwner } from "@/lib/store/webhooks";
import { listDeliveryLog } from "@/lib/store/webhook-outbox";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseWebhookInput, receiverOrigin } from "@/lib/webhooks/input";
import { hasRole } from "@/lib/auth/roles";
import { readIdentity } from "@/app/auth/identity";
import { sendTestDelivery } from "@/lib/webhooks/dashboard-webhooks";
import { json, parseId, readJsonObject } from "../json";
import { failureResponse } from "./failure";

const EXAMPLE = '{"url":"https://hooks.example.com/focuscrawl","secret":"<openssl rand -hex 32>","events":["run.finished","run.failed"]}';

/** The owner named by a route's `id` (a workflow's or a job's), or null for an id that cannot be one. */
export function ownerOf(kind: "workflow" | "job", rawId: string): WebhookOwner | null {
  const id = parseId(rawId);
  if (id === null) return null;
  return kind === "workflow" ? { workflowId: id } : { jobId: id };
}

/** The 404 of an owner that does not exist. */
export function missingOwner(kind: "workflow" | "job") {
  return json({ error: kind === "workflow" ? "no such workflow: GET /api/workflows lists them" : "no such job: GET /api/jobs lists them" }, { status: 404 });
}

/**
 * GET: the owner's endpoints (secrets never shown) and its delivery log; a viewer sees each
 * receiver's origin only, as on the pages (receiverOrigin).
 */
export async function getWebhooks(kind: "workflow" | "job", rawId: string, request: Request) {
  const owner = ownerOf(kind, rawId);
  const sql = getSql();
  if (!owner || !(await hasWebhookOwner(sql, owner))) return missingOwner(kind);
  const [webhooks, deliveries] = await Promise.all([listWebhooks(sql, owner), listDeliveryLog(sql, owner)]);
  if (hasRole(readIdentity(request.headers).role, "operator")) return json({ webhooks, deliveries });
  const shown = <T extends { url: string }>(rows: T[]) => rows.map((r) => ({ ...r, url: receiverOrigin(r.url) }));
  return json({ webhooks: shown(webhooks), deliveries: shown(deliveries) });
}

/** POST: add an endpoint; a bad field writes nothing and is named. */
export async function postWebhook(kind: "workflow" | "job", rawId: string, request: Request) {
  const owner = ownerOf(kind, rawId);
  if (!owner) return missingOwner(kind);
  const body = await readJsonObject(request, EXAMPLE);
  if (!body.ok) return body.response;
  const input = parseWebhookInput(body.value, deploymentAddressPolicy());
  if (!input.ok) return json({ error: input.message, fields: input.errors }, { status: 400 });
  const r = await addWebhook(getSql(), owner, input.value);
  if (!r.ok) return failureResponse(r);
  return json({ webhook: r.webhook }, { status: 201 });
}

function ids(kind: "workflow" | "job", params: { id: string; webhookId: string }) {
  const owner = ownerOf(kind, params.id);
  const webhookId = parseId(params.webhookId);
  return owner && webhookId !== null ? { owner, webhookId } : null;
}
const NO_WEBHOOK = (kind: string) => json({ error: `no such webhook: GET /api/${kind}s/{id}/webhooks lists them` }, { status: 404 });

/** DELETE: remove an endpoint with its delivery log. */
export async function deleteWebhook(kind: "workflow" | "job", params: { id: string; webhookId: string }) {
  const at = ids(kind, params);
  if (!at) return NO_WEBHOOK(kind);
  const r = await removeWebhook(getSql(), at.owner, at.webhookId);
  if (!r.ok) return failureResponse(r);
  return json({ deleted: at.webhookId });
}

/** POST …/test: a test delivery (event webhook.test) now, signed and logged as any other. */
export async function testWebhook(kind: "workflow" | "job", params: { id: string; webhookId: string }) {
  const at = ids(kind, params);
  if (!at) return NO_WEBHOOK(kind);
  const r = await sendTestDelivery(at.owner, at.webhookId);
  if (!r.ok) return failureResponse(r);
  return json({ deliveryId: r.deliveryId, attempt: r.sent });
}
