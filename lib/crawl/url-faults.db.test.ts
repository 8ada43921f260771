import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";

const ctx = useTestDatabase();
const PAGE = "<!doctype html><html><head><title>计算机网络</title></head><body><p>计算机 网络 数据库 软件</p></body></html>";
/** Far beyond what the crawl of a few pages takes: only a stuck or dead worker reaches it. */
const WAIT_LIMIT_MS = 90_000;

/**
 * A worker process as workers/crawl-worker.ts sets one up (the same process guard), whose
 * handling of /fault-throw throws from a timer and of /fault-reject leaves a rejected promise
 * unawaited, each then waiting forever, as a page did whose popup broke the browser code.
 * Prints "ended" once the job ended and its worker drained.
 */
function faultyWorkerProgram(dbUrl: string, jobId: number): string {
  const at = (p: string) => JSON.stringify(path.join(import.meta.dirname, p));
  return `
    import { guardWorkerProcess } from ${at("url-faults.ts")};
    import { createCrawlWorker } from ${at("worker.ts")};
    import { processUrl } from ${at("process-url.ts")};
    import { openSql } from ${at("../store/infra/sql.ts")};
    guardWorkerProcess((l) => console.log(l));
    const sql = openSql(${JSON.stringify(dbUrl)}, { max: 4 });
    const worker = createCrawlWorker({
      sql, concurrency: 1, leaseMs: 600_000, heartbeatMs: 200, staleAfterMs: 300_000, idlePollMs: 50, analysisThreads: 0,
      userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [${jobId}], exitWhenJobsEnd: true, log: (l) => console.log(l),
      processUrl: (deps, item) => {
        if (item.url.endsWith("/fault-throw")) {
          setTimeout(() => { throw new Error("page.on('popup') handler failed"); }, 10);
          return new Promise(() => {});
        }
        if (item.url.endsWith("/fault-reject")) {
          Promise.reject(new Error("popup closed before it was handled"));
          return new Promise(() => {});
        }
        return processUrl(deps, item);
      },
    });
    await worker.run();
    await sql.end({ timeout: 5 });
    console.log("ended");`;
}

test("an error escaping one URL's handling fails that URL with its reason, and the worker goes on to the next URLs", async () => {
  const server = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return res.end("User-agent: *\nAllow: /\n");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  const seeds = ["/fault-throw", "/ok-1", "/fault-reject", "/ok-2"].map((p) => `http://faults.test${p}`);
  const job = await makeJob(ctx.db.url, { seeds: seeds.join("\n"), maxPages: 10, maxDepth: 0, minDelayMs: 0, resolve: [`*=127.0.0.1:${port}`] });
  const lines: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", faultyWorkerProgram(ctx.db.url, job.id)],
    { stdio: ["ignore", "pipe", "pipe"] });
  for (const s of [child.stdout!, child.stderr!]) s.on("data", (c: Buffer) => lines.push(...c.toString().split("\n").filter(Boolean)));
  const timer = setTimeout(() => child.kill("SIGKILL"), WAIT_LIMIT_MS);
  try {
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    assert.equal(code, 0, `the worker process ended with ${code}:\n${lines.join("\n")}`);
    assert.ok(lines.includes("ended"), lines.join("\n"));
    const rows = await ctx.db.sql<{ url: string; status: string; last_error: string | null }[]>`
      select url, status::text, last_error from frontier where job_id = ${job.id} order by url`;
    const byPath = Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, [r.status, r.last_error]]));
    assert.deepEqual(byPath, {
      "/fault-reject": ["failed", "worker-fault: popup closed before it was handled"],
      "/fault-throw": ["failed", "worker-fault: page.on('popup') handler failed"],
      "/ok-1": ["done", null],
      "/ok-2": ["done", null],
    }, lines.join("\n"));
    const [j] = await ctx.db.sql`select status::text, pages_fetched, pages_failed from jobs where id = ${job.id}`;
    assert.deepEqual([j.status, j.pages_fetched, j.pages_failed], ["done", 2, 2]);
    const logged = await ctx.db.sql`select url, reason from request_log where job_id = ${job.id} and outcome = 'failed' order by url`;
    assert.deepEqual(logged.map((r) => r.reason?.split(":")[0]), ["worker-fault", "worker-fault"], "the request log says why");
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill("SIGKILL");
    await new Promise((r) => server.close(r));
  }
});
