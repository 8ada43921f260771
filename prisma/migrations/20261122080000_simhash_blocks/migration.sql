-- Near-duplicate lookup: the four 16-bit blocks of each page's SimHash, each indexed, so that
-- finding pages within Hamming distance 3 is four index lookups (pigeonhole), not a scan.
ALTER TABLE "pages" ADD COLUMN "simhash_b0" INTEGER;
ALTER TABLE "pages" ADD COLUMN "simhash_b1" INTEGER;
ALTER TABLE "pages" ADD COLUMN "simhash_b2" INTEGER;
ALTER TABLE "pages" ADD COLUMN "simhash_b3" INTEGER;
CREATE INDEX "pages_job_id_simhash_b0_idx" ON "pages"("job_id", "simhash_b0");
CREATE INDEX "pages_job_id_simhash_b1_idx" ON "pages"("job_id", "simhash_b1");
CREATE INDEX "pages_job_id_simhash_b2_idx" ON "pages"("job_id", "simhash_b2");
CREATE INDEX "pages_job_id_simhash_b3_idx" ON "pages"("job_id", "simhash_b3");
