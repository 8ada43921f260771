/**
 * A workflow's webhook endpoints: add, list (the secret never read back), remove, and a test
 * delivery queued like any other. Input is checked before it gets here (lib/webhooks/input.ts).
 */
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";

/** An endpoint as the pages and the API show it: no secret. */
export interface WebhookView { id: number; url: string; events: string[]; createdAt: Date }

/** Add an endpoint to workflow `workflowId`; refused when the workflow does not exist. */
export async function addWebhook(sql: Sql, workflowId: number, hook: { url: string; secret: string; events: string[] }): Promise<{ ok: true; webhook: WebhookView } | Failure> {
  const rows = await sql<WebhookView[]>`
    insert into webhooks (workflow_id, url, secret, events)
    select id, ${hook.url}, ${hook.secret}, ${hook.events}::text[] from workflows where id = ${workflowId}
    returning id, url, events, created_at as "createdAt"`;
  return rows[0] ? { ok: true, webhook: rows[0] } : fail("not-found", `workflow ${workflowId} does not exist`);
}

/** The endpoints of workflow `workflowId`, oldest first. */
export async function listWebhooks(sql: Sql, workflowId: number): Promise<WebhookView[]> {
  return sql<WebhookView[]>`select id, url, events, created_at as "createdAt" from webhooks where workflow_id = ${workflowId} order by id`;
}

/** Remove endpoint `webhookId` of workflow `workflowId` with its deliveries and their log. */
export async function removeWebhook(sql: Sql, workflowId: number, webhookId: number): Promise<{ ok: true } | Failure> {
  const rows = await sql`delete from webhooks where id = ${webhookId} and workflow_id = ${workflowId} returning id`;
  return rows.length > 0 ? { ok: true } : fail("not-found", `workflow ${workflowId} has no webhook ${webhookId}`);
}

/** Queue a delivery of event `event` to endpoint `webhookId` of workflow `workflowId` with `payload`, due now; returns its id. */
export async function enqueueDelivery(sql: Sql, workflowId: number, webhookId: number, event: string, payload: object): Promise<{ ok: true; deliveryId: string } | Failure> {
  const rows = await sql<{ id: string }[]>`
    insert into webhook_deliveries (webhook_id, event, payload)
    select h.id, ${event}, ${sql.json(payload as never)} from webhooks h where h.id = ${webhookId} and h.workflow_id = ${workflowId}
    returning id::text`;
  return rows[0] ? { ok: true, deliveryId: rows[0].id } : fail("not-found", `workflow ${workflowId} has no webhook ${webhookId}`);
}
