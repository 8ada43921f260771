-- Revisits that keep a workflow's results fresh (docs/ALGORITHMS.md §4). A re-run queues the
-- previous run's pages with their validators; each page of a run is marked new, changed,
-- unchanged or gone once, when it is stored, and carries its URL's change history forward.
ALTER TABLE "pages" ADD COLUMN "mark" TEXT NOT NULL DEFAULT 'new';
ALTER TABLE "pages" ADD CONSTRAINT "pages_mark_check" CHECK ("mark" IN ('new', 'changed', 'unchanged', 'gone'));
-- Visits of the URL over the workflow's runs (this one included) and how many of the visits after
-- the first found its content changed; tracked_since is the first visit (null: this one).
ALTER TABLE "pages" ADD COLUMN "visits" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "pages" ADD COLUMN "changes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "pages" ADD COLUMN "tracked_since" TIMESTAMPTZ(6);
-- The run history counts marks, and the results page filters by them.
CREATE INDEX "pages_job_id_mark_idx" ON "pages"("job_id", "mark");

-- A URL queued as a revisit: the previous run's page (no foreign key: deleting that run must
-- leave this one alone; a revisit whose page went meanwhile is fetched in full) and its validators.
ALTER TABLE "frontier" ADD COLUMN "revisit_page_id" BIGINT;
ALTER TABLE "frontier" ADD COLUMN "revisit_etag" TEXT;
ALTER TABLE "frontier" ADD COLUMN "revisit_last_modified" TEXT;
