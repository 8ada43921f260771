-- A workflow made from a job takes that job as its run 1 (its pages are what the next run
-- revisits and goes on from). The job is remembered so that deleting the workflow detaches it
-- instead of deleting it: it was the person's job before it was a run. No foreign key: a job
-- deleted on its own leaves a number that matches nothing.
ALTER TABLE "workflows" ADD COLUMN "source_job_id" INTEGER;
