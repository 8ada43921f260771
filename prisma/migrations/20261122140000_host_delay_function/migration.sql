-- A host's delay between two requests: the job's minimum or its robots.txt Crawl-delay,
-- whichever is longer. Claims, releases, redirects and robots.txt updates all read it; a
-- simple SQL function the planner inlines, so it costs nothing over writing it out.
CREATE FUNCTION host_delay(min_delay_ms integer, crawl_delay_ms integer) RETURNS interval
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN greatest(min_delay_ms, coalesce(crawl_delay_ms, 0)) * interval '1 millisecond';
