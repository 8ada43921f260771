-- A page rendered in the browser: what it cost (ms, requests the page made, URLs the guard refused, whether it hit its time budget).
ALTER TABLE "pages" ADD COLUMN "render" JSONB;
