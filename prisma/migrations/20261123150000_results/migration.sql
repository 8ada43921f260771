-- Results: search, browse and export what a crawl found (issue 17).

-- A page's host, so that results filter, count and sort by it without joining the frontier.
ALTER TABLE "pages" ADD COLUMN "host" TEXT NOT NULL DEFAULT '';
UPDATE "pages" p SET "host" = f."host" FROM "frontier" f WHERE f."id" = p."frontier_id";

-- Full-text search over title (weight A) and main text (weight B). The terms are segmented by
-- jieba in the page store (lib/store/search-vector.ts) and joined with spaces, so the `simple`
-- configuration only lower-cases them; pages stored before this migration have none until
-- `focuscrawl reindex` fills them.
ALTER TABLE "pages" ADD COLUMN "search_vector" tsvector;
CREATE INDEX "pages_search_vector_idx" ON "pages" USING GIN ("search_vector");

-- Keyset pagination of the results by host and by depth (relevance and fetch time have theirs).
CREATE INDEX "pages_job_id_host_id_idx" ON "pages"("job_id", "host", "id");
CREATE INDEX "pages_job_id_depth_id_idx" ON "pages"("job_id", "depth", "id");

-- Raw response bodies, gzip-compressed, outside the hot pages table: read only for snapshots
-- and WARC export. Already compressed, so PostgreSQL is told not to try compressing them again.
CREATE TABLE "page_bodies" (
    "page_id" BIGINT NOT NULL,
    "job_id" INTEGER NOT NULL,
    "body_gzip" BYTEA NOT NULL,
    "body_bytes" INTEGER NOT NULL,
    "status_line" TEXT NOT NULL,
    "response_headers" JSONB NOT NULL,
    "request_headers" JSONB NOT NULL,
    CONSTRAINT "page_bodies_pkey" PRIMARY KEY ("page_id")
);
ALTER TABLE "page_bodies" ALTER COLUMN "body_gzip" SET STORAGE EXTERNAL;
CREATE INDEX "page_bodies_job_id_idx" ON "page_bodies"("job_id");
ALTER TABLE "page_bodies" ADD CONSTRAINT "page_bodies_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "page_bodies" ADD CONSTRAINT "page_bodies_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
