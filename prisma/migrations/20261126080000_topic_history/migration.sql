-- Each time a job's topic learns (on request or by itself) the topic and threshold it replaced
-- are kept, so the person can see what changed and undo it.
CREATE TABLE "job_topic_history" (
    "id" SERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "topic_snapshot" JSONB NOT NULL,
    "page_threshold" DOUBLE PRECISION NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(6),

    CONSTRAINT "job_topic_history_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "job_topic_history_job_id_id_idx" ON "job_topic_history"("job_id", "id");

ALTER TABLE "job_topic_history" ADD CONSTRAINT "job_topic_history_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
