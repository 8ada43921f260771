/**
 * The webhook outbox (webhook_deliveries, filled by the triggers of the webhooks migration as runs
 * end or stall): the sender's claim, its record of each attempt, and the delivery log. As in
 * graphile-worker, a claim is one SKIP LOCKED statement that also leases the row (its
 * next_attempt_at moves past the attempt's end), so a sender that dies mid-attempt leaves the row
 * due again once the lease runs out; the backoff is computed in SQL from the attempt number.
 */
import type { Sql } from "./infra/sql";
import { ownedBy, type WebhookOwner } from "./webhooks";

/** How a delivery is retried. */
export interface RetryPolicy { maxAttempts: number; baseDelayMs: number; maxDelayMs: number }

/**
 * Six attempts, 30 s after the first failure, doubling to at most an hour: 30 s, 1, 2, 4, 8 min,
 * about a quarter of an hour in all, long enough for a receiver's restart or deployment.
 */
export const WEBHOOK_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };

/** How long a claimed attempt may take before another sender may claim the delivery again (above the send timeout). */
export const WEBHOOK_LEASE_MS = 60_000;

/** A claimed delivery: where it goes, the key and what to send; `attempt` fences the record of its outcome. */
export interface ClaimedDelivery { id: string; webhookId: number; url: string; secret: string; event: string; payload: Record<string, unknown>; attempt: number }

/** Claim up to `limit` due deliveries (or only delivery `onlyId`), leased for `leaseMs`. */
export async function claimDueDeliveries(sql: Sql, limit = 10, leaseMs = WEBHOOK_LEASE_MS, onlyId?: string): Promise<ClaimedDelivery[]> {
  return sql<ClaimedDelivery[]>`
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now() ${onlyId === undefined ? sql`` : sql`and id = ${onlyId}`}
      order by next_attempt_at, id limit ${limit} for update skip locked
    )
    update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    from due, webhooks h where d.id = due.id and h.id = d.webhook_id
    returning d.id::text, d.webhook_id as "webhookId", h.url, h.secret, d.event, d.payload, d.attempts as attempt`;
}

/** What one attempt got: the receiver's status (null: no answer), how long it took and why it failed. */
export interface AttemptResult { statusCode: number | null; durationMs: number; error: string | null }

/**
 * Record attempt `d.attempt` of delivery `d`: delivered on a 2xx; otherwise due again after the
 * backoff, or failed once the attempts are used up. Ignored when the delivery has since been
 * claimed again (its lease ran out): that attempt records its own outcome; and an attempt already
 * recorded is not recorded again (two at once: the unique (delivery_id, attempt) index lets one in).
 */
export async function recordAttempt(sql: Sql, d: ClaimedDelivery, r: AttemptResult, policy: RetryPolicy = WEBHOOK_RETRY): Promise<{ status: string; nextRetryAt: Date | null } | null> {
  const isDelivered = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
  // Only the first record of an attempt counts; a concurrent second one fails the unique index and changes nothing.
  return sql.begin(async (tx) => {
    const [row] = await tx<{ status: string; nextRetryAt: Date | null }[]>`
      update webhook_deliveries set
        status = case when ${isDelivered} then 'delivered' when attempts >= ${policy.maxAttempts} then 'failed' else 'pending' end,
        delivered_at = case when ${isDelivered} then now() end,
        next_attempt_at = case when ${isDelivered} or attempts >= ${policy.maxAttempts} then next_attempt_at
          else now() + least(${policy.maxDelayMs}::float8, ${policy.baseDelayMs}::float8 * 2 ^ (attempts - 1)) * interval '1 millisecond' end
      where id = ${d.id} and attempts = ${d.attempt} and status = 'pending'
        and not exists (select 1 from webhook_attempts a where a.delivery_id = ${d.id} and a.attempt = ${d.attempt})
      returning status, case when status = 'pending' then next_attempt_at end as "nextRetryAt"`;
    if (!row) return null;
    await tx`insert into webhook_attempts (delivery_id, attempt, status_code, duration_ms, error, next_retry_at)
      values (${d.id}, ${d.attempt}, ${r.statusCode}, ${r.durationMs}, ${r.error}, ${row.nextRetryAt})`;
    return row;
  }).catch((err: { code?: string }) => {
    if (err.code === "23505") return null;
    throw err;
  });
}

/** One row of the delivery log. */
export interface DeliveryLogRow {
  deliveryId: string; webhookId: number; url: string; event: string; jobId: number | null; status: string; attempt: number;
  at: Date; statusCode: number | null; durationMs: number; error: string | null; nextRetryAt: Date | null;
}

/** The newest `take` attempts to the endpoints of `owner`, and deliveries not yet tried, newest first. */
export async function listDeliveryLog(sql: Sql, owner: WebhookOwner, take = 50): Promise<DeliveryLogRow[]> {
  return sql<DeliveryLogRow[]>`
    select d.id::text as "deliveryId", h.id as "webhookId", h.url, d.event, d.job_id as "jobId", d.status,
      coalesce(a.attempt, 0) as attempt, coalesce(a.at, d.created_at) as at, a.status_code as "statusCode",
      coalesce(a.duration_ms, 0) as "durationMs", a.error, case when a.id is null then d.next_attempt_at else a.next_retry_at end as "nextRetryAt"
    from webhook_deliveries d join webhooks h on h.id = d.webhook_id
    left join webhook_attempts a on a.delivery_id = d.id
    where ${ownedBy(sql, owner)}
    order by coalesce(a.at, d.created_at) desc, d.id desc, a.attempt desc limit ${take}`;
}
