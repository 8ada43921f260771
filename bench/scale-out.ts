/**
 * Scale-out on one PostgreSQL server: for each N, N separate worker processes (the real
 * `npm run worker` entry, workers/crawl-worker.ts, given DATABASE_URL as on separate machines)
 * crawl one job on the heavy site (bench/heavy/site.mjs, served by its own process) into a
 * throw-away cluster of the distribution's PostgreSQL (bench/heavy/debian-pg.ts) until the
 * page budget is stored. Reports per N: pages/s, the claim's latency (the workers' own
 * histograms, as beaten into worker_heartbeats, and pg_stat_statements), lock waits
 * (pg_stat_activity sampled every 200 ms), CPU seconds of the workers, of PostgreSQL and of the
 * whole machine, each worker's peak RSS; then where adding workers stops paying off, and why.
 *   npm run bench:scale -- [--workers 1,2,4] [--pages 5000] [--site-pages 20000] [--concurrency 32]
 *     [--port 18095] [--pg-bin /usr/lib/postgresql/<ver>/bin] [--pgbouncer] [--keep-logs]
 * --pgbouncer: the workers reach the server through PgBouncer in transaction mode (apt-get install pgbouncer).
 * --keep-logs: keep each worker's output (its temp directory is printed). Every process and the
 * cluster are removed at the end, also on Ctrl-C.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase } from "../lib/store/infra/connect";
import { migrate } from "../lib/store/infra/migrate";
import { openSql } from "../lib/store/infra/sql";
import { makeJob } from "../lib/testing/fixtures";
import { freePort } from "../lib/testing/net";
import { findPgBin, startDebianPostgres } from "./heavy/debian-pg";
import { startPgBouncer } from "./heavy/pgbouncer";
import { ensureSite, serveSite } from "./heavy/site-server";
import { judgeScaling } from "./heavy/scale-figures";
import { crawlWithWorkers, type RunFigures } from "./heavy/scale-run";
import { coreCount } from "./heavy/proc-stats";

const { values } = parseArgs({ options: {
  workers: { type: "string" }, pages: { type: "string" }, "site-pages": { type: "string" }, concurrency: { type: "string" },
  port: { type: "string" }, "pg-bin": { type: "string" }, pgbouncer: { type: "boolean" }, "keep-logs": { type: "boolean" },
} });
const WORKERS = (values.workers ?? "1,2,4").split(",").map(Number);
const PAGES = Number(values.pages ?? 5000);
const SITE_PAGES = Number(values["site-pages"] ?? 20000);
const CONCURRENCY = Number(values.concurrency ?? 32);
const PORT = Number(values.port ?? 18095);
if (!WORKERS.every((n) => Number.isInteger(n) && n >= 1 && n <= 64)) throw new Error("--workers takes worker counts from 1 to 64, comma-separated: --workers 1,2,4");
if (!Number.isInteger(PAGES) || PAGES < 10) throw new Error("--pages (the page budget of each run) must be a whole number of at least 10");
if (!Number.isInteger(SITE_PAGES) || SITE_PAGES < PAGES) throw new Error("--site-pages must be a whole number of at least --pages");
if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) throw new Error("--concurrency (URLs in flight per worker) must be a whole number of at least 1");
const PG_BIN = values["pg-bin"] ?? findPgBin();
if (!PG_BIN) throw new Error("no PostgreSQL server under /usr/lib/postgresql: apt-get install -y postgresql, or pass --pg-bin DIR");

/** Everything to undo, last first; also run on Ctrl-C and on exit so no cluster or process outlives the run. */
const cleanups: (() => void)[] = [];
function cleanUp() {
  while (cleanups.length) {
    try { cleanups.pop()!(); } catch (e) { console.error(`cleanup: ${(e as Error).message}`); }
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => { cleanUp(); process.exit(130); });

const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The job settings' ceiling on a host's connections (lib/jobs/settings.ts). */
const MAX_HOST_CONNECTIONS = 32;
const siteLog = path.join(os.tmpdir(), `fc-scale-site-${process.pid}.log`);
const siteDir = ensureSite(SITE_PAGES, PORT);
let server = await serveSite(siteDir, PORT, siteLog);
cleanups.push(() => {
  server.kill("SIGTERM");
  fs.rmSync(siteLog, { force: true });
});
/** A site server stopped from outside during a run (the machine is shared) is started again for the next try. */
async function reviveSite(): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) return;
  server = await serveSite(siteDir, PORT, siteLog);
}
/** Whether the site's server still runs; when it is gone, why (its exit and what it wrote to stderr). */
const siteServerState = () => (server.exitCode === null && server.signalCode === null ? null
  : `exit code ${server.exitCode}, signal ${server.signalCode}: ${fs.readFileSync(siteLog, "utf8").slice(-800) || "nothing on stderr (killed from outside?)"}`);
// Each worker's pool holds up to 30 sessions (workers/crawl-worker.ts), plus the harness's and headroom.
const pg = startDebianPostgres({ pgBin: PG_BIN, port: await freePort(), maxConnections: Math.max(...WORKERS) * 32 + 40 });
cleanups.push(() => pg.stop({ keepDir: values["keep-logs"] }));
const bouncer = values.pgbouncer ? await startPgBouncer({ serverPort: pg.port, port: await freePort(), poolSize: Math.max(...WORKERS) * 30 + 10 }) : null;
if (bouncer) cleanups.push(bouncer.stop);
console.error(`PostgreSQL ${pg.version} from ${PG_BIN} on port ${pg.port}${bouncer ? `, PgBouncer (transaction mode) on port ${bouncer.port}` : ""}`);

/** One run with `n` workers in a fresh database `db`. */
async function runWith(n: number, db: string): Promise<RunFigures> {
  await ensureDatabase(pg.url(), db);
  const url = pg.url(db);
  const sql = openSql(url, { max: 4, app: "bench-scale" });
  try {
    await migrate(sql);
    await sql`create extension if not exists pg_stat_statements`;
    // The site's host only, with the most connections a job allows a host (32, across all workers):
    // N workers share them, as they would share one real site.
    const job = await makeJob(url, { keywords: "数据库,网络,爬虫,性能,database,crawler", seeds: `${ORIGIN}/`, strategy: "bfs", maxPages: PAGES,
      scope: "seed-hosts", maxDepth: 100, minDelayMs: 0, maxHostConnections: Math.min(MAX_HOST_CONNECTIONS, CONCURRENCY * n) });
    // Through PgBouncer the workers' synchronous_commit startup parameter is dropped
    // (ignore_startup_parameters): the database gets it instead, as docs/SCALING.md advises.
    if (bouncer) await sql.unsafe(`alter database "${db}" set synchronous_commit = off`);
    const workerUrl = bouncer ? `${bouncer.url(db)}?prepare=false` : url;
    console.error(`\n${n} worker(s): job ${job.id}, budget ${PAGES} pages, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    return await crawlWithWorkers({ sql, dbName: db, jobId: job.id, workers: n, concurrency: CONCURRENCY, budget: PAGES,
      workerUrl, postgresPid: pg.pid, siteServerPid: server.pid!, siteDown: siteServerState, onCleanup: (f) => cleanups.push(f), keepLogs: values["keep-logs"], serverLog: pg.logFile });
  } finally {
    await sql.end();
  }
}

/** Tries per N when the site's server is stopped from outside mid-run (the run is then started over in a new database). */
const SITE_TRIES = 3;
const runs: RunFigures[] = [];
for (const n of WORKERS) {
  for (let attempt = 1; ; attempt++) {
    try {
      const figures = await runWith(n, attempt === 1 ? `scale_${n}` : `scale_${n}_try${attempt}`);
      runs.push(figures);
      console.error(JSON.stringify(figures));
      break;
    } catch (err) {
      if (attempt >= SITE_TRIES || !/the site's server ended/.test((err as Error).message)) throw err;
      console.error(`${(err as Error).message.slice(0, 300)}\nstarting the site's server again and the run with ${n} worker(s) over`);
      await reviveSite();
    }
  }
}

// The claim's own latency is the server's (the workers' figure adds their busy event loop, measured apart).
const verdict = judgeScaling(runs.map((r) => ({ workers: r.workers, pagesPerSecond: r.pagesPerSecond, machineBusy: r.cpu.machineBusy,
  crawlCpuShare: r.cpu.crawlShare, claimP95Ms: r.claim.serverP95Ms, lockWaitingSessions: r.lockWaits.meanSessions, deadlocks: r.deadlocks })));
console.table(runs.map((r, i) => ({
  workers: r.workers, "pages/s": r.pagesPerSecond, speedup: verdict[i].speedup, stored: r.stored, seconds: r.seconds,
  "claim mean ms (workers)": r.claim.meanMs, "claim p95 ms (workers)": r.claim.p95Ms, "claims ≤10 ms (workers)": r.claim.shareUnder10Ms,
  "claim mean ms (server)": r.claim.serverMeanMs, "claim p95 ms (server)": r.claim.serverP95Ms,
  "lock-waiting sessions": r.lockWaits.meanSessions, deadlocks: r.deadlocks, "workers CPU s": r.cpu.workers, "postgres CPU s": r.cpu.postgres,
  "cores busy": r.cpu.machineBusy, "by the crawl": r.cpu.crawlShare, "peak RSS MB": r.peakRssMb.join("/"), "loop delay p95 ms": r.loopDelay.map((d) => d.p95Ms).join("/"), "load avg": r.loadAverage[0],
})));
for (const r of runs) {
  console.log(`\n${r.workers} worker(s), lock waits by kind and statement (mean sessions per sample):`);
  console.table(r.lockWaits.byKind);
  console.log(`${r.workers} worker(s), statements by total time:`);
  console.table(r.topStatements);
}
for (const v of verdict) console.log(`${v.workers} worker(s): ${v.speedup}× one worker, ${v.holds ? "holds up" : "STOPS SCALING"}; limit: ${v.limit}`);
console.log(JSON.stringify({ postgres: pg.version, pgbouncer: !!bouncer, cores: coreCount(), pages: PAGES, sitePages: SITE_PAGES,
  concurrencyPerWorker: CONCURRENCY, runs, verdict }));
cleanUp();
