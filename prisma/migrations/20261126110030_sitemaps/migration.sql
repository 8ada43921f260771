-- Sitemaps as a source of URLs: a frontier row that is a sitemap file (0 = named by robots.txt or
-- /sitemap.xml, n = n index levels below), and the <lastmod> a sitemap gave a URL.
ALTER TABLE "frontier" ADD COLUMN "sitemap_level" INTEGER;
ALTER TABLE "frontier" ADD COLUMN "lastmod" TIMESTAMPTZ(6);
