-- A topic can be archived: the library and the new-job form stop offering it, while the jobs that
-- used it keep their snapshots and links; unarchiving brings it back unchanged.
ALTER TABLE "topics" ADD COLUMN "archived_at" TIMESTAMPTZ(6);
