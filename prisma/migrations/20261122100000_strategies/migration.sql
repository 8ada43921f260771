-- Link strategies: what made each queued URL's priority (for the dashboard), when a job's
-- graph was last recomputed (PageRank family, HITS), and its claim count (Tianwang's turns).
ALTER TABLE "frontier" ADD COLUMN "priority_detail" JSONB;
ALTER TABLE "jobs" ADD COLUMN "recomputed_at_fetched" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "jobs" ADD COLUMN "claims_made" BIGINT NOT NULL DEFAULT 0;
