-- Claims pick the best pending URL of each host that is ready now (politeness), so the
-- frontier is searched per host.
CREATE INDEX "frontier_job_id_host_status_priority_depth_id_idx" ON "frontier"("job_id", "host", "status", "priority" DESC, "depth", "id");
CREATE INDEX "hosts_job_id_in_flight_next_fetch_at_idx" ON "hosts"("job_id", "in_flight", "next_fetch_at");
DROP INDEX "hosts_job_id_next_fetch_at_idx";
