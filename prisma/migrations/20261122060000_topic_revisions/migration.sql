-- A job's topic can change while it runs (seed 004 §2.2.2, 可变主题): each change bumps the
-- job's topic revision, and pages remember which revision scored them, so that stored pages
-- can be re-scored in the background.
ALTER TABLE "jobs" ADD COLUMN "topic_revision" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "pages" ADD COLUMN "topic_revision" INTEGER NOT NULL DEFAULT 1;
CREATE INDEX "pages_job_id_topic_revision_idx" ON "pages"("job_id", "topic_revision");
