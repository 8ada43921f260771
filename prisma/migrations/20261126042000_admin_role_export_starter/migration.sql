-- Admins: a third role that manages users from the dashboard and acts on everyone's export files.
-- Users keep the time of their last sign-in (shown on the users page). Each export file records
-- the user who started it: only that user or an admin may resume or cancel it. A removed user's
-- exports stay, with no starter (then only admins act on them).
ALTER TYPE "user_role" ADD VALUE 'admin';

ALTER TABLE "users" ADD COLUMN "last_sign_in_at" TIMESTAMPTZ(6);

ALTER TABLE "exports" ADD COLUMN "started_by" INTEGER;
ALTER TABLE "exports" ADD CONSTRAINT "exports_started_by_fkey" FOREIGN KEY ("started_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
