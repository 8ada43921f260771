import assert from "node:assert/strict";
import { test } from "node:test";
import { openSql } from "../store/infra/sql";
import { freePort } from "../testing/net";
import { createCrawlWorker } from "./worker";

test("a worker started while the database cannot be reached waits for it, and stops when told to", { timeout: 60_000 }, async () => {
  // Nothing listens on this port: every query fails to connect, as while PostgreSQL restarts.
  const sql = openSql(`postgres://focuscrawl:x@127.0.0.1:${await freePort()}/none`, { max: 2 });
  const lines: string[] = [];
  const worker = createCrawlWorker({
    sql, concurrency: 1, leaseMs: 5_000, heartbeatMs: 500, staleAfterMs: 5_000, idlePollMs: 100, userAgent: "FocusCrawl-test",
    allowPrivate: true, log: (l) => lines.push(l),
  });
  const running = worker.run();
  let poll: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    running.then(() => "returned", (e: Error) => `threw: ${e.message}`),
    new Promise<string>((resolve) => {
      poll = setInterval(() => {
        if (lines.filter((l) => l.startsWith("database unavailable")).length >= 2) resolve("waiting");
      }, 50);
    }),
  ]);
  clearInterval(poll);
  worker.drain();
  try {
    assert.equal(waited, "waiting", lines.join("\n"));
    await running; // returns once drained, without reaching the database
  } finally {
    await sql.end({ timeout: 1 });
  }
});
