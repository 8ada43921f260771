-- The request log: every fetch of a job (time, URL, status, bytes, duration, outcome, reason),
-- written by the workers in batches (lib/crawl/request-log-buffer.ts) and trimmed to the job's
-- last requestLogKeep rows, for the job page's live, filterable list.
CREATE TABLE "request_log" (
    "id" BIGSERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL,
    "url" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    -- null: no answer (refused, timed out, a connection error).
    "status" INTEGER,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "duration_ms" INTEGER NOT NULL DEFAULT 0,
    -- stored, retry, failed, skipped or robots.
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    CONSTRAINT "request_log_pkey" PRIMARY KEY ("id")
);
-- A job's newest requests first (the list, its live "after" reads and the trim).
CREATE INDEX "request_log_job_id_id_idx" ON "request_log"("job_id", "id" DESC);
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
