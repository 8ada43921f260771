/**
 * The webhook sender in the dashboard process, started once by instrumentation.ts beside the
 * scheduler. Any number of dashboards may run it: the claim is SKIP LOCKED. Deliveries are rows,
 * so a restart loses none: what was due while no dashboard ran is sent at start.
 */
import { loadEnv } from "../env";
import { getSql } from "../store/infra/sql";
import { enqueueDelivery, type WebhookOwner } from "../store/webhooks";
import { TEST_EVENT } from "./input";
import { deliverDue, deliverNow } from "./deliver";
import { createWebhookSender, type WebhookSender } from "./send";
import { recordWatchedStalls, STALL_CHECK_EVERY_MS } from "./stall-watch";

/**
 * Between two looks at the outbox when the last one found nothing. A run's end reaches its
 * receiver within this; an idle look is one indexed query (webhook_deliveries_next_attempt_at_idx).
 */
export const WEBHOOK_TICK_MS = 2_000;

const g = globalThis as unknown as { focuscrawlWebhookSender?: WebhookSender; focuscrawlWebhooks?: { stop: () => void } };

/** The process's one sender, behind the deployment's private-network guard (ALLOW_PRIVATE_NETWORKS, PRIVATE_NETWORK_ALLOW). */
function dashboardSender(): WebhookSender {
  if (g.focuscrawlWebhookSender) return g.focuscrawlWebhookSender;
  const env = loadEnv();
  g.focuscrawlWebhookSender = createWebhookSender({ userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS, privateAllowList: env.PRIVATE_NETWORK_ALLOW });
  return g.focuscrawlWebhookSender;
}

/** Start the sender loop unless this process already runs it. */
export function startWebhookSender(log: (line: string) => void = (line) => console.log(`[focuscrawl] ${line}`)): void {
  if (g.focuscrawlWebhooks) return;
  const sender = dashboardSender();
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stallsCheckedAt = 0;
  const tick = async () => {
    let sent = 0;
    try {
      if (Date.now() - stallsCheckedAt >= STALL_CHECK_EVERY_MS) {
        stallsCheckedAt = Date.now();
        for (const jobId of await recordWatchedStalls(getSql())) log(`webhooks: job ${jobId} stalled; its endpoints are told`);
      }
      sent = (await deliverDue(getSql(), sender)).length;
    } catch (err) {
      // The database away: the rows stay due and a later tick sends them.
      log(`webhooks: tick failed: ${(err as Error).message}`);
    }
    // A full batch may leave more due: look again at once.
    if (!isStopped) timer = setTimeout(() => void tick(), sent > 0 ? 0 : WEBHOOK_TICK_MS);
    timer?.unref();
  };
  g.focuscrawlWebhooks = { stop: () => { isStopped = true; clearTimeout(timer); } };
  void tick();
}

/** Stop the sender loop and close its connections (tests; a process that stops). */
export async function stopWebhookSender(): Promise<void> {
  g.focuscrawlWebhooks?.stop();
  g.focuscrawlWebhooks = undefined;
  await g.focuscrawlWebhookSender?.close();
  g.focuscrawlWebhookSender = undefined;
}

/**
 * Queue a test delivery to endpoint `webhookId` of `owner` (a workflow or a job) and send it at once, as
 * any delivery is sent (signed, logged, retried): what the "send a test delivery" button does.
 * `sent` is null when another dashboard's sender took it first (it is sent all the same).
 */
export async function sendTestDelivery(owner: WebhookOwner, webhookId: number) {
  const sql = getSql();
  const payload = {
    event: TEST_EVENT, occurredAt: new Date().toISOString(), workflow: "workflowId" in owner ? { id: owner.workflowId } : null,
    run: "jobId" in owner ? { id: owner.jobId } : null, detail: "a test delivery: no run ended",
  };
  const d = await enqueueDelivery(sql, owner, webhookId, TEST_EVENT, payload);
  if (!d.ok) return d;
  return { ok: true as const, deliveryId: d.deliveryId, sent: await deliverNow(sql, dashboardSender(), d.deliveryId) };
}
