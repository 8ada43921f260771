-- Export files: an export of a results view written by the dashboard in the background to
-- <data dir>/exports/<id>.<ext>, with its progress recorded after each batch so that it can be
-- resumed exactly where the file was last flushed (lib/export/export-run.ts).
CREATE TYPE "export_status" AS ENUM ('running', 'done', 'failed', 'interrupted', 'cancelled');

CREATE TABLE "exports" (
    "id" SERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "filters" TEXT NOT NULL DEFAULT '',
    "status" "export_status" NOT NULL DEFAULT 'running',
    "pages_total" INTEGER,
    "pages_done" INTEGER NOT NULL DEFAULT 0,
    "bytes_written" BIGINT NOT NULL DEFAULT 0,
    "last_page_id" BIGINT,
    "through_page_id" BIGINT,
    "is_snapshot" BOOLEAN NOT NULL,
    "file_name" TEXT NOT NULL,
    "owner" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(6),
    CONSTRAINT "exports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "exports_format_check" CHECK ("format" IN ('csv', 'jsonl', 'warc')),
    CONSTRAINT "exports_progress_check" CHECK ("pages_done" >= 0 AND "bytes_written" >= 0)
);
-- A job's exports, newest first (the results page's list).
CREATE INDEX "exports_job_id_id_idx" ON "exports"("job_id", "id" DESC);
-- The running exports: the limit on concurrent exports and the sweeper that finds orphans.
CREATE INDEX "exports_status_idx" ON "exports"("status");

ALTER TABLE "exports" ADD CONSTRAINT "exports_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
