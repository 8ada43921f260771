-- Crawl rules: the redirect chain of each page, links a page had that were not queued (by
-- reason, e.g. past max depth), and URLs queued per host for the per-host page limit.
ALTER TABLE "pages" ADD COLUMN "redirects" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "pages" ADD COLUMN "links_rejected" JSONB;
ALTER TABLE "hosts" ADD COLUMN "urls_queued" INTEGER NOT NULL DEFAULT 0;
