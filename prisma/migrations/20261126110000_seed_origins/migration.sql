-- Where each seed of a job came from (typed, a file, a search provider, an earlier job's hosts):
-- canonical seed URL -> {"kind": ..., "provider"?, "query"?, "score"?}. A seed missing here was typed.
ALTER TABLE "jobs" ADD COLUMN "seed_origins" JSONB NOT NULL DEFAULT '{}';
