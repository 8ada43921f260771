/**
 * `npm test`: unit tests, database tests (real PostgreSQL: DATABASE_URL's server if set,
 * else an embedded one; one database per test file) and Playwright e2e in a real Chromium.
 * Usage: tsx scripts/run-tests.ts [all|unit|db|e2e] [text]: with text, only test files whose path contains it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase } from "../lib/store/infra/connect";
import { startEmbeddedPostgres } from "../lib/store/infra/embedded";
import { migrate } from "../lib/store/infra/migrate";
import { openSql } from "../lib/store/infra/sql";
import { withDatabase } from "../lib/testing/db";
import { freePort } from "../lib/testing/net";
import { buildDashboard } from "./build-dashboard";

const ROOT = path.resolve(import.meta.dirname, "..");
const mode = process.argv[2] ?? "all";
const only = process.argv[3];
const isCI = process.env.CI === "true" || process.env.CI === "1";
const TEMPLATE = `focuscrawl_template_${process.pid}`;
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", ".data", "scratch", "test-results"]);

/** Totals across every runner, printed as the closing line. */
const totals = { passed: 0, failed: 0, skipped: 0 };

function findTests(dir: string, suffix: RegExp, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name) || e.name.startsWith(".data")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findTests(p, suffix, out);
    else if (suffix.test(e.name) && (!only || p.includes(only))) out.push(path.relative(ROOT, p));
  }
  return out.sort();
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
    running.add(child);
    child.on("exit", () => running.delete(child));
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
      process.stdout.write(c);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runNodeTests(label: string, files: string[], env: NodeJS.ProcessEnv): Promise<void> {
  if (files.length === 0) return;
  console.log(`\n=== ${label}: ${files.length} file(s) ===`);
  const r = await run(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...files], env);
  const count = (name: string) => Number(new RegExp(`ℹ ${name} (\\d+)`).exec(r.output)?.[1] ?? 0);
  totals.passed += count("pass");
  totals.failed += count("fail") + (r.code !== 0 && count("fail") === 0 ? 1 : 0);
  totals.skipped += count("skipped");
}


/** The test processes running now: an interrupted run stops them first, so none goes on without its database. */
const running = new Set<ChildProcess>();

/** Stops the embedded PostgreSQL and removes its directory; also run when the test run is interrupted. */
let stopDatabase: (() => Promise<void>) | undefined;

const TEST_DIR_PREFIX = "focuscrawl-test-";
/** Read a pid from the first line of a file; 0 when there is none. */
/** The first number in a pid file (postmaster.pid's first line; pg-owner.pid's "<owner> <postmaster>"); 0 when none. */
const pidIn = (file: string) => (fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8").trim().split(/\s+/)[0]) || 0 : 0);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * A run killed outright (SIGKILL, a lost terminal) cannot clean up after itself: the next run
 * stops the PostgreSQL such a run left (fast shutdown; the owner is in pg-owner.pid, the
 * postmaster in pg/postmaster.pid, see lib/store/infra/embedded.ts) and removes its directory.
 * Directories of runs still alive are left alone.
 */
async function sweepAbandonedDatabases(): Promise<void> {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(TEST_DIR_PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const owner = pidIn(path.join(dir, "pg-owner.pid"));
    if (!owner || isAlive(owner)) continue;
    const postmaster = pidIn(path.join(dir, "pg", "postmaster.pid"));
    if (postmaster && isAlive(postmaster)) {
      process.kill(postmaster, "SIGINT");
      for (let i = 0; i < 100 && isAlive(postmaster); i++) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`removed the test database a killed run left in ${dir}`);
  }
}

async function startDatabase() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  await sweepAbandonedDatabases().catch((err) => console.error(`could not sweep old test databases: ${(err as Error).message}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), TEST_DIR_PREFIX));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  let stopped: Promise<void> | undefined;
  stopDatabase = () => (stopped ??= (async () => {
    await pg.stop({ force: true }).catch(() => {}); // the runner's own server, whatever test process still holds a connection
    fs.rmSync(dataDir, { recursive: true, force: true });
  })());
  return { adminUrl: pg.url("postgres"), stop: stopDatabase };
}

// Ctrl-C or a CI timeout must not leave a PostgreSQL running and its directory behind.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the tests and the test database before exiting`);
    for (const child of running) child.kill("SIGTERM");
    void (stopDatabase?.() ?? Promise.resolve()).finally(() => process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1)));
  });
}

function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));
}

async function runE2e(adminUrl: string): Promise<void> {
  const chromium = findChromium();
  if (!chromium) {
    const msg = "e2e: no Chromium found (set CHROMIUM_PATH or install Debian's `chromium` package)";
    if (isCI) {
      console.error(`${msg}; failing because CI=true`);
      totals.failed++;
    } else console.log(`SKIP ${msg}`);
    return;
  }
  // Built here rather than by the start command Playwright runs, whose wait for the dashboard
  // (config.webServer's timeout) a build on a busy machine used up.
  try {
    await buildDashboard({ say: (l) => console.log(`e2e: ${l}`) });
  } catch (err) {
    console.error(`e2e: ${(err as Error).message}`);
    totals.failed++;
    return;
  }
  const database = `focuscrawl_e2e_${process.pid}`;
  await ensureDatabase(adminUrl, database, TEMPLATE);
  const resultsFile = path.join(os.tmpdir(), `focuscrawl-e2e-${process.pid}.json`);
  // The app's data directory (export files): its own, removed after the run.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "focuscrawl-e2e-data-"));
  console.log("\n=== e2e (Playwright, Chromium) ===");
  const env = {
    ...process.env, CHROMIUM_PATH: chromium, E2E_DATABASE_URL: withDatabase(adminUrl, database), E2E_DATA_DIR: dataDir,
    E2E_APP_PORT: String(await freePort()), E2E_TESTWEB_PORT: String(await freePort()), E2E_SEARCH_PORT: String(await freePort()),
    PLAYWRIGHT_JSON_OUTPUT_NAME: resultsFile,
  };
  fs.rmSync(resultsFile, { force: true });
  const r = await run(process.execPath, [path.join(ROOT, "node_modules", "@playwright", "test", "cli.js"), "test", "--reporter=list,json", ...(only ? [only] : [])], env);
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const stats = JSON.parse(fs.readFileSync(resultsFile, "utf8")).stats;
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky + (r.code !== 0 && stats.unexpected === 0 ? 1 : 0);
    totals.skipped += stats.skipped;
  } catch {
    totals.failed++; // Playwright did not get as far as writing results: its output says why
  }
}

async function main() {
  const unitFiles = findTests(ROOT, /(?<!\.db)\.test\.ts$/);
  const dbFiles = findTests(ROOT, /\.db\.test\.ts$/);
  if (mode === "all" || mode === "unit") await runNodeTests("unit tests", unitFiles, process.env);
  if (mode === "all" || mode === "db" || mode === "e2e") {
    const db = await startDatabase();
    try {
      await ensureDatabase(db.adminUrl, TEMPLATE);
      const sql = openSql(withDatabase(db.adminUrl, TEMPLATE), { max: 1 });
      await migrate(sql);
      await sql.end();
      const env = { ...process.env, FOCUSCRAWL_TEST_ADMIN_URL: db.adminUrl, FOCUSCRAWL_TEST_TEMPLATE: TEMPLATE };
      if (mode === "all" || mode === "db") await runNodeTests("database tests", dbFiles, env);
      if (mode === "all" || mode === "e2e") await runE2e(db.adminUrl);
      const admin = openSql(db.adminUrl, { max: 1 });
      await admin.unsafe(`drop database if exists "${TEMPLATE}" with (force)`);
      await admin.unsafe(`drop database if exists "focuscrawl_e2e_${process.pid}" with (force)`);
      await admin.end();
    } finally {
      await db.stop();
    }
  }
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exitCode = totals.failed > 0 || totals.passed === 0 ? 1 : 0;
}

await main();
