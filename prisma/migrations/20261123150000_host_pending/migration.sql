-- Whether a host may have a pending URL. A claim looks only at ready hosts with the flag set, so
-- hosts whose queues ran dry (finished sites, dead external hosts) no longer crowd the hosts it
-- probes: with 256 such hosts ready longest, claims found nothing while URLs waited elsewhere.
-- The claim clears the flag when it finds a host empty; queuing a URL on the host sets it again.
ALTER TABLE "hosts" ADD COLUMN "has_pending" BOOLEAN NOT NULL DEFAULT true;
CREATE INDEX "hosts_job_id_next_fetch_at_idx" ON "hosts" ("job_id", "next_fetch_at") WHERE has_pending;
-- The best pending URL of a job (the claim holds back URLs far below it while its host waits).
CREATE INDEX "frontier_job_id_priority_idx" ON "frontier" ("job_id", "priority" DESC) WHERE status = 'pending';
