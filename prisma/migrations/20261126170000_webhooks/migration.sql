-- Webhooks: the endpoints of a workflow, or of one job, (URL, secret, the events it wants), told
-- when a run (a job) finishes, fails or stalls. Each event to each endpoint is a row of webhook_deliveries, an outbox written
-- in the same transaction as the change it reports (the triggers below), so a delivery survives a
-- dashboard restart; the dashboard's sender (lib/webhooks/) claims due rows with SKIP LOCKED.
CREATE TABLE "webhooks" (
    "id" SERIAL NOT NULL,
    -- Whose endpoint it is: a workflow's (told of each of its runs) or one job's, never both.
    "workflow_id" INTEGER,
    "job_id" INTEGER,
    "url" TEXT NOT NULL,
    -- The HMAC-SHA256 key of the signature header; never shown back.
    "secret" TEXT NOT NULL,
    -- Any of run.finished, run.failed, run.stalled.
    "events" TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhooks_owner_check" CHECK (("workflow_id" IS NULL) <> ("job_id" IS NULL))
);
CREATE INDEX "webhooks_workflow_id_idx" ON "webhooks"("workflow_id");
CREATE INDEX "webhooks_job_id_idx" ON "webhooks"("job_id");
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "webhook_id" INTEGER NOT NULL,
    -- The run it reports (null: a test delivery, or a run deleted since).
    "job_id" INTEGER,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    -- pending (waiting for its next attempt, or being sent), delivered, or failed (attempts used up).
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    -- When the sender may claim it: its next attempt, or (while one is under way) the end of that attempt's lease.
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(6),
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
-- The sender's claim reads only pending rows, by when they are due.
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at") WHERE "status" = 'pending';
CREATE INDEX "webhook_deliveries_webhook_id_idx" ON "webhook_deliveries"("webhook_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The delivery log: one row per attempt, what the receiver answered and when the next try is.
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- null: no answer (refused address, timeout, connection error).
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    -- null: delivered, or no attempt left.
    "next_retry_at" TIMESTAMPTZ(6),
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);
-- One outcome per attempt: a sender whose lease ran out cannot record over the attempt that followed.
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_key" ON "webhook_attempts"("delivery_id", "attempt");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One delivery per endpoint of job `job`, or of its workflow, that wants `event`. Called by the triggers:
-- whichever process ends a run (a worker, the dashboard's stop, the CLI), the outbox row is
-- written in its transaction, so no ended run goes unreported and none is reported twice.
CREATE FUNCTION enqueue_webhook_deliveries(job jobs, event TEXT, detail TEXT) RETURNS VOID AS $$
  INSERT INTO webhook_deliveries (webhook_id, job_id, event, payload)
  SELECT h.id, job.id, event, jsonb_build_object(
      'event', event, 'occurredAt', now(),
      'workflow', CASE WHEN w.id IS NULL THEN NULL ELSE jsonb_build_object('id', w.id, 'name', w.name) END,
      'run', jsonb_build_object('id', job.id, 'status', job.status::text, 'finishReason', job.finish_reason,
        'pagesFetched', job.pages_fetched, 'pagesRelevant', job.pages_relevant, 'pagesFailed', job.pages_failed,
        'startedAt', job.started_at, 'finishedAt', job.finished_at),
      'detail', detail)
  FROM webhooks h LEFT JOIN workflows w ON w.id = job.workflow_id
  WHERE (h.workflow_id = job.workflow_id OR h.job_id = job.id) AND event = ANY(h.events);
$$ LANGUAGE sql;

-- A run that ends: failed is run.failed; done or stopped is run.finished.
CREATE FUNCTION jobs_enqueue_webhooks() RETURNS TRIGGER AS $$
BEGIN
  PERFORM enqueue_webhook_deliveries(NEW, CASE WHEN NEW.status = 'failed' THEN 'run.failed' ELSE 'run.finished' END, NEW.finish_reason);
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "jobs_enqueue_webhooks" AFTER UPDATE OF "status" ON "jobs" FOR EACH ROW
  WHEN (NEW."status" IN ('done', 'stopped', 'failed') AND OLD."status" NOT IN ('done', 'stopped', 'failed'))
  EXECUTE FUNCTION jobs_enqueue_webhooks();

-- A stall recorded on a run (lib/store/stall.ts writes at most one a window): run.stalled.
CREATE FUNCTION job_events_enqueue_webhooks() RETURNS TRIGGER AS $$
BEGIN
  PERFORM enqueue_webhook_deliveries(j, 'run.stalled', NEW.message) FROM jobs j WHERE j.id = NEW.job_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "job_events_enqueue_webhooks" AFTER INSERT ON "job_events" FOR EACH ROW
  WHEN (NEW."kind" = 'stalled')
  EXECUTE FUNCTION job_events_enqueue_webhooks();
