-- FocusCrawl initial schema. Written by hand to match prisma/schema.prisma
-- (constraint and index names follow Prisma's conventions).

CREATE TYPE "job_status" AS ENUM ('queued', 'running', 'paused', 'stopping', 'done', 'stopped', 'failed');
CREATE TYPE "frontier_status" AS ENUM ('pending', 'leased', 'done', 'failed', 'skipped');

CREATE TABLE "topics" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "definition" JSONB NOT NULL,
    "vector" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "page_threshold" DOUBLE PRECISION NOT NULL DEFAULT 0.2,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "topics_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "topic_versions" (
    "id" SERIAL NOT NULL,
    "topic_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" JSONB NOT NULL,
    "vector" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "topic_versions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "topic_versions_topic_id_version_key" ON "topic_versions"("topic_id", "version");

CREATE TABLE "jobs" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "topic_id" INTEGER,
    "topic_version" INTEGER,
    "topic_snapshot" JSONB NOT NULL,
    "seeds" TEXT[],
    "strategy" TEXT NOT NULL DEFAULT 'bfs',
    "strategy_params" JSONB NOT NULL DEFAULT '{}',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "max_pages" INTEGER NOT NULL,
    "max_depth" INTEGER NOT NULL,
    "time_budget_sec" INTEGER,
    "page_threshold" DOUBLE PRECISION NOT NULL,
    "status" "job_status" NOT NULL DEFAULT 'running',
    "finish_reason" TEXT,
    "pages_reserved" INTEGER NOT NULL DEFAULT 0,
    "pages_fetched" INTEGER NOT NULL DEFAULT 0,
    "pages_relevant" INTEGER NOT NULL DEFAULT 0,
    "pages_failed" INTEGER NOT NULL DEFAULT 0,
    "links_found" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "jobs_status_idx" ON "jobs"("status");
CREATE INDEX "jobs_created_at_idx" ON "jobs"("created_at" DESC);

CREATE TABLE "frontier" (
    "id" BIGSERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "url_key" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "priority" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "parent_page_id" BIGINT,
    "anchor_text" TEXT,
    "status" "frontier_status" NOT NULL DEFAULT 'pending',
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "skip_reason" TEXT,
    "discovered_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "frontier_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "frontier_job_id_url_key_key" ON "frontier"("job_id", "url_key");
CREATE INDEX "frontier_job_id_status_priority_depth_id_idx" ON "frontier"("job_id", "status", "priority" DESC, "depth", "id");
CREATE INDEX "frontier_status_lease_expires_at_idx" ON "frontier"("status", "lease_expires_at");
CREATE INDEX "frontier_lease_owner_idx" ON "frontier"("lease_owner");

CREATE TABLE "pages" (
    "id" BIGSERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "frontier_id" BIGINT NOT NULL,
    "url" TEXT NOT NULL,
    "final_url" TEXT NOT NULL,
    "http_status" INTEGER NOT NULL,
    "content_type" TEXT,
    "charset" TEXT,
    "charset_source" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "main_text" TEXT NOT NULL DEFAULT '',
    "relevance" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "is_relevant" BOOLEAN NOT NULL DEFAULT false,
    "explanation" JSONB,
    "page_kind" TEXT NOT NULL DEFAULT 'content',
    "checksum" TEXT,
    "simhash" BIGINT,
    "duplicate_of" BIGINT,
    "content_bytes" INTEGER NOT NULL DEFAULT 0,
    "is_truncated" BOOLEAN NOT NULL DEFAULT false,
    "out_links" INTEGER NOT NULL DEFAULT 0,
    "depth" INTEGER NOT NULL,
    "etag" TEXT,
    "last_modified" TEXT,
    "fetch_ms" INTEGER NOT NULL DEFAULT 0,
    "judgement" TEXT,
    "fetched_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "pages_frontier_id_key" ON "pages"("frontier_id");
CREATE INDEX "pages_job_id_fetched_at_idx" ON "pages"("job_id", "fetched_at");
CREATE INDEX "pages_job_id_relevance_idx" ON "pages"("job_id", "relevance" DESC);
CREATE INDEX "pages_job_id_checksum_idx" ON "pages"("job_id", "checksum");

CREATE TABLE "links" (
    "id" BIGSERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "from_page_id" BIGINT NOT NULL,
    "to_url" TEXT NOT NULL,
    "to_url_key" TEXT NOT NULL,
    "anchor_text" TEXT,
    CONSTRAINT "links_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "links_from_page_id_idx" ON "links"("from_page_id");
CREATE INDEX "links_job_id_to_url_key_idx" ON "links"("job_id", "to_url_key");

CREATE TABLE "hosts" (
    "id" SERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "host" TEXT NOT NULL,
    "robots_state" TEXT NOT NULL DEFAULT 'unknown',
    "robots_txt" TEXT,
    "robots_expires_at" TIMESTAMPTZ(6),
    "crawl_delay_ms" INTEGER,
    "min_delay_ms" INTEGER NOT NULL DEFAULT 0,
    "max_connections" INTEGER NOT NULL DEFAULT 2,
    "in_flight" INTEGER NOT NULL DEFAULT 0,
    "next_fetch_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pages_fetched" INTEGER NOT NULL DEFAULT 0,
    "pages_relevant" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hosts_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "hosts_job_id_host_key" ON "hosts"("job_id", "host");
CREATE INDEX "hosts_job_id_next_fetch_at_idx" ON "hosts"("job_id", "next_fetch_at");

CREATE TABLE "job_stats_minute" (
    "job_id" INTEGER NOT NULL,
    "minute" TIMESTAMPTZ(6) NOT NULL,
    "fetched" INTEGER NOT NULL DEFAULT 0,
    "relevant" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "enqueued" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "job_stats_minute_pkey" PRIMARY KEY ("job_id", "minute")
);

CREATE TABLE "worker_heartbeats" (
    "worker_id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "in_flight" INTEGER NOT NULL DEFAULT 0,
    "fetched_total" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_beat_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "worker_heartbeats_pkey" PRIMARY KEY ("worker_id")
);
CREATE INDEX "worker_heartbeats_last_beat_at_idx" ON "worker_heartbeats"("last_beat_at");

CREATE TABLE "job_events" (
    "id" BIGSERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "level" TEXT NOT NULL DEFAULT 'info',
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "job_events_job_id_id_idx" ON "job_events"("job_id", "id");

ALTER TABLE "topic_versions" ADD CONSTRAINT "topic_versions_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "frontier" ADD CONSTRAINT "frontier_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pages" ADD CONSTRAINT "pages_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pages" ADD CONSTRAINT "pages_frontier_id_fkey" FOREIGN KEY ("frontier_id") REFERENCES "frontier"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "links" ADD CONSTRAINT "links_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "links" ADD CONSTRAINT "links_from_page_id_fkey" FOREIGN KEY ("from_page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_stats_minute" ADD CONSTRAINT "job_stats_minute_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
