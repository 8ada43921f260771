-- Jobs (a workflow's runs among them) and workflows can be archived: hidden from the lists by
-- default, shown with "show archived", and unarchived unchanged. Deleting stays a separate act.
ALTER TABLE "jobs" ADD COLUMN "archived_at" TIMESTAMPTZ(6);
ALTER TABLE "workflows" ADD COLUMN "archived_at" TIMESTAMPTZ(6);
