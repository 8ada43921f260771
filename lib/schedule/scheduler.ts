/**
 * The scheduler: the dashboard's loop that starts workflows' scheduled runs. Each tick claims the
 * workflows that are due (lib/store/workflow-schedule.ts) and starts one run of each through
 * runWorkflow, the same path as "Run now"; a run still active makes the database refuse the new
 * one (jobs_one_active_run_per_workflow), which is recorded as the schedule's last outcome.
 */
import type { PrismaClient } from "../generated/prisma/client";
import type { AddressPolicy } from "../rules/address-guard";
import type { Sql } from "../store/infra/sql";
import { claimDueWorkflows, recordScheduleOutcome } from "../store/workflow-schedule";
import { runWorkflow } from "../store/workflows";

/**
 * Seconds between ticks. A minute's schedule starts within this of its time; a tick is one
 * indexed query on workflows (workflows_next_run_at_idx) when nothing is due.
 */
export const SCHEDULE_TICK_MS = 10_000;

/** What one tick started: run job ids by workflow, and the workflows it could not run with why. */
export interface TickResult { started: { workflowId: number; jobId: number }[]; refused: { workflowId: number; message: string }[] }

/** Start the runs due at `now`. */
export async function runDueWorkflows(sql: Sql, prisma: PrismaClient, now: Date, isRefused?: AddressPolicy): Promise<TickResult> {
  const out: TickResult = { started: [], refused: [] };
  for (const workflowId of await claimDueWorkflows(sql, now)) {
    const r = await runWorkflow(prisma, workflowId, isRefused);
    await recordScheduleOutcome(sql, workflowId, r.ok ? null : r.message);
    if (r.ok) out.started.push({ workflowId, jobId: r.job.id });
    else out.refused.push({ workflowId, message: r.message });
  }
  return out;
}

/** Tick now (a time missed while the dashboard was down runs at once) and every SCHEDULE_TICK_MS; returns a stop function. */
export function startScheduler(deps: { sql: Sql; prisma: PrismaClient; isRefused?: AddressPolicy; log?: (line: string) => void }): () => void {
  let isBusy = false;
  const tick = async () => {
    if (isBusy) return;
    isBusy = true;
    try {
      const r = await runDueWorkflows(deps.sql, deps.prisma, new Date(), deps.isRefused);
      for (const s of r.started) deps.log?.(`scheduler: workflow ${s.workflowId} started run ${s.jobId}`);
      for (const f of r.refused) deps.log?.(`scheduler: workflow ${f.workflowId} not run: ${f.message}`);
    } catch (err) {
      // The database away or restarting: the due rows stay due and the next tick claims them.
      deps.log?.(`scheduler: tick failed: ${(err as Error).message}`);
    } finally {
      isBusy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), SCHEDULE_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
