-- What the workers page and GET /metrics read from a worker's heartbeat row.
-- The worker's version (package.json), so a mixed fleet during an upgrade shows which is which.
ALTER TABLE "worker_heartbeats" ADD COLUMN "version" TEXT NOT NULL DEFAULT '';
-- Pages the worker stored in the minute before its last heartbeat.
ALTER TABLE "worker_heartbeats" ADD COLUMN "pages_per_minute" DOUBLE PRECISION NOT NULL DEFAULT 0;
-- Fetch and claim latency histograms since the worker started ({"fetch": {"bounds", "counts",
-- "sum", "count"}, "claim": ...}), rewritten whole with each heartbeat: the dashboard's /metrics
-- adds them up over workers, so no process has to keep another's timings.
ALTER TABLE "worker_heartbeats" ADD COLUMN "latency" JSONB NOT NULL DEFAULT '{}';
