/**
 * One run of the scale-out benchmark: N worker processes on one job until its page budget is
 * stored, with what it cost (CPU, memory) and how the database fared (claim latency, lock waits).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Sql } from "../../lib/store/infra/sql";
import { CLAIM_BUCKETS_S, sumHistograms } from "../../lib/store/worker-latency";
import { sampleLockWaits, topStatements } from "./db-activity";
import { histogramQuantile, quantile, shareAtOrBelow, statementDurations } from "./scale-figures";
import { isClaimStatement } from "./db-activity";
import { coreCount, cpuSecondsOf, machineCpuSeconds, peakRssMbOf, treeCpuSeconds } from "./proc-stats";
import { WORKER_NODE_FLAGS } from "../../lib/crawl/heap-limits";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const LOOP_DELAY = path.join(import.meta.dirname, "loop-delay.mjs");
/** Workers have this long to start (tsx, jieba's dictionary, the first heartbeat) on a loaded machine. */
const START_TIMEOUT_MS = 180_000;
/** A drained worker has this long to exit before it is killed. */
const EXIT_TIMEOUT_MS = 60_000;

/** What one run measured. */
export interface RunFigures {
  workers: number; stored: number; scored: number; seconds: number; pagesPerSecond: number;
  /**
   * The claim as the workers saw it (their histograms: the statement, its round trip and the wait
   * for their own busy event loop) and as the server ran it (pg_stat_statements: every call;
   * p50/p95 from the statements the server log sampled, lock waits included).
   */
  claim: { count: number; meanMs: number | null; p95Ms: number | null; shareUnder10Ms: number | null; serverCalls: number; serverMeanMs: number | null;
    serverMaxMs: number | null; serverSampled: number; serverP50Ms: number | null; serverP95Ms: number | null };
  /** Deadlocks PostgreSQL detected in the run's database (pg_stat_database): each cost a statement 1 s (deadlock_timeout) and an error. */
  deadlocks: number;
  lockWaits: { meanSessions: number; shareOfSamples: number; byKind: { waitEvent: string; statement: string; sessions: number }[] };
  /** CPU seconds during the measured window; machineBusy: share of every core busy, all processes counted. */
  cpu: { workers: number; postgres: number; siteServer: number; machineBusy: number; cores: number; crawlShare: number };
  peakRssMb: number[];
  /** Each worker's event-loop delay during the crawl: how long a ready answer (a claim's too) waited for the busy loop. */
  loopDelay: { p95Ms: number; meanMs: number }[];
  loadAverage: number[];
  topStatements: { query: string; calls: number; total_ms: number; mean_ms: number }[];
}

interface Worker { child: ChildProcess; log: string; loopDelay: string }

/** Start worker `i` of N: `npm run worker`'s entry under node (one process, so its pid is the worker's). */
function startWorker(url: string, concurrency: number, log: string): Worker {
  const out = fs.openSync(log, "w");
  const loopDelay = log.replace(/\.log$/, ".loop-delay.json");
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", "--import", LOOP_DELAY, path.join(ROOT, "workers", "crawl-worker.ts")], {
    cwd: ROOT, stdio: ["ignore", out, out],
    env: { ...process.env, DATABASE_URL: url, WORKER_CONCURRENCY: String(concurrency), ALLOW_PRIVATE_NETWORKS: "true",
      FOCUSCRAWL_BENCH_LOOP_DELAY_FILE: loopDelay },
  });
  fs.closeSync(out);
  return { child, log, loopDelay };
}

/** Each worker's event-loop delay over the crawl (bench/heavy/loop-delay.mjs), once it has exited. */
function readLoopDelays(workers: Worker[]): { p95Ms: number; meanMs: number }[] {
  return workers.map((w) => (fs.existsSync(w.loopDelay) ? JSON.parse(fs.readFileSync(w.loopDelay, "utf8")) : { p95Ms: NaN, meanMs: NaN }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").slice(-1500) : "");

/** Wait until every worker has beaten (it loaded its dictionaries and reached the database); throws if one died. */
async function waitForWorkers(sql: Sql, workers: Worker[]): Promise<void> {
  const pids = workers.map((w) => w.child.pid!);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const dead = workers.find((w) => w.child.exitCode !== null || w.child.signalCode !== null);
    if (dead) throw new Error(`worker ${dead.child.pid} exited while starting:\n${tail(dead.log)}`);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from worker_heartbeats where pid = any(${pids}::int[]) and status = 'running'`;
    if (n === workers.length) return;
    if (Date.now() > deadline) throw new Error(`only ${n} of ${workers.length} workers started within ${START_TIMEOUT_MS / 1000} s; see ${workers[0].log}`);
    await sleep(250);
  }
}

/** The job's queue and host state, for the message of a crawl that stopped storing pages. */
async function describeStall(sql: Sql, jobId: number): Promise<string> {
  const [job] = await sql`select status, pages_fetched, pages_reserved, pages_failed from jobs where id = ${jobId}`;
  const queue = await sql`
    select status, count(*)::int as n, min(next_attempt_at) as next_attempt, max(attempts) as max_attempts
    from frontier where job_id = ${jobId} group by status`;
  const hosts = await sql`
    select host, in_flight, has_pending, next_fetch_at, robots_expires_at, errors from hosts where job_id = ${jobId} order by pages_fetched desc limit 3`;
  return JSON.stringify({ job, queue, hosts });
}

/**
 * Wait until the job stored its budget or ended; throws, with the queue's state, when no page is
 * stored for `stuckMs`, when every worker died, or when `siteDown` says why the site's server is gone.
 */
async function waitForBudget(sql: Sql, jobId: number, budget: number, workers: Worker[], siteDown: () => string | null, stuckMs = 120_000): Promise<void> {
  let last = -1, lastChange = Date.now();
  for (;;) {
    const [job] = await sql<{ status: string; fetched: number }[]>`select status::text, pages_fetched as fetched from jobs where id = ${jobId}`;
    if (job.fetched >= budget || !["running", "stopping"].includes(job.status)) return;
    if (job.fetched !== last) [last, lastChange] = [job.fetched, Date.now()];
    const down = siteDown();
    if (down) throw new Error(`the site's server ended at ${last} pages (${down}); the queue: ${await describeStall(sql, jobId)}`);
    if (Date.now() - lastChange > stuckMs) {
      throw new Error(`no page stored for ${stuckMs / 1000} s (at ${last}); the queue: ${await describeStall(sql, jobId)}; see ${workers[0].log}`);
    }
    if (workers.every((w) => w.child.exitCode !== null)) throw new Error(`every worker exited at ${last} pages:\n${tail(workers[0].log)}`);
    await sleep(100);
  }
}

/** Drain the workers (SIGTERM, as a supervisor would) and wait for them to exit; kill the late ones. */
async function stopWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(workers.map(async (w) => {
    if (w.child.exitCode !== null || w.child.signalCode !== null) return;
    const exited = new Promise((r) => w.child.once("exit", r));
    w.child.kill("SIGTERM");
    const timer = setTimeout(() => w.child.kill("SIGKILL"), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }));
}

/** CPU seconds of each party so far. */
function cpuSnapshot(workers: Worker[], postgresPid: number, siteServerPid: number) {
  return {
    workers: workers.reduce((a, w) => a + treeCpuSeconds(w.child.pid!), 0), // with any processes a worker starts
    postgres: treeCpuSeconds(postgresPid), siteServer: cpuSecondsOf(siteServerPid) ?? 0, machine: machineCpuSeconds(),
  };
}

/** CPU seconds of each party between two snapshots taken `seconds` apart, and the shares of the cores. */
function cpuFigures(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, seconds: number): RunFigures["cpu"] {
  const used = (k: "workers" | "postgres" | "siteServer") => after[k] - before[k];
  const busy = after.machine.busy - before.machine.busy, total = after.machine.total - before.machine.total;
  const crawl = used("workers") + used("postgres") + used("siteServer");
  return {
    workers: +used("workers").toFixed(1), postgres: +used("postgres").toFixed(1), siteServer: +used("siteServer").toFixed(1),
    machineBusy: +(busy / Math.max(total, 1e-9)).toFixed(3), cores: coreCount(), crawlShare: +(crawl / (seconds * coreCount())).toFixed(3),
  };
}

/** The bytes a file grew by since `offset`. */
function readFrom(file: string, offset: number): string {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(Math.max(0, fs.fstatSync(fd).size - offset));
    fs.readSync(fd, buf, 0, buf.length, offset);
    return buf.toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** Claim latency: the workers' histograms (client side, whole statement and its round trip) and the server's own timing. */
async function claimFigures(sql: Sql, pids: number[], serverLog: string) {
  const rows = await sql<{ latency: { claim?: unknown } }[]>`select latency from worker_heartbeats where pid = any(${pids}::int[])`;
  const h = sumHistograms(rows.map((r) => r.latency?.claim), CLAIM_BUCKETS_S);
  const candidates = await sql<{ query: string; calls: number; total_ms: number; max_ms: number }[]>`
    select query, calls::int, total_exec_time::float as total_ms, max_exec_time::float as max_ms from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database()) and query ilike '%for update skip locked%'`;
  const claims = candidates.filter((c) => isClaimStatement(c.query));
  const calls = claims.reduce((a, c) => a + c.calls, 0);
  const server = { calls, mean_ms: calls ? claims.reduce((a, c) => a + c.total_ms, 0) / calls : null,
    max_ms: claims.length ? Math.max(...claims.map((c) => c.max_ms)) : null };
  const ms = (s: number | null) => (s === null ? null : +(s * 1000).toFixed(2));
  const sampled = statementDurations(serverLog, isClaimStatement);
  const round = (x: number | null) => (x === null ? null : +x.toFixed(2));
  return {
    count: h.count, meanMs: h.count ? +((h.sum / h.count) * 1000).toFixed(2) : null, p95Ms: ms(histogramQuantile(h, 0.95)),
    shareUnder10Ms: h.count ? +shareAtOrBelow(h, 0.01)!.toFixed(3) : null,
    serverCalls: server.calls, serverMeanMs: server.mean_ms === null ? null : +server.mean_ms.toFixed(2), serverMaxMs: server.max_ms === null ? null : +server.max_ms.toFixed(1),
    serverSampled: sampled.length, serverP50Ms: round(quantile(sampled, 0.5)), serverP95Ms: round(quantile(sampled, 0.95)),
  };
}

/**
 * Run `workers` worker processes on job `jobId` (created running; held paused here until every
 * worker is up, so all start together) until `budget` pages are stored. The clock, the CPU
 * counters and the samplers run from the job's start to the budget.
 */
export async function crawlWithWorkers(o: {
  sql: Sql; dbName: string; jobId: number; workers: number; concurrency: number; budget: number; workerUrl: string;
  postgresPid: number; siteServerPid: number; siteDown: () => string | null; onCleanup: (f: () => void) => void; keepLogs?: boolean;
  /** The server's log file, whose sampled statements give the claim's percentiles. */
  serverLog: string;
}): Promise<RunFigures> {
  const { sql, jobId } = o;
  await sql`update jobs set status = 'paused' where id = ${jobId}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `fc-scale-${o.workers}-`));
  const workers = Array.from({ length: o.workers }, (_, i) => startWorker(o.workerUrl, o.concurrency, path.join(logDir, `worker-${i + 1}.log`)));
  o.onCleanup(() => workers.forEach((w) => w.child.exitCode === null && w.child.kill("SIGKILL")));
  let isDone = false;
  try {
    await waitForWorkers(sql, workers);
    await sql`select pg_stat_statements_reset()`;
    const loadAverage = os.loadavg().map((l) => +l.toFixed(2));
    const before = cpuSnapshot(workers, o.postgresPid, o.siteServerPid);
    const stopSampling = sampleLockWaits(sql);
    workers.forEach((w) => w.child.kill("SIGUSR2")); // the event-loop delay is measured from here
    const logOffset = fs.statSync(o.serverLog).size;
    const started = performance.now();
    await sql`update jobs set status = 'running', started_at = now() where id = ${jobId}`;
    await waitForBudget(sql, jobId, o.budget, workers, o.siteDown);
    const seconds = (performance.now() - started) / 1000;
    const after = cpuSnapshot(workers, o.postgresPid, o.siteServerPid);
    const peakRssMb = workers.map((w) => peakRssMbOf(w.child.pid!) ?? 0);
    const serverLog = readFrom(o.serverLog, logOffset);
    const waits = stopSampling();
    const [stored] = await sql<{ pages: number; scored: number }[]>`
      select count(*)::int as pages, count(*) filter (where relevance is not null)::int as scored from pages where job_id = ${jobId}`;
    const statements = await topStatements(sql, 8, o.dbName);
    const [{ deadlocks }] = await sql<{ deadlocks: number }[]>`select deadlocks::int from pg_stat_database where datname = current_database()`;
    await stopWorkers(workers); // their last heartbeat carries their whole claim histogram
    isDone = true;
    return {
      workers: o.workers, stored: stored.pages, scored: stored.scored, seconds: +seconds.toFixed(1),
      pagesPerSecond: +(stored.pages / seconds).toFixed(1),
      claim: await claimFigures(sql, workers.map((w) => w.child.pid!), serverLog),
      deadlocks,
      lockWaits: { meanSessions: +waits.waits.reduce((a, w) => a + w.sessions, 0).toFixed(2), shareOfSamples: waits.shareWithWaits, byKind: waits.waits.slice(0, 8) },
      cpu: cpuFigures(before, after, seconds), peakRssMb, loopDelay: readLoopDelays(workers), loadAverage, topStatements: statements,
    };
  } finally {
    await stopWorkers(workers);
    if (isDone && !o.keepLogs) fs.rmSync(logDir, { recursive: true, force: true });
    else console.error(`the workers' logs are in ${logDir}`);
  }
}
