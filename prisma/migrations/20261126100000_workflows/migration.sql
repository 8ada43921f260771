-- Workflows: a saved crawl (topic, seeds, strategy and settings under a name) run again and
-- again. Each run is a job that remembers its workflow and the version it ran; an edit makes a
-- new version, as topics do, so an old run still says what it was run with.
CREATE TABLE "workflows" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    -- The job input (as POST /api/jobs takes it) each run is created from.
    "spec" JSONB NOT NULL,
    -- A topic built once (a job's topic the workflow was made from); null: built from the spec.
    "topic" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workflows_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "workflow_versions" (
    "id" SERIAL NOT NULL,
    "workflow_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "spec" JSONB NOT NULL,
    "topic" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workflow_versions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "workflow_versions_workflow_id_version_key" ON "workflow_versions"("workflow_id", "version");
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A run is a job of the workflow. Deleting a workflow deletes its runs first (with their export
-- files, lib/export/workflow-delete.ts); SET NULL only guards a row deleted by hand.
ALTER TABLE "jobs" ADD COLUMN "workflow_id" INTEGER;
ALTER TABLE "jobs" ADD COLUMN "workflow_version" INTEGER;
CREATE INDEX "jobs_workflow_id_idx" ON "jobs"("workflow_id");
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE SET NULL ON UPDATE CASCADE;
