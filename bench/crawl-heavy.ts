/**
 * Crawl throughput on real-sized pages: a static site of ~30 KB Chinese and English pages with
 * 20–41 links each (bench/heavy/site.mjs) served by its own process on 127.0.0.1, crawled in one
 * run by a bare undici + htmlparser2 loop (the ceiling of a Node crawler, bench/heavy/ref-*.mjs)
 * and by a FocusCrawl worker process (bfs, no delay) into a fresh embedded PostgreSQL with
 * pg_stat_statements. Prints pages/s of both, their ratio (the figure that travels between
 * machines), the worker's peak RSS, the SQL statements by total time and, with --cpu-prof,
 * where the worker's CPU went. Usage:
 *   npm run bench:crawl -- --site heavy [--pages 20000] [--concurrency 32] [--port 18090] [--cpu-prof] [--no-ref] [--threads N]
 *     [--crawlee DIR]   also crawl with Crawlee's CheerioCrawler from DIR/crawl.mjs (a copy of ../shared/bench/crawlee after npm ci)
 *     [--peer DIR [--rounds 2]]   the same-run comparison instead: FocusCrawl and the equal-work peer (DIR/crawl-eq.mjs, a copy
 *       of ../shared/bench/crawlee-equal-work after npm ci) crawl the site alternately, each into its own database of the one
 *       PostgreSQL server, round after round; prints pages/s, CPU per stored page (crawler, PostgreSQL, machine) and peak RSS
 *       of each run, and FocusCrawl's ratios to the peer (bench/heavy/same-run.ts)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase } from "../lib/store/infra/connect";
import { startEmbeddedPostgres } from "../lib/store/infra/embedded";
import { migrate } from "../lib/store/infra/migrate";
import { openSql } from "../lib/store/infra/sql";
import { makeJob } from "../lib/testing/fixtures";
import { freePort } from "../lib/testing/net";
import { ensureSite, serveSite } from "./heavy/site-server";
import { sampleSessions, topStatements, walCounters, walPerPage } from "./heavy/db-activity";
import { profileShares } from "./heavy/profile-shares";
import { cpuSecondsOf, machineCpuSeconds, treeCpuSeconds } from "./heavy/proc-stats";
import { WORKER_NODE_FLAGS } from "../lib/crawl/heap-limits";
import { heavyJob, sameRun } from "./heavy/same-run";

const { values } = parseArgs({ options: {
  pages: { type: "string" }, concurrency: { type: "string" }, port: { type: "string" }, "cpu-prof": { type: "boolean" }, "no-ref": { type: "boolean" },
  crawlee: { type: "string" }, threads: { type: "string" }, peer: { type: "string" }, rounds: { type: "string" },
} });
const PAGES = Number(values.pages ?? 20000);
const CONCURRENCY = Number(values.concurrency ?? 32);
const PORT = Number(values.port ?? 18090);
if (!Number.isInteger(PAGES) || PAGES < 10) throw new Error("--pages must be a whole number of at least 10");
const HERE = path.join(import.meta.dirname, "heavy");
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** Run a child process to its end, returning its stdout. */
function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

/** The bare loop's pages/s over the whole site. */
async function refLoop(): Promise<{ pagesPerSec: number; pages: number; seconds: number }> {
  const out = await run([path.join(HERE, "ref-htmlparser2.mjs"), "--start", `${ORIGIN}/`, "--concurrency", String(CONCURRENCY)]);
  return JSON.parse(out.split("\n").find((l) => l.startsWith("SUMMARY "))!.slice(8));
}

/** Crawlee's CheerioCrawler over the site (same concurrency, starting at it rather than scaling up to it). */
async function crawlee(dir: string): Promise<{ pagesPerSec: number; pages: number; seconds: number; rssMB: number }> {
  const out = await run([path.join(dir, "crawl.mjs"), "--start", `${ORIGIN}/`, "--max-concurrency", String(CONCURRENCY),
    "--desired-concurrency", String(CONCURRENCY), "--max-seconds", "1800"]);
  return JSON.parse(out.split("\n").find((l) => l.startsWith("SUMMARY "))!.slice(8));
}

/** An embedded server with pg_stat_statements loaded (it must be preloaded, hence the restart). */
async function startDatabase(dataDir: string) {
  const port = await freePort();
  const first = await startEmbeddedPostgres({ dataDir, port });
  const admin = openSql(first.url(), { max: 1 });
  await admin`alter system set shared_preload_libraries = 'pg_stat_statements'`;
  await admin`alter system set pg_stat_statements.track = 'all'`;
  await admin.end();
  await first.stop();
  return startEmbeddedPostgres({ dataDir, port });
}

if (values.peer) {
  await sameRun({ peerDir: path.resolve(values.peer), rounds: Number(values.rounds ?? 2), pages: PAGES, concurrency: CONCURRENCY, port: PORT,
    threads: values.threads, startDatabase });
  process.exit(0);
}

const siteDir = ensureSite(PAGES, PORT);
const server = await serveSite(siteDir, PORT);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-heavy-"));
const pg = await startDatabase(dataDir);
try {
  const refBefore = values["no-ref"] ? null : await refLoop();
  await ensureDatabase(pg.url(), "bench");
  const url = pg.url("bench");
  const sql = openSql(url, { max: 2 });
  await migrate(sql);
  await sql`create extension if not exists pg_stat_statements`;
  // The site's own host only, as the bare loop and Crawlee crawl it (its footer links off-site).
  const job = await makeJob(url, heavyJob(ORIGIN, PAGES));
  await sql`select pg_stat_statements_reset()`;
  const profDir = values["cpu-prof"] ? fs.mkdtempSync(path.join(os.tmpdir(), "fc-heavy-prof-")) : "";
  const prof = profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [];
  const load = os.loadavg();
  const walBefore = await walCounters(sql);
  const stopSampling = sampleSessions(sql);
  const cpuBefore = machineCpuSeconds();
  const pgCpuBefore = treeCpuSeconds(pg.pid);
  const siteCpuBefore = cpuSecondsOf(server.pid!) ?? 0;
  const worker = JSON.parse((await run([...prof, ...WORKER_NODE_FLAGS, "--import", "tsx", path.join(HERE, "worker-run.ts"), "--db", url, "--job", String(job.id),
    "--concurrency", String(CONCURRENCY), "--pages", String(PAGES), ...(values.threads ? ["--threads", values.threads] : [])])).trim().split("\n").pop()!);
  const cpuAfter = machineCpuSeconds();
  const pgCpuMs = (treeCpuSeconds(pg.pid) - pgCpuBefore) * 1000;
  const siteCpuMs = ((cpuSecondsOf(server.pid!) ?? 0) - siteCpuBefore) * 1000;
  const sessions = stopSampling();
  const [stored] = await sql<{ pages: number; scored: number }[]>`
    select count(*)::int as pages, count(*) filter (where relevance is not null)::int as scored from pages where job_id = ${job.id}`;
  const statements = await topStatements(sql);
  const wal = walPerPage(walBefore, await walCounters(sql), stored.pages);
  const failures = await sql<{ status: string; reason: string; n: number }[]>`
    select status::text, coalesce(last_error, skip_reason, '') as reason, count(*)::int as n from frontier
    where job_id = ${job.id} and status not in ('done', 'pending') group by 1, 2 order by n desc limit 10`;
  await sql.end();
  const crawleeRun = values.crawlee ? await crawlee(path.resolve(values.crawlee)) : null;
  const refAfter = values["no-ref"] ? null : await refLoop();
  const pagesPerSecond = +(stored.pages / worker.seconds).toFixed(1);
  const refs = [refBefore, refAfter].filter((r) => r !== null);
  const refPagesPerSec = refs.length ? +(refs.reduce((a, r) => a + r.pagesPerSec, 0) / refs.length).toFixed(1) : null;
  console.table(statements);
  if (profDir) {
    const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
    if (file) {
      console.log(`CPU profile: ${path.join(profDir, file)}`);
      console.table(profileShares(path.join(profDir, file)));
    }
  }
  console.log(JSON.stringify({
    site: "heavy", pages: PAGES, stored: stored.pages, scored: stored.scored, seconds: +worker.seconds.toFixed(1), pagesPerSecond,
    peakRssMb: worker.peakRssMb, rssMbByPagesStored: worker.rssByPages, memoryAtPeakMb: worker.atPeakMb, refPagesPerSec: refs.map((r) => r.pagesPerSec), ratio: refPagesPerSec ? +(pagesPerSecond / refPagesPerSec).toFixed(3) : null,
    crawlee: crawleeRun && { pagesPerSec: crawleeRun.pagesPerSec, pages: crawleeRun.pages, rssMB: crawleeRun.rssMB,
      focusCrawlToCrawlee: +(pagesPerSecond / crawleeRun.pagesPerSec).toFixed(3) },
    workerCpuMsPerPage: +(worker.cpuMs / stored.pages).toFixed(2),
    // The same by thread (read every half second while the crawl ran, so a thread's last half second may be missing).
    workerThreadCpuMsPerPage: Object.fromEntries(Object.entries(worker.threadCpuMs as Record<string, number>).map(([k, v]) => [k, +(v / stored.pages).toFixed(2)])),
    // The whole machine's cost of a page: the worker, PostgreSQL (all its processes) and the site's server.
    postgresCpuMsPerPage: +(pgCpuMs / stored.pages).toFixed(2), siteServerCpuMsPerPage: +(siteCpuMs / stored.pages).toFixed(2),
    machineCpuMsPerPage: +(((cpuAfter.busy - cpuBefore.busy) * 1000) / stored.pages).toFixed(2),
    wal,
    machineCpuBusy: +((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)).toFixed(3),
    notStored: failures, sessionsOnAverage: sessions, concurrency: CONCURRENCY, loadAverage: load.map((l) => +l.toFixed(2)), counts: worker.counts,
  }));
} finally {
  server.kill("SIGTERM");
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
