import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { STALL_WINDOW_MS } from "../store/stall";
import { addWebhook } from "../store/webhooks";
import { recordWatchedStalls } from "./stall-watch";

const ctx = useTestDatabase();

/** Make job `jobId` stalled: its host ready and its URL due for longer than the window, nothing claimed. */
async function stall(jobId: number) {
  await ctx.db.sql`update hosts set next_fetch_at = now() - ${STALL_WINDOW_MS + 1_000} * interval '1 millisecond', robots_state = 'allow-all' where job_id = ${jobId}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${STALL_WINDOW_MS + 1_000} * interval '1 millisecond' where job_id = ${jobId}`;
}
const stalledDeliveries = async (jobId: number) =>
  (await ctx.db.sql`select count(*)::int as n from webhook_deliveries where job_id = ${jobId} and event = 'run.stalled'`)[0].n as number;

test("a stalled job whose endpoint wants run.stalled is recorded and told without its page being opened, once a window", async () => {
  const watched = await makeJob(ctx.db.url, { maxPages: 10 });
  const unwatched = await makeJob(ctx.db.url, { maxPages: 10 });
  const finishedOnly = await makeJob(ctx.db.url, { maxPages: 10 });
  assert.ok((await addWebhook(ctx.db.sql, { jobId: watched.id }, { url: "http://127.0.0.1:9/h", secret: "0123456789abcdef", events: ["run.stalled"] })).ok);
  assert.ok((await addWebhook(ctx.db.sql, { jobId: finishedOnly.id }, { url: "http://127.0.0.1:9/h", secret: "0123456789abcdef", events: ["run.finished"] })).ok);
  assert.deepEqual(await recordWatchedStalls(ctx.db.sql), [], "not stalled yet");
  for (const j of [watched, unwatched, finishedOnly]) await stall(j.id);
  assert.deepEqual(await recordWatchedStalls(ctx.db.sql), [watched.id]);
  assert.equal(await stalledDeliveries(watched.id), 1);
  assert.deepEqual(await recordWatchedStalls(ctx.db.sql), [], "one stall a window");
  assert.equal(await stalledDeliveries(watched.id), 1);
  const events = await ctx.db.sql`select job_id from job_events where kind = 'stalled'`;
  assert.deepEqual(events.map((e) => e.job_id), [watched.id], "jobs no endpoint watches for stalls are left to the job page");
});
