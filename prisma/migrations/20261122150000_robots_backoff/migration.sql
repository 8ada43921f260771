-- Consecutive failed robots.txt fetches of a host: the wait before asking again doubles with
-- each one (30 s, 1 min, 2 min, ... up to 10 min), so one slow answer does not shut a host out
-- for the full ten minutes.
ALTER TABLE "hosts" ADD COLUMN "robots_failures" INTEGER NOT NULL DEFAULT 0;
