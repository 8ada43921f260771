/**
 * Delivering the outbox: claim due deliveries (lib/store/webhook-outbox.ts), sign each body
 * (signature.ts), post it (send.ts) and record the attempt, which schedules the retry.
 */
import type { Sql } from "../store/infra/sql";
import { claimDueDeliveries, recordAttempt, WEBHOOK_RETRY, type ClaimedDelivery, type RetryPolicy } from "../store/webhook-outbox";
import { SIGNATURE_HEADER, signBody } from "./signature";
import type { WebhookSender } from "./send";

/** The exact bytes sent for delivery `d`: its payload with the delivery's id first (a receiver's idempotency key). */
export function deliveryBody(d: Pick<ClaimedDelivery, "id" | "payload">): string {
  return JSON.stringify({ id: d.id, ...d.payload });
}

async function attempt(sql: Sql, sender: WebhookSender, d: ClaimedDelivery, policy: RetryPolicy) {
  const body = deliveryBody(d);
  const signature = signBody(d.secret, Math.floor(Date.now() / 1000), body);
  const r = await sender.post(d.url, body, { [SIGNATURE_HEADER]: signature, "FocusCrawl-Event": d.event, "FocusCrawl-Delivery": d.id });
  const recorded = await recordAttempt(sql, d, r, policy);
  return { id: d.id, ...r, status: recorded?.status ?? "superseded" };
}

/** Send the deliveries due now (at most `limit`, in parallel); returns what each attempt got. */
export async function deliverDue(sql: Sql, sender: WebhookSender, limit = 10, policy: RetryPolicy = WEBHOOK_RETRY) {
  const claimed = await claimDueDeliveries(sql, limit);
  return Promise.all(claimed.map((d) => attempt(sql, sender, d, policy)));
}

/** Send delivery `id` now if it is due and no sender holds it (the test button); null when it was not claimable. */
export async function deliverNow(sql: Sql, sender: WebhookSender, id: string, policy: RetryPolicy = WEBHOOK_RETRY) {
  const [d] = await claimDueDeliveries(sql, 1, undefined, id);
  return d ? attempt(sql, sender, d, policy) : null;
}
