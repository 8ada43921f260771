import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { openSql } from "../store/infra/sql";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { claimDueWorkflows, setWorkflowSchedule } from "../store/workflow-schedule";
import { runDueWorkflows } from "./scheduler";

const ctx = useTestDatabase();
const T = new Date("2026-11-26T07:00:30Z");
const at = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

async function scheduledWorkflow(name: string, cron = "* * * * *") {
  const w = await createWorkflow(ctx.prisma, name, { keywords: "计算机", seeds: "http://s.test/" });
  assert.ok(w.ok);
  const s = await setWorkflowSchedule(ctx.db.sql, w.workflow.id, { cron, timeZone: "UTC" }, T);
  assert.ok(s.ok);
  return w.workflow.id;
}
const runsOf = async (id: number) => (await ctx.db.sql<{ id: number }[]>`select id from jobs where workflow_id = ${id} order by id`).map((r) => r.id);
const endRuns = (id: number) => ctx.db.sql`update jobs set status = 'done', finished_at = now() where workflow_id = ${id}`;

test("a time missed while nothing ran starts one run, and the next time is counted from now", async () => {
  const id = await scheduledWorkflow("missed");
  assert.deepEqual((await runDueWorkflows(ctx.db.sql, ctx.prisma, T)).started, [], "not due before its first time");
  const r = await runDueWorkflows(ctx.db.sql, ctx.prisma, at(5));
  assert.equal(r.started.length, 1, "five missed minutes start one run");
  const [w] = await ctx.db.sql`select next_run_at, last_scheduled_at, schedule_error from workflows where id = ${id}`;
  assert.equal(w.next_run_at.toISOString(), "2026-11-26T07:06:00.000Z");
  assert.equal(w.schedule_error, null);
  assert.deepEqual((await runDueWorkflows(ctx.db.sql, ctx.prisma, at(5))).started, [], "the same time is not run twice");
  assert.equal((await runsOf(id)).length, 1);
});

test("a run still active when the next time comes: no second run, the schedule says why, and the time after runs", async () => {
  const id = await scheduledWorkflow("overlap");
  assert.equal((await runDueWorkflows(ctx.db.sql, ctx.prisma, at(1))).started.length, 1);
  const refused = await runDueWorkflows(ctx.db.sql, ctx.prisma, at(2));
  assert.deepEqual(refused.started, []);
  assert.match(refused.refused[0]?.message ?? "", /has a run that has not ended: runs never overlap/);
  const [w] = await ctx.db.sql`select schedule_error from workflows where id = ${id}`;
  assert.match(w.schedule_error, /runs never overlap/);
  await endRuns(id);
  assert.equal((await runDueWorkflows(ctx.db.sql, ctx.prisma, at(3))).started.length, 1);
  assert.equal((await runsOf(id)).length, 2);
});

test("two runs of one workflow started at once: the database lets one through", async () => {
  const w = await createWorkflow(ctx.prisma, "race", { keywords: "计算机", seeds: "http://s.test/" });
  assert.ok(w.ok);
  const results = await Promise.all(Array.from({ length: 4 }, () => runWorkflow(ctx.prisma, w.workflow.id)));
  assert.equal(results.filter((r) => r.ok).length, 1);
  assert.ok(results.filter((r) => !r.ok).every((r) => !r.ok && r.kind === "conflict"));
  assert.equal((await runsOf(w.workflow.id)).length, 1);
});

test("two schedulers claiming at once never claim the same due time twice", async () => {
  const ids = await Promise.all(["a", "b", "c", "d", "e"].map((n) => scheduledWorkflow(`claim ${n}`)));
  const other = openSql(ctx.db.url, { max: 1 });
  try {
    const [x, y] = await Promise.all([claimDueWorkflows(ctx.db.sql, at(10)), claimDueWorkflows(other, at(10))]);
    const claimed = [...x, ...y].filter((id) => ids.includes(id)).sort();
    assert.deepEqual(claimed, [...ids].sort());
  } finally {
    await other.end();
  }
});
