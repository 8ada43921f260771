-- Near-duplicate groups on the results page and the page view (lib/store/results.ts,
-- lib/store/duplicate-groups.ts): the near-duplicates of an original, counted for each row of a
-- screen, read for a group view, and the first 20 in crawl order for the page view (hence `id`:
-- without it that list walked the primary key). Partial, so the pages that are no one's duplicate
-- (nearly all of a crawl) neither pay for it on writes nor make it larger.
CREATE INDEX "pages_duplicate_of_id_idx" ON "pages" ("duplicate_of", "id") WHERE "duplicate_of" IS NOT NULL;

-- A group is one original and its duplicates. Pages stored before the page store pointed a copy of
-- a duplicate at that duplicate's original may point at a duplicate; point them at its original,
-- one link of a chain per round. duplicate_of always names a page stored (and seen) earlier, so
-- chains end; the round limit only guards against data written by hand.
DO $$
BEGIN
  FOR i IN 1..100 LOOP
    UPDATE "pages" p SET "duplicate_of" = o."duplicate_of"
    FROM "pages" o
    WHERE o."id" = p."duplicate_of" AND o."duplicate_of" IS NOT NULL AND o."duplicate_of" <> p."id";
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;
