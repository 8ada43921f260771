-- A workflow can run on a schedule: a 5-field cron line in a time zone. next_run_at is the time
-- the scheduler (lib/schedule/) starts the next run; a time that passed while no dashboard ran
-- is still due, so it runs once at start, and the next time is then computed from now.
ALTER TABLE "workflows" ADD COLUMN "schedule" TEXT;
ALTER TABLE "workflows" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE "workflows" ADD COLUMN "next_run_at" TIMESTAMPTZ(6);
-- What the scheduler did last: when, and why it started no run (a run still active, a spec no longer valid).
ALTER TABLE "workflows" ADD COLUMN "last_scheduled_at" TIMESTAMPTZ(6);
ALTER TABLE "workflows" ADD COLUMN "schedule_error" TEXT;
-- The scheduler's claim: only scheduled workflows, by when they are due.
CREATE INDEX "workflows_next_run_at_idx" ON "workflows"("next_run_at") WHERE "next_run_at" IS NOT NULL;

-- Two runs of one workflow never overlap, whoever starts them (a schedule, a person, two
-- dashboards at once): at most one job of a workflow is not yet ended.
CREATE UNIQUE INDEX "jobs_one_active_run_per_workflow" ON "jobs"("workflow_id")
  WHERE "workflow_id" IS NOT NULL AND "status" NOT IN ('done', 'stopped', 'failed');
