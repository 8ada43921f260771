/**
 * Chaos run: a crawl of the test web by several worker processes while workers are SIGKILLed at
 * random and the (embedded) PostgreSQL is killed and started again, as `npm start` does when
 * its server dies. Afterwards it checks what must hold whatever happened:
 *   - no URL stored twice, none lost (every frontier row done, failed, skipped or pending; none
 *     leased once the workers are gone), the page budget not overspent;
 *   - politeness: no host was asked twice within its delay (from the test server's own log);
 *   - no URL failed because the database was away (a try cut by the outage is given back untried);
 * and reports, for each database kill, how long after the database was back the workers stored
 * pages again and (with --dashboard) the dashboard answered again.
 *   npm run bench:chaos -- [--pages 3000] [--workers 3] [--kills 20] [--db-kills 2] [--delay 50]
 *     [--minutes 30] [--web-pages N] [--rss-every SECONDS] [--concurrency 8] [--latency MS]
 *     [--db-down SECONDS] [--db-stop kill|immediate] [--dashboard] [--default-timings]
 * --db-down keeps the database stopped that long before starting it again; --db-stop chooses
 * SIGKILL of the postmaster (default) or an immediate stop (SIGQUIT, as `pg_ctl stop -m
 * immediate`); --dashboard runs the built dashboard (`npm run build`) beside the workers and
 * watches its health check, a Prisma-backed API and the live event stream; --default-timings
 * runs the workers with the deployment's default lease, heartbeat and poll settings instead of
 * the short ones that make worker kills cheap.
 * --minutes caps the run's time (the job is then stopped and checked as it stands); --rss-every
 * samples the workers' resident memory (Linux /proc) and prints its curve: with no kills and a
 * long --minutes this is the soak test (--concurrency, URLs in flight per worker, and --latency,
 * the test server's answer time, set its steady rate).
 * Everything runs on 127.0.0.1 in a temporary directory that is removed afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase } from "../lib/store/infra/connect";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/store/infra/embedded";
import { restartDatabase, startDashboard, stopDatabaseHard, waitForStored, watchDashboard, type StopMode } from "./chaos-db";
import { migrate } from "../lib/store/infra/migrate";
import { openSql } from "../lib/store/infra/sql";
import { freePort } from "../lib/testing/net";
import { makeJob } from "../lib/testing/fixtures";
import { startTestWeb } from "../lib/testweb/server";

const { values } = parseArgs({ options: {
  pages: { type: "string" }, workers: { type: "string" }, kills: { type: "string" }, "db-kills": { type: "string" }, delay: { type: "string" },
  minutes: { type: "string" }, "web-pages": { type: "string" }, "rss-every": { type: "string" },
  concurrency: { type: "string" }, latency: { type: "string" }, "db-down": { type: "string" }, "db-stop": { type: "string" },
  dashboard: { type: "boolean" }, "default-timings": { type: "boolean" },
} });
const PAGES = Number(values.pages ?? 3000);
const WORKERS = Number(values.workers ?? 3);
const KILLS = Number(values.kills ?? 20);
const DB_KILLS = Number(values["db-kills"] ?? 2);
const DELAY_MS = Number(values.delay ?? 50);
const MAX_MS = Number(values.minutes ?? 30) * 60_000;
const WEB_PAGES = Number(values["web-pages"] ?? Math.max(2000, PAGES * 2));
const RSS_EVERY_MS = Number(values["rss-every"] ?? 0) * 1000;
const DB_DOWN_MS = Number(values["db-down"] ?? 0) * 1000;
const DB_STOP = (values["db-stop"] ?? "kill") as StopMode;
if (DB_STOP !== "kill" && DB_STOP !== "immediate") throw new Error("--db-stop is kill or immediate");
/** How long after the database is back the workers and the dashboard are waited for before the run counts them as stuck. */
const RECOVERY_LIMIT_MS = 180_000;
/** Arrival times on the test server may come this much closer than the delay (timer and scheduling jitter). */
const JITTER_MS = 15;
const ROOT = path.resolve(import.meta.dirname, "..");

const say = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-chaos-"));
const port = await freePort();
let pg: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, port });
await ensureDatabase(pg.url(), "chaos");
const url = pg.url("chaos");
const sql = openSql(url, { max: 4 });
await migrate(sql);
const web = await startTestWeb({ seed: 11, pages: WEB_PAGES, keepLog: true, latencyMs: Number(values.latency ?? 0) });
const job = await makeJob(url, {
  keywords: "计算机,网络,数据库", seeds: "http://portal.test/", maxPages: PAGES, maxDepth: 30, strategy: "best-first",
  resolve: [`*=127.0.0.1:${web.port}`], minDelayMs: DELAY_MS,
});
say(`job ${job.id}: ${PAGES} pages, ${WORKERS} workers, ${KILLS} worker kills, ${DB_KILLS} database kills, delay ${DELAY_MS} ms`);

const shortTimings = { WORKER_LEASE_MS: "5000", WORKER_HEARTBEAT_MS: "500", WORKER_STALE_AFTER_MS: "3000", WORKER_IDLE_POLL_MS: "100" };
const workerEnv = {
  ...process.env, DATABASE_URL: url, ALLOW_PRIVATE_NETWORKS: "1", CRAWL_RESOLVE: `*=127.0.0.1:${web.port}`,
  WORKER_CONCURRENCY: values.concurrency ?? "8", ...(values["default-timings"] ? {} : shortTimings),
};
/** Workers (or the dashboard) that exited by themselves (not killed here, not told to stop): each is a failure. */
let crashes = 0;
let isEnding = false;
const dashboardPort = await freePort();
const dashboard = values.dashboard ? startDashboard(ROOT, url, dashboardPort) : undefined;
dashboard?.once("exit", (code, signal) => {
  if (isEnding) return;
  crashes++;
  say(`the dashboard exited by itself (${signal ?? `status ${code}`})`);
});
const watch = dashboard ? watchDashboard(dashboardPort, job.id) : undefined;
if (watch && (await watch.firstOkAfter(0, 120_000)).health === null) throw new Error("the dashboard did not answer /api/health within 2 minutes");
const killedHere = new WeakSet<ChildProcess>();
function startWorker(slot: number): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "workers", "crawl-worker.ts")],
    { cwd: ROOT, env: workerEnv, stdio: ["ignore", "ignore", "inherit"] });
  child.once("exit", (code, signal) => {
    if (killedHere.has(child) || isEnding) return;
    crashes++;
    say(`worker ${slot + 1} exited by itself (${signal ?? `status ${code}`}); started again, as npm start does`);
    workers[slot] = startWorker(slot);
  });
  return child;
}
const workers: ChildProcess[] = [];
// A run that throws leaves no worker, dashboard or server behind.
process.once("exit", () => {
  for (const c of [...workers, dashboard]) if (c && c.exitCode === null) c.kill("SIGKILL");
  try { process.kill(pg.pid, "SIGQUIT"); } catch { /* already stopped */ }
});
for (let i = 0; i < WORKERS; i++) workers.push(startWorker(i));

/** Resident memory of a process in MB (Linux), null when it is gone. */
function rssMb(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}
const rssCurve: { minute: number; pages: number; mb: (number | null)[] }[] = [];
let nextRssAt = 0;

const stored = async () => (await sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${job.id}`)[0].n;
const isOpen = async () => (await sql<{ s: string }[]>`select status::text as s from jobs where id = ${job.id}`)[0].s === "running";

const started = Date.now();
const killsAt = new Set(Array.from({ length: KILLS }, (_, i) => Math.round(((i + 1) * PAGES) / (KILLS + 1))));
const dbKillsAt = Array.from({ length: DB_KILLS }, (_, i) => Math.round(((i + 1) * PAGES) / (DB_KILLS + 1.5)));
/** Per database stop: how long it was down, and ms from its return to each part working again (null: not within the limit). */
const outages: { downMs: number; stored: number | null; health: number | null; job: number | null; events: number | null }[] = [];
const secs = (ms: number | null | undefined) => (ms === null || ms === undefined ? "—" : `${(ms / 1000).toFixed(1)} s`);
function describeOutage(o: (typeof outages)[number]): string {
  return `pages stored ${secs(o.stored)}` + (dashboard ? `, health ${secs(o.health)}, job API ${secs(o.job)}, live events ${secs(o.events)}` : "");
}
let kills = 0;
let lastCount = 0;
while (Date.now() - started < MAX_MS) {
  await sleep(200);
  let n: number;
  try {
    n = await stored();
    if (!(await isOpen())) break;
  } catch {
    continue; // the database is coming back
  }
  if (RSS_EVERY_MS && Date.now() - started >= nextRssAt) {
    rssCurve.push({ minute: (Date.now() - started) / 60_000, pages: n, mb: workers.map((w) => rssMb(w.pid)) });
    nextRssAt += RSS_EVERY_MS;
  }
  for (const at of [...killsAt]) {
    if (n >= at && lastCount < at) {
      const i = Math.floor(Math.random() * workers.length);
      killedHere.add(workers[i]);
      workers[i].kill("SIGKILL");
      workers[i] = startWorker(i);
      kills++;
      killsAt.delete(at);
    }
  }
  if (dbKillsAt.length && n >= dbKillsAt[0]) {
    dbKillsAt.shift();
    const before = n;
    await stopDatabaseHard(pg, DB_STOP);
    const killedAt = Date.now();
    say(`stopped PostgreSQL (${DB_STOP}) at ${n} pages; down for ${DB_DOWN_MS / 1000} s`);
    await sleep(DB_DOWN_MS);
    pg = await restartDatabase(dataDir, port);
    const backAt = Date.now();
    const storedAt = await waitForStored(url, job.id, before, RECOVERY_LIMIT_MS);
    const seen = await watch?.firstOkAfter(backAt, Math.max(0, backAt + RECOVERY_LIMIT_MS - Date.now()));
    const after = (t: number | null | undefined) => (t === null || t === undefined ? null : t - backAt);
    outages.push({ downMs: backAt - killedAt, stored: after(storedAt), health: after(seen?.health), job: after(seen?.job), events: after(seen?.events) });
    say(`database back after ${((backAt - killedAt) / 1000).toFixed(1)} s; since then: ${describeOutage(outages.at(-1)!)}`);
  }
  if (n !== lastCount && Math.floor(n / 500) !== Math.floor(lastCount / 500)) say(`${n} pages`);
  lastCount = n;
}
const seconds = (Date.now() - started) / 1000;
isEnding = true;
await watch?.stop();
dashboard?.kill("SIGTERM");
for (const w of workers) w.kill("SIGTERM");
await Promise.all(workers.map((w) => (w.exitCode !== null ? null : new Promise((r) => w.once("exit", r)))));

const [dup] = await sql<{ urls: number; frontier: number }[]>`
  select (select count(*)::int from (select final_url from pages where job_id = ${job.id} group by 1 having count(*) > 1) x) as urls,
    (select count(*)::int from (select frontier_id from pages where job_id = ${job.id} group by 1 having count(*) > 1) y) as frontier`;
const states = await sql<{ status: string; n: number }[]>`select status::text, count(*)::int as n from frontier where job_id = ${job.id} group by 1 order by 1`;
const [{ done, pages }] = await sql<{ done: number; pages: number }[]>`
  select count(*) filter (where f.status = 'done' and p.id is null)::int as done, (select count(*)::int from pages where job_id = ${job.id}) as pages
  from frontier f left join pages p on p.frontier_id = f.id where f.job_id = ${job.id}`;
const [{ budget, fetched }] = await sql<{ budget: number; fetched: number }[]>`select max_pages as budget, pages_fetched as fetched from jobs where id = ${job.id}`;
const byHost = new Map<string, number[]>();
for (const r of web.log) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r.at]);
let violations = 0;
let closest = Infinity;
for (const times of byHost.values()) {
  times.sort((a, b) => a - b);
  for (let i = 1; i < times.length; i++) {
    const gap = times[i] - times[i - 1];
    closest = Math.min(closest, gap);
    if (gap < DELAY_MS - JITTER_MS) violations++;
  }
}
const leased = states.find((s) => s.status === "leased")?.n ?? 0;
// A try the worker could not finish for an error of its own (the database away, above all) was
// recorded as `internal: …`; the test web's own failures (404s, timeouts) by their reason. Every
// page of the test web answers, so a URL stored after more than one counted try, or back in the
// queue with a try counted and no reason of the web's, lost that try to an outage or a killed worker
// (a page that timed out under load and was stored at its next try counts here too).
const [outage] = await sql<{ failed: number; charged: number }[]>`
  select count(*) filter (where status = 'failed' and last_error like 'internal:%')::int as failed,
    count(*) filter (where (status = 'done' and attempts > 1)
      or (status = 'pending' and attempts > 0 and (last_error is null or last_error like 'internal:%')))::int as charged
  from frontier where job_id = ${job.id}`;
const stuck = outages.filter((o) => o.stored === null || (dashboard && (o.health === null || o.job === null || o.events === null))).length;
console.log(`\n| measure | value |\n|---|---:|`);
console.log(`| pages stored | ${pages} (budget ${budget}, counted fetched ${fetched}) |`);
console.log(`| time | ${seconds.toFixed(0)} s |`);
console.log(`| worker SIGKILLs | ${kills} |`);
console.log(`| workers (and the dashboard) that exited by themselves | ${crashes} |`);
console.log(`| database stops (${DB_STOP}) | ${outages.length} |`);
for (const [i, o] of outages.entries()) console.log(`| stop ${i + 1}: down ${secs(o.downMs)}; after it was back | ${describeOutage(o)} |`);
console.log(`| URLs failed by the outages / URLs with a try counted that did not end (outage or worker kill) | ${outage.failed} / ${outage.charged} |`);
console.log(`| URLs stored twice (same final URL / same frontier row) | ${dup.urls} / ${dup.frontier} |`);
console.log(`| frontier rows by status | ${states.map((s) => `${s.status} ${s.n}`).join(", ")} |`);
console.log(`| lost: leased rows after the run, done rows without a page | ${leased}, ${done} |`);
console.log(`| budget overspend | ${Math.max(0, pages - budget)} |`);
console.log(`| politeness: requests to a host closer than ${DELAY_MS} ms (−${JITTER_MS} ms jitter) | ${violations} (closest ${closest} ms) |`);
if (rssCurve.length) {
  console.log(`\n| minute | pages stored | ${workers.map((_, i) => `worker ${i + 1} RSS MB`).join(" | ")} |`);
  console.log(`|---:|---:|${workers.map(() => "---:").join("|")}|`);
  for (const r of rssCurve) console.log(`| ${r.minute.toFixed(1)} | ${r.pages} | ${r.mb.map((m) => (m === null ? "—" : m.toFixed(0))).join(" | ")} |`);
}
await sql.end();
if (dashboard && dashboard.exitCode === null) await new Promise((r) => dashboard.once("exit", r));
await web.close();
await pg.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(dup.urls + dup.frontier + leased + done + violations + crashes + Math.max(0, pages - budget) + outage.failed + stuck === 0 ? 0 : 1);
