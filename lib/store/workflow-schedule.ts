/**
 * Workflow schedules in the database: set one (its next time computed at once), and the
 * scheduler's claim of the workflows that are due. The claim locks the due rows with SKIP LOCKED
 * and moves each to its next time in the same transaction, so two dashboards never start the same
 * time twice, and a time missed while none ran is claimed once, with the next time counted from now.
 */
import { nextRunAfter, type Schedule } from "../jobs/schedule";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";

/** Give workflow `id` schedule `s` (null: none); its next run is the schedule's first time after `now`. */
export async function setWorkflowSchedule(sql: Sql, id: number, s: Schedule | null, now = new Date()): Promise<{ ok: true; nextRunAt: Date | null } | Failure> {
  const nextRunAt = s ? nextRunAfter(s, now) : null;
  const rows = await sql`
    update workflows set schedule = ${s?.cron ?? null}, time_zone = ${s?.timeZone ?? "UTC"}, next_run_at = ${nextRunAt}, schedule_error = null, updated_at = now()
    where id = ${id} returning id`;
  if (rows.length === 0) return fail("not-found", `workflow ${id} does not exist`);
  return { ok: true, nextRunAt };
}

/** The workflows due at `now` (at most `limit`), each moved to its next time after `now`; returns their ids. */
export async function claimDueWorkflows(sql: Sql, now: Date, limit = 20): Promise<number[]> {
  return sql.begin(async (tx) => {
    const due = await tx<{ id: number; schedule: string; timeZone: string }[]>`
      select id, schedule, time_zone as "timeZone" from workflows
      where next_run_at is not null and next_run_at <= ${now} and schedule is not null and archived_at is null
      order by next_run_at limit ${limit} for update skip locked`;
    for (const w of due) {
      await tx`update workflows set next_run_at = ${nextRunAfter({ cron: w.schedule, timeZone: w.timeZone }, now)}, last_scheduled_at = ${now}
        where id = ${w.id}`;
    }
    return due.map((w) => w.id);
  });
}

/** Record why the last scheduled time of workflow `id` started no run (null: it started one). */
export async function recordScheduleOutcome(sql: Sql, id: number, error: string | null): Promise<void> {
  await sql`update workflows set schedule_error = ${error} where id = ${id}`;
}
