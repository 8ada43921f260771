import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { useRouteEnv } from "../testing/route-env";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { addWebhook } from "../store/webhooks";
import { claimDueDeliveries } from "../store/webhook-outbox";
import { startWebhookSender, stopWebhookSender } from "./dashboard-webhooks";

const ctx = useTestDatabase();
// The dashboard's own settings: private networks allowed, as the e2e dashboard does, so that a loopback receiver is reachable.
useRouteEnv({ ALLOW_PRIVATE_NETWORKS: "1" });

test("deliveries queued while no dashboard ran, and one whose sender died mid-attempt, are sent once a dashboard starts", async () => {
  process.env.DATABASE_URL = ctx.db.url;
  const got: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => { got.push(JSON.parse(body).run.id); res.end("ok"); });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const w = await createWorkflow(ctx.prisma, "restart", { keywords: "计算机", seeds: "http://s.test/" });
  assert.ok(w.ok);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  assert.ok((await addWebhook(ctx.db.sql, { workflowId: w.workflow.id }, { url, secret: "0123456789abcdef", events: ["run.finished"] })).ok);
  const runs: number[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await runWorkflow(ctx.prisma, w.workflow.id);
    assert.ok(r.ok);
    runs.push(r.job.id);
    await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${r.job.id}`;
  }
  // A dashboard claimed the first run's delivery and stopped before sending it; its lease has run out.
  const [claimed] = await claimDueDeliveries(ctx.db.sql, 1);
  assert.ok(claimed);
  await ctx.db.sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = ${claimed.id}`;
  assert.deepEqual(got, [], "nothing is sent while no sender runs");
  const states = async () => (await ctx.db.sql`select status from webhook_deliveries order by id`).map((r) => r.status as string);
  startWebhookSender(() => undefined);
  try {
    // Polled, bounded: the sender looks at once when it starts, then every 2 s.
    for (let i = 0; i < 300 && (await states()).some((s) => s !== "delivered"); i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await stopWebhookSender();
  }
  assert.deepEqual(await states(), ["delivered", "delivered"]);
  assert.deepEqual([...got].sort(), [...runs].sort(), "each run's delivery was sent once");
});
