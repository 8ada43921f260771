-- A page's out-links are checked against their job row by a foreign key: 35 checks per stored page,
-- about a tenth of the database's time on real-sized pages (bench/PERFORMANCE.md). A link belongs to
-- its page (links_from_page_id_fkey), which belongs to the job, so deleting a job still deletes its
-- links through its pages; job_id stays for the job's link-graph queries.
ALTER TABLE "links" DROP CONSTRAINT "links_job_id_fkey";
