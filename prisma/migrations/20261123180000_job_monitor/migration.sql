-- The job page's monitoring (app/jobs/[id]/monitor-*.tsx, lib/store/monitor-*.ts).
-- A host's delay set on the job page stays the host's own when the job's politeness changes.
ALTER TABLE "hosts" ADD COLUMN "delay_override_ms" INTEGER;

-- Failed URLs of a job by host and time: the errors chart and each host's last error. Partial,
-- so only failed rows (a few percent of a crawl) pay for it on writes.
CREATE INDEX "frontier_job_id_host_updated_at_idx" ON "frontier" ("job_id", "host", "updated_at") WHERE status = 'failed';

-- Skipped URLs of a job, counted for the frontier's status counts (lib/store/frontier-counts.ts):
-- the other statuses have partial indexes already, and done is the job's pages_fetched.
CREATE INDEX "frontier_job_id_skipped_idx" ON "frontier" ("job_id") WHERE status = 'skipped';
