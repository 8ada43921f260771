-- A kept body is gzip already: PostgreSQL's TOAST compression (pglz) ran over every one of them,
-- found nothing to gain and stored it as it was (page_bodies' 11.5 KB bodies of the heavy bench
-- took as many bytes compressed as not), about a fifth of the CPU pglz took a page there
-- (bench/PERFORMANCE.md, "Halving the cost of a page"). EXTERNAL stores a long body out of line
-- without trying to compress it. Rows stored before keep their storage.
ALTER TABLE "page_bodies" ALTER COLUMN "body_gzip" SET STORAGE EXTERNAL;
