-- The Compare page runs one job per strategy with the same settings; they share a comparison id.
ALTER TABLE "jobs" ADD COLUMN "comparison_id" TEXT;
CREATE INDEX "jobs_comparison_id_idx" ON "jobs"("comparison_id");
