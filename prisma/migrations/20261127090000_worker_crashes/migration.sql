-- Crash accounting (lib/store/frontier.ts, reclaimExpiredLeases): the workers that held the URL
-- when their lease was reclaimed (the worker died, hung past its lease or stopped beating). A URL
-- whose handling took two workers down is set aside (failed, last_error 'worker-crash') and never
-- claimed again. A worker that was only cut off by a database outage takes its id back out when it
-- returns (giveBackCutTries): an outage is not a crash.
ALTER TABLE "frontier" ADD COLUMN "crashed_by" TEXT[] DEFAULT ARRAY[]::TEXT[];
