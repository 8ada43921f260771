import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type net from "node:net";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { startRelay, viaRelay } from "../testing/db-relay";
import { makeJob } from "../testing/fixtures";
import { REQUEST_LOG_FLUSH_MS } from "./request-log-buffer";
import { WORKER_NODE_FLAGS } from "./heap-limits";

const ctx = useTestDatabase();
const ROOT = path.resolve(import.meta.dirname, "../..");
const PAGES = 24;
/** Far beyond what the crawl takes: only a stuck crawl reaches it. */
const WAIT_LIMIT_MS = 90_000;

/** A hub linking PAGES pages about the topic; `onPage` runs before each page's answer (counting from 1). */
async function startSite(onPage: (n: number) => Promise<void>) {
  let n = 0;
  const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p${i + 1}">计算机网络 ${i + 1}</a>`).join(" ");
  const server = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return res.end("User-agent: *\nAllow: /\n");
    const body = req.url === "/" ? `<p>计算机 网络 软件</p>${links}` : `<p>计算机 网络 数据库 软件 ${req.url}</p>`;
    void onPage(++n).then(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><html><head><title>计算机 ${req.url}</title></head><body>${body}</body></html>`));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Wait until `check` holds, polling; fails the test with `what` and the worker's output after WAIT_LIMIT_MS. */
async function waitFor(what: string, lines: string[], check: () => Promise<boolean>): Promise<void> {
  for (const until = Date.now() + WAIT_LIMIT_MS; !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > until) assert.fail(`not within ${WAIT_LIMIT_MS / 1000} s: ${what}\n${lines.join("\n")}`);
  }
}

test("across a database outage the request log has exactly one stored row per stored page", async () => {
  const relay = await startRelay(new URL(ctx.db.url));
  const lines: string[] = [];
  // The database goes away as the 8th page is answered (pages in flight are being stored), and
  // comes back once the worker met it and the request log's timer has tried to write meanwhile.
  const site = await startSite(async (n) => {
    if (n !== 8) return;
    await relay.goAway();
    const awayAt = Date.now();
    const isMet = () => lines.some((l) => l.includes("database away while on"));
    const back = async () => {
      while (!isMet() || Date.now() - awayAt < 3 * REQUEST_LOG_FLUSH_MS) await new Promise((r) => setTimeout(r, 50));
      await relay.comeBack();
    };
    setImmediate(() => void back().catch(() => {}));
  });
  const job = await makeJob(ctx.db.url, { seeds: "http://log-outage.test/", maxPages: 100, maxDepth: 1, minDelayMs: 0,
    resolve: [`*=127.0.0.1:${site.port}`], maxHostConnections: 4 });
  // The worker process (its guard lives through postgres.js's writes on connections the outage closed).
  const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", path.join(ROOT, "workers", "crawl-worker.ts")], {
    cwd: ROOT, stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: viaRelay(ctx.db.url, relay), ALLOW_PRIVATE_NETWORKS: "1", WORKER_CONCURRENCY: "4",
      WORKER_LEASE_MS: "600000", WORKER_HEARTBEAT_MS: "200", WORKER_STALE_AFTER_MS: "300000", WORKER_IDLE_POLL_MS: "50" },
  });
  worker.stdout!.on("data", (c: Buffer) => lines.push(...c.toString().split("\n").filter(Boolean)));
  try {
    await waitFor("the job ends", lines, async () =>
      (await ctx.db.sql`select 1 from jobs where id = ${job.id} and status not in ('queued', 'running')`).length > 0);
    assert.ok(lines.some((l) => l.includes("database away while on")), `the outage cut a try:\n${lines.join("\n")}`);
    const pages = (await ctx.db.sql<{ url: string }[]>`select url from pages where job_id = ${job.id}`).map((r) => r.url).sort();
    assert.equal(pages.length, PAGES + 1, "every page stored once");
    // Rows still buffered when the job ended are written within a flush or two.
    let stored: string[] = [];
    await waitFor("the request log is written", lines, async () => {
      stored = (await ctx.db.sql<{ url: string }[]>`
        select url from request_log where job_id = ${job.id} and outcome = 'stored'`).map((r) => r.url).sort();
      return stored.length >= pages.length;
    }).catch(() => {});
    assert.deepEqual(stored, pages, `one stored row per stored page: none lost, none doubled\n${lines.join("\n")}`);
  } finally {
    worker.kill("SIGTERM");
    if (worker.exitCode === null) await new Promise((r) => worker.once("exit", r));
    await site.close();
    await relay.close();
  }
});
