-- An event's time is when it was written, not when its transaction began: a host set aside at
-- the end of a long transaction was logged with a time before events written meanwhile.
ALTER TABLE "job_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();
