-- Query shapes seen per path, per job (the maxQueryVariants trap rule, lib/store/query-shapes.ts).
-- One row per path: its row lock makes "count the shapes, then add one" one step across every
-- worker process, so a path gets at most maxQueryVariants shapes however many workers crawl it.
CREATE TABLE "query_paths" (
    "job_id" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "shapes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    CONSTRAINT "query_paths_pkey" PRIMARY KEY ("job_id", "path")
);
ALTER TABLE "query_paths" ADD CONSTRAINT "query_paths_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
