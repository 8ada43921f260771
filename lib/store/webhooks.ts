/**
 * Webhook endpoints of a workflow (told of each of its runs) or of one job: add, list (the secret
 * never read back), remove, and a test delivery queued like any other. Input is checked before it
 * gets here (lib/webhooks/input.ts).
 */
import { fail, type Failure } from "./failure";
import type { Fragment, Sql } from "./infra/sql";

/** Whose endpoints: a workflow's or one job's. */
export type WebhookOwner = { workflowId: number } | { jobId: number };

/** An endpoint as the pages and the API show it: no secret. */
export interface WebhookView { id: number; url: string; events: string[]; createdAt: Date }

/** The condition on webhooks row `h` that it belongs to `owner`. */
export function ownedBy(sql: Sql, owner: WebhookOwner): Fragment {
  return "workflowId" in owner ? sql`h.workflow_id = ${owner.workflowId}` : sql`h.job_id = ${owner.jobId}`;
}

/** "workflow 7 does not exist" or "job 7 does not exist: …", as the owner's other refusals say it. */
function missingOwner(owner: WebhookOwner): Failure {
  return "workflowId" in owner ? fail("not-found", `workflow ${owner.workflowId} does not exist`)
    : fail("not-found", `job ${owner.jobId} does not exist: pick a job from the jobs list`);
}

function missingHook(owner: WebhookOwner, webhookId: number): Failure {
  const who = "workflowId" in owner ? `workflow ${owner.workflowId}` : `job ${owner.jobId}`;
  return fail("not-found", `${who} has no webhook ${webhookId}`);
}

/** Add an endpoint to `owner`; refused when it does not exist. */
export async function addWebhook(sql: Sql, owner: WebhookOwner, hook: { url: string; secret: string; events: string[] }): Promise<{ ok: true; webhook: WebhookView } | Failure> {
  const source = "workflowId" in owner ? sql`select id as workflow_id, null::int as job_id from workflows where id = ${owner.workflowId}`
    : sql`select null::int as workflow_id, id as job_id from jobs where id = ${owner.jobId}`;
  const rows = await sql<WebhookView[]>`
    insert into webhooks (workflow_id, job_id, url, secret, events)
    select o.workflow_id, o.job_id, ${hook.url}, ${hook.secret}, ${hook.events}::text[] from (${source}) o
    returning id, url, events, created_at as "createdAt"`;
  return rows[0] ? { ok: true, webhook: rows[0] } : missingOwner(owner);
}

/** The endpoints of `owner`, oldest first. */
export async function listWebhooks(sql: Sql, owner: WebhookOwner): Promise<WebhookView[]> {
  return sql<WebhookView[]>`select h.id, h.url, h.events, h.created_at as "createdAt" from webhooks h where ${ownedBy(sql, owner)} order by h.id`;
}

/** Whether `owner` exists. */
export async function hasWebhookOwner(sql: Sql, owner: WebhookOwner): Promise<boolean> {
  const rows = "workflowId" in owner ? await sql`select 1 from workflows where id = ${owner.workflowId}` : await sql`select 1 from jobs where id = ${owner.jobId}`;
  return rows.length > 0;
}

/** Remove endpoint `webhookId` of `owner` with its deliveries and their log. */
export async function removeWebhook(sql: Sql, owner: WebhookOwner, webhookId: number): Promise<{ ok: true } | Failure> {
  const rows = await sql`delete from webhooks h where h.id = ${webhookId} and ${ownedBy(sql, owner)} returning h.id`;
  return rows.length > 0 ? { ok: true } : missingHook(owner, webhookId);
}

/** Queue a delivery of event `event` to endpoint `webhookId` of `owner` with `payload`, due now; returns its id. */
export async function enqueueDelivery(sql: Sql, owner: WebhookOwner, webhookId: number, event: string, payload: object): Promise<{ ok: true; deliveryId: string } | Failure> {
  const rows = await sql<{ id: string }[]>`
    insert into webhook_deliveries (webhook_id, event, payload)
    select h.id, ${event}, ${sql.json(payload as never)} from webhooks h where h.id = ${webhookId} and ${ownedBy(sql, owner)}
    returning id::text`;
  return rows[0] ? { ok: true, deliveryId: rows[0].id } : missingHook(owner, webhookId);
}

/** Running jobs with an endpoint (their own or their workflow's) that wants run.stalled. */
export async function listStallWatchedJobs(sql: Sql): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select distinct j.id from jobs j join webhooks h on h.job_id = j.id or h.workflow_id = j.workflow_id
    where j.status = 'running' and 'run.stalled' = any(h.events)`;
  return rows.map((r) => r.id);
}
