import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { leaseQueued, storeTestPage } from "../testing/results-fixtures";
import { createWorkflow, reviseWorkflow, runWorkflow } from "./workflows";
import { storeUnchanged } from "./revisits";
import { findStalledJobs, STALL_WINDOW_MS } from "./stall";

const ctx = useTestDatabase();

test("a re-run revisits only the previous pages its own scope and depth still allow: an edit that narrows them is obeyed", async () => {
  const made = await createWorkflow(ctx.prisma, "narrowed", { keywords: "计算机", seeds: "http://r.test/", maxDepth: 3 });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  const stored = (p: string, depth: number, host = "r.test") =>
    storeTestPage(ctx.db.sql, first.job.id, { url: `http://${host}/${p}`, title: p, mainText: "计算机 网络", depth });
  await stored("keep", 1);
  await stored("private/report", 1);
  await stored("deep", 3);
  await stored("away", 1, "other.test");
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${first.job.id}`;
  // The edit keeps the crawl off /private/ and off other sites, and two links deep.
  const edited = await reviseWorkflow(ctx.prisma, made.workflow.id, "narrowed", { deny: "http://r.test/private/*", scope: "seed-hosts", maxDepth: 2 });
  assert.ok(edited.ok, !edited.ok ? edited.message : "");
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  const revisits = await ctx.db.sql<{ url: string }[]>`
    select url from frontier where job_id = ${second.job.id} and revisit_page_id is not null order by url`;
  assert.deepEqual(revisits.map((r) => r.url), ["http://r.test/keep"]);
});

test("a re-run whose revisits answer 304 is moving, not stalled, though a 304 counts no page fetched", async () => {
  const made = await createWorkflow(ctx.prisma, "unchanged-web", { keywords: "计算机", seeds: "http://s.test/\nhttp://o.test/", strategy: "bfs" });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  await storeTestPage(ctx.db.sql, first.job.id, { url: "http://s.test/a", title: "a", mainText: "计算机 网络" });
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${first.job.id}`;
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  await ctx.db.sql`update jobs set status = 'running', started_at = now() where id = ${second.job.id}`;
  const [a] = await leaseQueued(ctx.db.sql, second.job.id, "http://s.test/a");
  assert.ok(await storeUnchanged(ctx.db.sql, { jobId: second.job.id, frontierId: a.id, workerId: "w-test", host: "s.test",
    answeredAt: new Date(), revisitOf: a.revisitOf!, fetchMs: 2 }));
  // Another host has had a URL due for longer than the window: the claim left it for the revisits.
  const long = STALL_WINDOW_MS + 1_000;
  await ctx.db.sql`update hosts set next_fetch_at = now() - ${long} * interval '1 millisecond' where job_id = ${second.job.id} and host = 'o.test'`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${long} * interval '1 millisecond' where job_id = ${second.job.id} and host = 'o.test'`;
  assert.deepEqual((await findStalledJobs(ctx.db.sql, [second.job.id], STALL_WINDOW_MS)).map((s) => s.jobId), []);
  // Once nothing was stored for the window either, it is a stall.
  await ctx.db.sql`update pages set fetched_at = now() - ${long} * interval '1 millisecond' where job_id = ${second.job.id}`;
  assert.deepEqual((await findStalledJobs(ctx.db.sql, [second.job.id], STALL_WINDOW_MS)).map((s) => s.jobId), [second.job.id]);
});
