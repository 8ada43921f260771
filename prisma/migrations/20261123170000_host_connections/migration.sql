-- Requests a host may have in flight at once. A host with a delay (the job's minimum or its
-- Crawl-delay) gets one request at a time, each a delay after the previous answer, as Nutch's
-- fetcher does with one thread per queue: with two in flight, the second left a delay after the
-- first was claimed, and a first request held back by a loaded worker reached the server only
-- 56 ms before the second with a 150 ms delay. Without a delay, max_connections applies.
CREATE FUNCTION host_connections(max_connections integer, min_delay_ms integer, crawl_delay_ms integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN host_delay(min_delay_ms, crawl_delay_ms) > interval '0' THEN 1 ELSE max_connections END;
