import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { storeTestPage } from "../testing/results-fixtures";
import { createWorkflow, listWorkflows, runWorkflow } from "./workflows";
import { claimDueWorkflows, setWorkflowSchedule } from "./workflow-schedule";
import { listJobOverview } from "./job-overview";
import { listJobs } from "./jobs";
import { setJobArchived, setWorkflowArchived } from "./archive";

const ctx = useTestDatabase();

async function workflowWithRun(name: string) {
  const w = await createWorkflow(ctx.prisma, name, { keywords: "计算机", seeds: "http://s.test/" });
  assert.ok(w.ok);
  const r = await runWorkflow(ctx.prisma, w.workflow.id);
  assert.ok(r.ok);
  return { workflowId: w.workflow.id, jobId: r.job.id };
}

test("an archived job leaves the default lists, shows with archived ones, keeps its pages, and comes back unarchived", async () => {
  const { jobId } = await workflowWithRun("archive a job");
  const running = await setJobArchived(ctx.db.sql, jobId, true);
  assert.ok(!running.ok && running.kind === "conflict" && /stop it first/.test(running.message), "a running job is not archived");
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${jobId}`;
  await storeTestPage(ctx.db.sql, jobId, { url: "http://s.test/p", title: "计算机", mainText: "计算机 网络" });
  const [{ n: pagesBefore }] = await ctx.db.sql`select count(*)::int as n from pages where job_id = ${jobId}`;
  assert.equal(pagesBefore, 1);
  const archived = await setJobArchived(ctx.db.sql, jobId, true);
  assert.ok(archived.ok && archived.archivedAt instanceof Date);
  const shown = await listJobOverview(ctx.db.sql, null);
  assert.ok(!shown.jobs.some((j) => j.id === jobId), "hidden from the home page's list");
  assert.equal(shown.archived, 1);
  assert.equal(shown.counts.done ?? 0, 0, "nor counted under its status");
  assert.ok((await listJobOverview(ctx.db.sql, null, 200, { includeArchived: true })).jobs.some((j) => j.id === jobId && j.archivedAt));
  assert.ok(!(await listJobs(ctx.prisma)).some((j) => j.id === jobId));
  assert.ok((await listJobs(ctx.prisma, 100, { includeArchived: true })).some((j) => j.id === jobId));
  const [{ n: pagesAfter }] = await ctx.db.sql`select count(*)::int as n from pages where job_id = ${jobId}`;
  assert.equal(pagesAfter, pagesBefore, "archiving deletes nothing");
  const back = await setJobArchived(ctx.db.sql, jobId, false);
  assert.ok(back.ok && back.archivedAt === null);
  assert.ok((await listJobOverview(ctx.db.sql, null)).jobs.some((j) => j.id === jobId));
  const missing = await setJobArchived(ctx.db.sql, 999_999, true);
  assert.ok(!missing.ok && missing.kind === "not-found");
});

test("an archived workflow leaves the list and its schedule starts no run; unarchived, its next time counts from then", async () => {
  const { workflowId, jobId } = await workflowWithRun("archive a workflow");
  await ctx.db.sql`update jobs set status = 'done' where id = ${jobId}`;
  const t0 = new Date("2026-11-26T08:00:30Z");
  assert.ok((await setWorkflowSchedule(ctx.db.sql, workflowId, { cron: "* * * * *", timeZone: "UTC" }, t0)).ok);
  assert.ok((await setWorkflowArchived(ctx.db.sql, workflowId, true)).ok);
  assert.ok(!(await listWorkflows(ctx.prisma)).some((w) => w.id === workflowId));
  assert.ok((await listWorkflows(ctx.prisma, 100, { includeArchived: true })).some((w) => w.id === workflowId));
  assert.ok(!(await claimDueWorkflows(ctx.db.sql, new Date("2026-11-26T08:05:00Z"))).includes(workflowId), "an archived workflow is not run on schedule");
  const t1 = new Date("2026-11-26T09:00:10Z");
  assert.ok((await setWorkflowArchived(ctx.db.sql, workflowId, false, t1)).ok);
  const [w] = await ctx.db.sql`select next_run_at, archived_at from workflows where id = ${workflowId}`;
  assert.equal(w.archived_at, null);
  assert.equal(w.next_run_at.toISOString(), "2026-11-26T09:01:00.000Z", "the times missed while archived are not run");
  assert.ok((await listWorkflows(ctx.prisma)).some((x) => x.id === workflowId));
});
