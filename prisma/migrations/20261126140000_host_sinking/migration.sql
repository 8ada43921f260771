-- Hosts that sink (docs/ALGORITHMS.md §2.8): a host whose last 20 pages (or failed URLs) in a row
-- were all irrelevant, and fewer than 1 in 10 of all its pages, has its pending URLs put below
-- every URL of a host that is untried or still productive, until one of its pages is relevant
-- again. A productive host never sinks: a news site whose headlines the filter scores low served
-- 16 relevant pages of 94 in runs of 20 irrelevant ones, and sunk it lost F most of its harvest. Halving the feedback per 10 such
-- pages was not enough: once a class's good sites were done, every other URL had decayed to
-- about 0, and a decoy's download pages, inheriting a little from its relevant home page, stayed
-- the best of them (95 of 1,000 pages on the realistic web).
CREATE FUNCTION host_sunk(fetched integer, relevant integer, failed integer, irrelevant_run integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN irrelevant_run >= 20 AND relevant * 10 < fetched + failed;

-- A URL's priority from its strategy's (base) and its host's record (feedback, sunk). A host
-- not sunk: base × feedback. A sunk host: feedback / 2 + base / 1000 − 1, below every URL of a
-- host not sunk (their priorities lie in 0..1; a sunk host's feedback is under 0.5) and ordered
-- among sunk hosts by their record first: what its links promised, the host has disproved, and
-- with the base first a decoy whose URLs inherited from its relevant home page stayed the best of
-- the sunk hosts. So sunk hosts take turns, the one with the shorter run of irrelevant pages
-- first. The feedback stays a factor > 0 (its changes are compared by their logarithm).
CREATE FUNCTION weigh_priority(base float8, feedback float8, sunk boolean) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN sunk THEN feedback / 2 + base / 1000 - 1 ELSE base * feedback END;

-- Whether the host was sunk when its pending URLs were last weighed.
ALTER TABLE "hosts" ADD COLUMN "is_sunk" BOOLEAN NOT NULL DEFAULT false;
