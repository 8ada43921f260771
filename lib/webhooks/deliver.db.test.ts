import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, beforeEach, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { openSql } from "../store/infra/sql";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { addWebhook, enqueueDelivery } from "../store/webhooks";
import { claimDueDeliveries, listDeliveryLog, recordAttempt, WEBHOOK_RETRY } from "../store/webhook-outbox";
import { deliverDue, deliverNow } from "./deliver";
import { createWebhookSender } from "./send";
import { SIGNATURE_HEADER, verifySignature } from "./signature";

const ctx = useTestDatabase();
const SECRET = "s3cret-0123456789abcdef";
// Each test sees only its own deliveries: the file's tests share one database.
beforeEach(() => ctx.db.sql`delete from webhook_deliveries`);

async function workflowWithHook(events: string[], url = "http://127.0.0.1:9/hook") {
  const w = await createWorkflow(ctx.prisma, `hooks ${Math.random()}`, { keywords: "计算机", seeds: "http://s.test/" });
  assert.ok(w.ok);
  const h = await addWebhook(ctx.db.sql, { workflowId: w.workflow.id }, { url, secret: SECRET, events });
  assert.ok(h.ok);
  return { workflowId: w.workflow.id, webhookId: h.webhook.id };
}
async function startRun(workflowId: number) {
  const r = await runWorkflow(ctx.prisma, workflowId);
  assert.ok(r.ok);
  return r.job.id;
}
const deliveriesOf = async (webhookId: number) => [...await ctx.db.sql<{ event: string; jobId: number; payload: Record<string, any> }[]>`
  select event, job_id as "jobId", payload from webhook_deliveries where webhook_id = ${webhookId} order by id`];
/** Make every pending delivery due now (instead of waiting for its backoff). */
const makeDue = () => ctx.db.sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`;

/** A receiver on loopback that answers each request with the next status of `statuses` (then 200) and keeps what it got. */
async function startReceiver(statuses: number[]) {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(statuses.shift() ?? 200, { "content-type": "text/plain" }).end("receiver says no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

test("a run that ends or stalls queues one delivery per endpoint that wants the event, in the same transaction", async () => {
  const finished = await workflowWithHook(["run.finished", "run.stalled"]);
  const failedOnly = await addWebhook(ctx.db.sql, { workflowId: finished.workflowId }, { url: "http://127.0.0.1:9/other", secret: SECRET, events: ["run.failed"] });
  assert.ok(failedOnly.ok);
  const jobId = await startRun(finished.workflowId);
  await ctx.db.sql`update jobs set pages_fetched = 7 where id = ${jobId}`;
  assert.deepEqual(await deliveriesOf(finished.webhookId), [], "nothing before the run ends");
  await ctx.db.sql`insert into job_events (job_id, level, kind, message) values (${jobId}, 'error', 'stalled', 'Nothing was claimed for 60 s')`;
  await ctx.db.sql`update jobs set status = 'done', finish_reason = 'frontier-empty', finished_at = now() where id = ${jobId}`;
  // Ending twice (an update that keeps the status) queues nothing more.
  await ctx.db.sql`update jobs set status = 'done' where id = ${jobId}`;
  const got = await deliveriesOf(finished.webhookId);
  assert.deepEqual(got.map((d) => d.event), ["run.stalled", "run.finished"]);
  assert.equal(got[1].jobId, jobId);
  assert.equal(got[1].payload.run.status, "done");
  assert.equal(got[1].payload.run.pagesFetched, 7);
  assert.equal(got[1].payload.workflow.id, finished.workflowId);
  assert.equal(got[0].payload.detail, "Nothing was claimed for 60 s");
  assert.deepEqual(await deliveriesOf(failedOnly.webhook.id), [], "an endpoint without run.finished is not told");
  const failedRun = await startRun(finished.workflowId);
  await ctx.db.sql`update jobs set status = 'failed', finish_reason = 'all-seeds-failed' where id = ${failedRun}`;
  assert.deepEqual((await deliveriesOf(failedOnly.webhook.id)).map((d) => [d.event, d.jobId]), [["run.failed", failedRun]]);
});

test("a single job's endpoint is told of that job's end alone, with no workflow in the body, and goes with the job", async () => {
  const job = await makeJob(ctx.db.url, {});
  const other = await makeJob(ctx.db.url, {});
  const h = await addWebhook(ctx.db.sql, { jobId: job.id }, { url: "http://127.0.0.1:9/job", secret: SECRET, events: ["run.finished", "run.failed"] });
  assert.ok(h.ok);
  assert.ok(!(await addWebhook(ctx.db.sql, { jobId: 999_999 }, { url: "http://127.0.0.1:9/job", secret: SECRET, events: ["run.failed"] })).ok);
  await ctx.db.sql`update jobs set status = 'failed', finish_reason = 'all-seeds-failed' where id = ${other.id}`;
  await ctx.db.sql`update jobs set status = 'stopped', finish_reason = 'stopped' where id = ${job.id}`;
  const got = await deliveriesOf(h.webhook.id);
  assert.deepEqual(got.map((d) => [d.event, d.jobId, d.payload.workflow, d.payload.run.status]), [["run.finished", job.id, null, "stopped"]]);
  await assert.rejects(ctx.db.sql`insert into webhooks (url, secret, events) values ('http://x.test/', ${SECRET}, '{run.failed}')`, /webhooks_owner_check/);
  await ctx.db.sql`delete from jobs where id = ${job.id}`;
  assert.equal((await ctx.db.sql`select count(*)::int as n from webhooks where id = ${h.webhook.id}`)[0].n, 0, "deleting the job deletes its endpoints");
});

test("two senders claiming at once never take the same delivery, and a claimed one is not due again until its lease ends", async () => {
  const { workflowId, webhookId } = await workflowWithHook(["run.finished"]);
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) {
    const d = await enqueueDelivery(ctx.db.sql, { workflowId }, webhookId, "webhook.test", { n: i });
    assert.ok(d.ok);
    ids.push(d.deliveryId);
  }
  const other = openSql(ctx.db.url, { max: 1 });
  try {
    const [a, b] = await Promise.all([claimDueDeliveries(ctx.db.sql, 5), claimDueDeliveries(other, 5)]);
    const claimed = [...a, ...b].map((d) => d.id).filter((id) => ids.includes(id));
    assert.equal(new Set(claimed).size, claimed.length, "no delivery claimed twice");
    assert.equal(claimed.length, 8);
  } finally {
    await other.end();
  }
  assert.equal((await claimDueDeliveries(ctx.db.sql, 20)).length, 0, "leased: not due again");
  await ctx.db.sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = any(${ids}::bigint[])`;
  const again = await claimDueDeliveries(ctx.db.sql, 20);
  assert.equal(again.length, 8, "a lease that ran out (the sender died) makes it due again");
  assert.ok(again.every((d) => d.attempt === 2));
});

test("a failed attempt is retried with a doubling backoff, and fails for good after the last attempt; a late record is ignored", async () => {
  const { workflowId, webhookId } = await workflowWithHook(["run.finished"]);
  const d = await enqueueDelivery(ctx.db.sql, { workflowId }, webhookId, "webhook.test", {});
  assert.ok(d.ok);
  const policy = { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 45_000 };
  const delays: number[] = [];
  let last: string | undefined;
  for (let i = 0; i < 3; i++) {
    await makeDue();
    const [c] = await claimDueDeliveries(ctx.db.sql, 1);
    const r = await recordAttempt(ctx.db.sql, c, { statusCode: 500, durationMs: 3, error: "HTTP 500" }, policy);
    last = r?.status;
    const [row] = await ctx.db.sql`select extract(epoch from next_attempt_at - now()) * 1000 as ms from webhook_deliveries where id = ${d.deliveryId}`;
    if (r?.status === "pending") delays.push(Math.round(Number(row.ms) / 1000));
    // The same attempt recorded again (a sender whose lease ran out) changes nothing.
    assert.equal(await recordAttempt(ctx.db.sql, c, { statusCode: 200, durationMs: 1, error: null }, policy), null);
  }
  assert.deepEqual(delays.map((s) => (s >= 29 && s <= 30 ? 30 : s >= 44 && s <= 45 ? 45 : s)), [30, 45], "30 s, then 60 s capped at 45 s");
  assert.equal(last, "failed");
  await makeDue();
  assert.equal((await claimDueDeliveries(ctx.db.sql, 5)).length, 0, "a failed delivery is not claimed again");
  const log = await listDeliveryLog(ctx.db.sql, { workflowId });
  assert.deepEqual(log.map((l) => [l.attempt, l.statusCode, l.nextRetryAt === null]), [[3, 500, true], [2, 500, false], [1, 500, false]]);
  assert.equal(WEBHOOK_RETRY.maxAttempts, 6);
});

test("a delivery posted to a real loopback receiver is signed with the secret, retried after a 500 and then delivered", async () => {
  const receiver = await startReceiver([500]);
  const { workflowId, webhookId } = await workflowWithHook(["run.finished"], receiver.url);
  const jobId = await startRun(workflowId);
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${jobId}`;
  const sender = createWebhookSender({ userAgent: "FocusCrawl-test", allowPrivate: true });
  try {
    const first = await deliverDue(ctx.db.sql, sender);
    assert.deepEqual(first.map((r) => [r.statusCode, r.status]), [[500, "pending"]]);
    assert.match(first[0].error ?? "", /receiver says no/);
    assert.deepEqual(await deliverDue(ctx.db.sql, sender), [], "not retried before its backoff");
    await makeDue();
    const second = await deliverDue(ctx.db.sql, sender);
    assert.deepEqual(second.map((r) => [r.statusCode, r.status]), [[200, "delivered"]]);
  } finally {
    await sender.close();
  }
  assert.equal(receiver.got.length, 2);
  for (const r of receiver.got) {
    const signature = String(r.headers[SIGNATURE_HEADER.toLowerCase()]);
    assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
    // Computed here as a receiver would, from the documented scheme alone: HMAC-SHA256(secret, "<t>.<raw body>").
    const [, t, v1] = /^t=(\d+),v1=(\w+)$/.exec(signature)!;
    assert.equal(v1, createHmac("sha256", SECRET).update(`${t}.${r.body}`).digest("hex"));
    assert.ok(verifySignature(SECRET, signature, r.body), "the signature verifies with the secret");
    assert.ok(!verifySignature("another-secret-0123456789", signature, r.body), "and not with another");
    assert.ok(!verifySignature(SECRET, signature, r.body.replace("done", "failed")), "nor over another body");
    assert.equal(r.headers["content-type"], "application/json");
    assert.equal(r.headers["focuscrawl-event"], "run.finished");
  }
  const body = JSON.parse(receiver.got[1].body);
  assert.equal(body.event, "run.finished");
  assert.equal(body.run.id, jobId);
  assert.equal(body.id, receiver.got[1].headers["focuscrawl-delivery"]);
  assert.equal(receiver.got[0].body, receiver.got[1].body, "a retry sends the same body");
  const log = await listDeliveryLog(ctx.db.sql, { workflowId });
  assert.deepEqual(log.map((l) => [l.attempt, l.statusCode, l.status]), [[2, 200, "delivered"], [1, 500, "delivered"]]);
});

test("the private-network guard refuses a loopback receiver unless the deployment allows it; a test delivery goes out at once", async () => {
  const receiver = await startReceiver([]);
  const { workflowId, webhookId } = await workflowWithHook(["run.finished"], receiver.url);
  const d = await enqueueDelivery(ctx.db.sql, { workflowId }, webhookId, "webhook.test", { event: "webhook.test" });
  assert.ok(d.ok);
  const guarded = createWebhookSender({ userAgent: "FocusCrawl-test", allowPrivate: false });
  try {
    const r = await deliverNow(ctx.db.sql, guarded, d.deliveryId);
    assert.equal(r?.statusCode, null);
    assert.match(r?.error ?? "", /^blocked-address: .*ALLOW_PRIVATE_NETWORKS/);
  } finally {
    await guarded.close();
  }
  assert.equal(receiver.got.length, 0, "nothing reached the receiver");
  await makeDue();
  const allowed = createWebhookSender({ userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.1"] });
  try {
    const r = await deliverNow(ctx.db.sql, allowed, d.deliveryId);
    assert.equal(r?.statusCode, 200);
  } finally {
    await allowed.close();
  }
  assert.equal(receiver.got.length, 1);
  assert.equal(JSON.parse(receiver.got[0].body).event, "webhook.test");
});
