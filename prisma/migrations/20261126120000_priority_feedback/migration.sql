-- Priorities that learn from what a host turned out to be (docs/ALGORITHMS.md §2.8).
-- A host's irrelevant pages (and failed URLs) since its last relevant page.
ALTER TABLE "hosts" ADD COLUMN "irrelevant_run" INTEGER NOT NULL DEFAULT 0;

-- A host's feedback: its harvest so far under a Beta(2, 2) prior, over the prior's mean, so a
-- host nothing is known of weighs 1 and one irrelevant page 0.8 × 0.93; halved for every 10
-- irrelevant pages in a row since its last relevant one, so a site whose entry page scored well
-- and whose inner pages keep failing the topic loses the bar within a few dozen pages.
-- Failed URLs count as pages that were not relevant: a host that keeps failing is no better.
CREATE FUNCTION host_feedback(fetched integer, relevant integer, failed integer, irrelevant_run integer) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 2.0 * (relevant + 2) / (fetched + failed + 4) * power(0.5, irrelevant_run / 10.0);

-- Whether the job weighs its URLs' priorities by their host's feedback (topic-aware strategies, on by default).
ALTER TABLE "jobs" ADD COLUMN "priority_feedback" BOOLEAN NOT NULL DEFAULT false;
-- The feedback last applied to the host's pending URLs (1 = none).
ALTER TABLE "hosts" ADD COLUMN "feedback" DOUBLE PRECISION NOT NULL DEFAULT 1;
-- The strategy's own priority, before the host's feedback (null: the priority itself, as for seeds).
ALTER TABLE "frontier" ADD COLUMN "base_priority" DOUBLE PRECISION;
