import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import http from "node:http";
import net from "node:net";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { startRelay, viaRelay } from "../testing/db-relay";
import { openClaimSql, openSql, type Sql } from "../store/infra/sql";
import { createCrawlWorker } from "./worker";
import { WORKER_NODE_FLAGS } from "./heap-limits";

const ctx = useTestDatabase();
const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = "focuscrawl-outage-test";
/** The application name the worker process's connections carry (workers/crawl-worker.ts). */
const WORKER_APP = "focuscrawl-worker";
const PAGE = "<!doctype html><html><head><title>计算机网络</title></head><body><p>计算机 网络 数据库 软件</p></body></html>";
/** Bounds of the waits below: far beyond what a try takes, so only a stuck crawl reaches them. */
const WAIT_LIMIT_MS = 60_000;

/** A one-page site on 127.0.0.1; `onPage` runs before each answer for the page (the first argument counts from 1). */
async function startSite(onPage: (n: number) => Promise<void>): Promise<{ port: number; close: () => Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return res.end("User-agent: *\nAllow: /\n");
    void onPage(++n).then(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}

/** Wait until `check` holds, polling; fails the test with `what` after WAIT_LIMIT_MS. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (const until = Date.now() + WAIT_LIMIT_MS; !(await check()); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > until) assert.fail(`not within ${WAIT_LIMIT_MS / 1000} s: ${what}`);
  }
}

/** Run a worker on `job` alone until the job ends, bounded; its log lines go to `lines`. */
async function crawl(sql: Sql, claimSql: Sql, jobId: number, lines: string[]): Promise<void> {
  const worker = createCrawlWorker({
    sql, claimSql, concurrency: 1, leaseMs: 600_000, heartbeatMs: 200, staleAfterMs: 300_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [jobId], exitWhenJobsEnd: true, log: (l) => lines.push(l),
  });
  const run = worker.run();
  const limit = new Promise<"stuck">((r) => setTimeout(() => r("stuck"), WAIT_LIMIT_MS).unref());
  const outcome = await Promise.race([run.then(() => "ended" as const), limit]);
  if (outcome === "stuck") {
    worker.drain();
    assert.fail(`the job did not end within ${WAIT_LIMIT_MS / 1000} s after the database came back:\n${lines.join("\n")}`);
  }
}

async function seedRow(jobId: number) {
  const [row] = await ctx.db.sql<{ status: string; attempts: number; last_error: string | null }[]>`
    select status::text, attempts, last_error from frontier where job_id = ${jobId} and depth = 0`;
  return row;
}

/** The worker process (workers/crawl-worker.ts) on the test database; its output lines go to `lines`. */
function startWorkerProcess(lines: string[]): ChildProcess {
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", path.join(ROOT, "workers", "crawl-worker.ts")], {
    cwd: ROOT, stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: ctx.db.url, ALLOW_PRIVATE_NETWORKS: "1", WORKER_CONCURRENCY: "1", WORKER_LEASE_MS: "600000",
      WORKER_HEARTBEAT_MS: "200", WORKER_STALE_AFTER_MS: "300000", WORKER_IDLE_POLL_MS: "50" },
  });
  child.stdout!.on("data", (c: Buffer) => lines.push(...c.toString().split("\n").filter(Boolean)));
  return child;
}

test("a URL whose store is cut three times by terminated database connections ends fetched, its attempts not counted", async () => {
  let jobId = 0;
  // Each of the first three answers waits until the worker's store of the page blocks on the job
  // row (held here), then terminates that connection (57P01 admin_shutdown) and lets go.
  const site = await startSite(async (n) => {
    if (n > 3) return;
    let locked = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const held = ctx.db.sql.begin(async (tx) => {
      await tx`select 1 from jobs where id = ${jobId} for update`;
      locked();
      // Read outside the transaction: inside it, pg_stat_activity is a snapshot taken once.
      let pids: number[] = [];
      await waitFor("the worker's store of the page waits on the job row", async () => {
        pids = (await ctx.db.sql<{ pid: number }[]>`
          select pid from pg_stat_activity where application_name = ${WORKER_APP} and datname = current_database()
            and wait_event_type = 'Lock' and query ilike '%insert into pages%'`).map((r) => r.pid);
        return pids.length > 0;
      });
      await ctx.db.sql`select pg_terminate_backend(pid) from unnest(${pids}::int[]) pid`;
    });
    held.catch(() => {});
    await isLocked;
  });
  const lines: string[] = [];
  const job = await makeJob(ctx.db.url, { seeds: "http://outage.test/", maxPages: 5, maxDepth: 0, minDelayMs: 0, resolve: [`*=127.0.0.1:${site.port}`] });
  jobId = job.id;
  const worker = startWorkerProcess(lines);
  try {
    await waitFor("the job ends", async () => (await ctx.db.sql`select 1 from jobs where id = ${job.id} and status not in ('queued', 'running')`).length > 0);
    const row = await seedRow(job.id);
    assert.equal(row.status, "done", `the seed ended ${row.status} (${row.last_error}):\n${lines.join("\n")}`);
    assert.equal(row.attempts, 1, "only the try that stored the page is counted");
    const [page] = await ctx.db.sql`select count(*)::int as n from pages where job_id = ${job.id}`;
    assert.equal(page.n, 1);
    assert.ok(lines.filter((l) => l.includes("database away while on")).length >= 3, lines.join("\n"));
  } finally {
    worker.kill("SIGTERM");
    if (worker.exitCode === null) await new Promise((r) => worker.once("exit", r));
    await site.close();
  }
});

test("a URL whose store meets the database away is given back untried once it is back, and ends fetched without waiting for its lease", async () => {
  const target = new URL(ctx.db.url);
  const relay = await startRelay(target);
  const relayed = viaRelay(ctx.db.url, relay);
  const sql = openSql(relayed, { max: 4, app: APP });
  // Claims on a connection of their own, as the worker process makes them (one round trip each).
  const claimSql = openClaimSql(relayed, APP);
  const lines: string[] = [];
  // The first answer goes out with the database away; it comes back once the worker has met the outage.
  const site = await startSite(async (n) => {
    if (n > 1) return;
    await relay.goAway();
    setImmediate(() => void waitFor("the worker meets the outage", () => lines.some((l) => l.includes("outage.test/")))
      .finally(() => relay.comeBack()).catch(() => {}));
  });
  try {
    const job = await makeJob(ctx.db.url, { seeds: "http://outage.test/", maxPages: 5, maxDepth: 0, minDelayMs: 0, resolve: [`*=127.0.0.1:${site.port}`] });
    await crawl(sql, claimSql, job.id, lines);
    const row = await seedRow(job.id);
    assert.equal(row.status, "done", `the seed ended ${row.status} (${row.last_error}):\n${lines.join("\n")}`);
    assert.equal(row.attempts, 1, "the try the outage cut is not counted");
    assert.equal(row.last_error, null);
    const [j] = await ctx.db.sql`select pages_fetched, pages_failed, pages_reserved from jobs where id = ${job.id}`;
    assert.deepEqual([j.pages_fetched, j.pages_failed, j.pages_reserved], [1, 0, 1]);
    const [h] = await ctx.db.sql`select max(in_flight)::int as n from hosts where job_id = ${job.id}`;
    assert.equal(h.n, 0, "the host's connection is free again");
  } finally {
    await site.close();
    await Promise.all([sql.end({ timeout: 1 }), claimSql.end({ timeout: 1 })]).catch(() => {});
    await relay.close();
  }
});
