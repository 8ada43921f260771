/**
 * A viewer reading a workflow's or a job's webhooks through the API sees each receiver's origin
 * only, as on the pages: many receivers carry a token in their path (chat webhooks), and with
 * it anyone could post to them. An operator, who may edit the endpoints, sees them whole.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { useRouteEnv } from "@/lib/testing/route-env";
import { createWorkflow, runWorkflow } from "@/lib/store/workflows";
import { addWebhook } from "@/lib/store/webhooks";
import { createUser } from "@/lib/store/users";
import { createApiToken } from "@/lib/store/api-tokens";
import { dispatch } from "./test-dispatch";

const ctx = useTestDatabase();
useRouteEnv();

const RECEIVER = "https://chat.example/hooks/T000/B000/s3cr3t-token";

async function readAs(token: string, path: string) {
  process.env.DATABASE_URL = ctx.db.url;
  const res = await dispatch(new Request(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000", authorization: `Bearer ${token}` } }));
  assert.equal(res.status, 200);
  return (await res.json()) as { webhooks: { url: string }[]; deliveries: { url: string }[] };
}

test("the webhooks API shows a viewer each receiver's origin only, and an operator the whole address", async () => {
  const w = await createWorkflow(ctx.prisma, "viewer-hooks", { keywords: "计算机", seeds: "http://v.test/" });
  assert.ok(w.ok);
  const run = await runWorkflow(ctx.prisma, w.workflow.id);
  assert.ok(run.ok);
  for (const owner of [{ workflowId: w.workflow.id }, { jobId: run.job.id }]) {
    assert.ok((await addWebhook(ctx.db.sql, owner, { url: RECEIVER, secret: "0123456789abcdef", events: ["run.finished"] })).ok);
  }
  // The run ends: a delivery to each endpoint is queued and shows in the delivery logs.
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${run.job.id}`;
  const tokens: Record<string, string> = {};
  for (const role of ["viewer", "operator"] as const) {
    assert.ok((await createUser(ctx.db.sql, `${role}-hooks`, role, "a-long-enough-password")).ok);
    const t = await createApiToken(ctx.db.sql, `${role}-hooks`, "test");
    assert.ok(t.ok);
    tokens[role] = t.token;
  }
  for (const path of [`/api/workflows/${w.workflow.id}/webhooks`, `/api/jobs/${run.job.id}/webhooks`]) {
    const seen = await readAs(tokens.viewer, path);
    assert.equal(seen.webhooks.length, 1);
    assert.ok(seen.deliveries.length > 0, "the run's delivery is in the log");
    for (const row of [...seen.webhooks, ...seen.deliveries]) assert.equal(row.url, "https://chat.example/…", path);
    const whole = await readAs(tokens.operator, path);
    for (const row of [...whole.webhooks, ...whole.deliveries]) assert.equal(row.url, RECEIVER, path);
  }
});
