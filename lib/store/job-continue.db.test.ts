import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { localizeError } from "../i18n/errors";
import { continueJob } from "./job-continue";
import { createWorkflow, runWorkflow } from "./workflows";

const ctx = useTestDatabase();

/** End job `id` as finishJobs does at its page budget, with `spent` pages of it used. */
const endAtBudget = (id: number, spent: number) => ctx.db.sql`
  update jobs set status = 'done', finish_reason = 'max-pages', finished_at = now(), pages_reserved = ${spent}, max_pages = ${spent} where id = ${id}`;

test("an ended job continues with a higher budget from the URLs it left; refused while running, at or below its spent pages, and with nothing left", async () => {
  const job = await makeJob(ctx.db.url, { seeds: "http://a.test/\nhttp://b.test/\nhttp://c.test/", maxPages: 2, timeBudgetSec: 60 });
  const running = await continueJob(ctx.db.sql, job.id, 10);
  assert.ok(!running.ok && running.kind === "conflict" && /only an ended job can be continued/.test(running.message), JSON.stringify(running));

  // Two seeds fetched, the third left pending by the budget; its host flagged empty by a claim meanwhile.
  await ctx.db.sql`update frontier set status = 'done' where job_id = ${job.id} and host <> 'c.test'`;
  await ctx.db.sql`update hosts set has_pending = false where job_id = ${job.id}`;
  await ctx.db.sql`update jobs set started_at = now() - interval '100 seconds' where id = ${job.id}`;
  await endAtBudget(job.id, 2);
  for (const low of [1, 2]) {
    const r = await continueJob(ctx.db.sql, job.id, low);
    assert.ok(!r.ok && r.kind === "invalid" && r.message.includes("above the 2 page(s)"), JSON.stringify(r));
  }
  assert.equal((await ctx.db.sql`select status::text from jobs where id = ${job.id}`)[0].status, "done", "a refusal writes nothing");

  const r = await continueJob(ctx.db.sql, job.id, 5);
  assert.deepEqual(r, { ok: true, maxPages: 5, previousMaxPages: 2, pending: 1 });
  const [row] = await ctx.db.sql`select status::text, max_pages, finish_reason, finished_at, time_budget_sec from jobs where id = ${job.id}`;
  assert.deepEqual([row.status, row.max_pages, row.finish_reason, row.finished_at], ["running", 5, null, null]);
  assert.ok(row.time_budget_sec >= 160, `the time budget starts again from now: ${row.time_budget_sec}`);
  assert.deepEqual((await ctx.db.sql`select url from frontier where job_id = ${job.id} and status = 'pending'`).map((f) => f.url), ["http://c.test/"]);
  assert.equal((await ctx.db.sql`select has_pending from hosts where job_id = ${job.id} and host = 'c.test'`)[0].has_pending, true);
  const [event] = await ctx.db.sql`select message from job_events where job_id = ${job.id} and kind = 'continued'`;
  assert.match(event.message, /page budget 2 → 5, 1 URL\(s\) left/);

  // Ended again with its frontier empty: nothing to continue from, said so.
  await ctx.db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await endAtBudget(job.id, 3);
  const empty = await continueJob(ctx.db.sql, job.id, 9);
  assert.ok(!empty.ok && empty.kind === "conflict" && /frontier is empty/.test(empty.message), JSON.stringify(empty));
  const missing = await continueJob(ctx.db.sql, 999_999, 9);
  assert.ok(!missing.ok && missing.kind === "not-found");

  // Every refusal reads in Chinese on the dashboard.
  for (const f of [running, empty, missing, await continueJob(ctx.db.sql, job.id, 1)]) {
    assert.ok(!f.ok);
    assert.match(localizeError(f.message, "zh-CN"), /[\u4e00-\u9fff]/, f.message);
  }
});

test("a workflow's ended run does not continue while another run of it has not ended", async () => {
  const made = await createWorkflow(ctx.prisma, "continued", { keywords: "计算机", seeds: "http://w.test/", maxPages: 1 });
  assert.ok(made.ok);
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  await endAtBudget(first.job.id, 1);
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok, !second.ok ? second.message : "");
  const r = await continueJob(ctx.db.sql, first.job.id, 5);
  assert.ok(!r.ok && r.kind === "conflict" && /runs never overlap/.test(r.message), JSON.stringify(r));
  assert.match(localizeError(r.message, "zh-CN"), /两次运行不会重叠/);
});
