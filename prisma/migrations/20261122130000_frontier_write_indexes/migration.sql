-- Every status change of a URL (pending → leased → done) and every priority a graph recompute
-- rewrites is a new row version, inserted again into each index whose predicate it meets.
-- The frontier kept three indexes that paid for this with little use:
-- * a job-wide priority index, while claims read the per-host one (the dashboard's "next
--   URLs" list now merges each host's best URLs, as claims do);
-- * the per-host priority index over all rows, while only pending rows are ever looked up
--   in it: it now holds those alone;
-- * a lease index over all rows, while only leased rows are ever looked up in it: the same.
DROP INDEX "frontier_job_id_status_priority_depth_id_idx";
DROP INDEX "frontier_job_id_host_status_priority_depth_id_idx";
DROP INDEX "frontier_status_lease_expires_at_idx";
CREATE INDEX "frontier_job_id_host_priority_depth_id_idx" ON "frontier"("job_id", "host", "priority" DESC, "depth", "id") WHERE "status" = 'pending';
CREATE INDEX "frontier_job_id_lease_expires_at_idx" ON "frontier"("job_id", "lease_expires_at") WHERE "status" = 'leased';
