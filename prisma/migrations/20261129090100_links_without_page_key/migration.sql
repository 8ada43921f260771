-- A page's out-links were checked against their page row by a foreign key: one check per link
-- (27 a page on the heavy bench, 84,000 over 3,000 pages, each a query with a row lock), on a page
-- its own transaction had just inserted. A link is written with its page, in the page's
-- transaction, and only ever deleted with its job: deleting a job (lib/store/job-delete.ts,
-- workflow-delete.ts) now deletes its links by job_id first, as the page cascade did.
ALTER TABLE "links" DROP CONSTRAINT "links_from_page_id_fkey";
