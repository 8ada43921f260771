-- A key per logged request, given by the worker when the request is logged: a batch written again
-- after a database outage (its commit may have happened, its answer lost) adds none of its rows
-- twice (insert ... on conflict do nothing; lib/store/request-log.ts). Rows written in a page's own
-- transaction (the "stored" row) need none.
ALTER TABLE "request_log" ADD COLUMN "entry_key" TEXT;
CREATE UNIQUE INDEX "request_log_entry_key_key" ON "request_log"("entry_key");
