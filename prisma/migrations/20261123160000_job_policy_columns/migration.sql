-- A job's strategy policy and concurrency limit as plain columns, fixed when the job is created
-- from the strategy's own definition (lib/strategy/registry.ts strategyPolicy): the claim and
-- the recompute loop read these instead of parsing strategy_params and settings JSON in SQL.
ALTER TABLE "jobs"
  ADD COLUMN "claim_by_priority" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "claim_random" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "claim_hold_back" DOUBLE PRECISION NOT NULL DEFAULT 0,
  ADD COLUMN "recompute_every" INTEGER,
  ADD COLUMN "max_concurrency" INTEGER NOT NULL DEFAULT 0;

-- Existing jobs keep the behaviour they were created with (the defaults the SQL used to apply;
-- no hold-back, which did not exist then).
UPDATE "jobs" SET "claim_by_priority" = coalesce(("strategy_params"->>'byWeight')::int, 1),
  "claim_random" = coalesce(("strategy_params"->>'random')::int, 1)
  WHERE "strategy" = 'tianwang';
UPDATE "jobs" SET "recompute_every" = coalesce(("strategy_params"->>'recomputeEvery')::int, 500)
  WHERE "strategy" IN ('pagerank', 'ipagerank', 'tr-pagerank', 'tr-hits', 'larger-site-first');
UPDATE "jobs" SET "max_concurrency" = coalesce(("settings"->>'maxConcurrency')::int, 0);

-- The code's default threshold (lib/jobs/input.ts DEFAULT_PAGE_THRESHOLD); 0.2 let almost nothing through.
ALTER TABLE "topics" ALTER COLUMN "page_threshold" SET DEFAULT 0.035;
