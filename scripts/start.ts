/**
 * `npm start` / `npm run dev`: the database (embedded unless DATABASE_URL is set), migrations,
 * the dashboard and one crawl worker, stopped together and cleanly on Ctrl-C. It also keeps
 * them up: a dashboard or worker that exits unexpectedly is started again (waiting 1 s, then
 * 2, 4, … up to 30 s while it keeps failing), and an embedded PostgreSQL that dies is started
 * again (it recovers from its write-ahead log); the others reconnect to it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { DatabaseUnreachableError, openDatabase } from "../lib/store/infra/connect";
import { EnvError, isLoopbackHost, loadEnv } from "../lib/env";
import { openSql } from "../lib/store/infra/sql";
import { hasUsers } from "../lib/store/users";
import { buildDashboard } from "./build-dashboard";
import { WORKER_NODE_FLAGS } from "../lib/crawl/heap-limits";

const ROOT = path.resolve(import.meta.dirname, "..");
const DASHBOARD_SERVER = path.join(ROOT, "scripts", "dashboard-server.ts");
const CHILD_STOP_TIMEOUT_MS = 20_000;
const READY_TIMEOUT_MS = 120_000;
/** Restarts of a failing child wait 1 s, 2 s, 4 s, … up to this. */
const MAX_BACKOFF_MS = 30_000;
/** A child that ran this long before it exited starts again after 1 s. */
const BACKOFF_RESET_MS = 60_000;
/** How often the embedded PostgreSQL's process is checked. */
const DB_WATCH_MS = 2_000;
const isDev = process.argv.includes("--dev");
const say = (line: string) => console.log(`[focuscrawl] ${line}`);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const WATCHDOG = path.join(ROOT, "scripts", "exit-with-supervisor.mjs");

/**
 * Start a supervised Node process in its own process group, so that a terminal Ctrl-C
 * reaches only this supervisor, which then stops each child exactly once (a worker that got
 * the terminal's SIGINT and then ours would take the second as "exit without draining").
 */
function runSupervised(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--import", WATCHDOG, ...args], {
    cwd: ROOT, env: { ...env, FOCUSCRAWL_SUPERVISOR_PID: String(process.pid) }, stdio: "inherit", detached: true,
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

async function buildIfNeeded(): Promise<void> {
  if (!isDev) await buildDashboard({ say });
}

async function waitForHealth(url: string, app: () => ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && app().exitCode === null) {
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when someone can sign in: then the dashboard may listen beyond loopback without ADMIN_PASSWORD. */
async function hasAnyUser(url: string): Promise<boolean> {
  const sql = openSql(url, { max: 1, app: "focuscrawl-start" });
  try {
    return await hasUsers(sql);
  } finally {
    await sql.end();
  }
}

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    fail((err as EnvError).message);
  }
  let db = await openDatabase(env, say).catch((err) => {
    if (err instanceof DatabaseUnreachableError) fail(err.message);
    throw err;
  });
  if (!isLoopbackHost(env.HOST) && !env.ADMIN_PASSWORD && !(await hasAnyUser(db.url))) {
    await db.stop();
    fail(`HOST=${env.HOST} exposes the dashboard beyond this machine: set ADMIN_PASSWORD too, or first add a user `
      + "(npx focuscrawl user add NAME --role operator), or use HOST=127.0.0.1.");
  }
  await buildIfNeeded().catch(async (err) => {
    await db.stop();
    throw err;
  });

  const childEnv = { ...process.env, DATABASE_URL: db.url, PORT: String(env.PORT), HOST: env.HOST, NEXT_TELEMETRY_DISABLED: "1" };
  // Next.js behind the request guard's own server (scripts/dashboard-server.ts), in the mode `next start` or `next dev` would run.
  const appArgs = ["--import", "tsx", DASHBOARD_SERVER, ...(isDev ? ["--dev"] : [])];
  const kinds = [
    // NODE_ENV as `next start` and `next dev` set it: React and Next.js pick their production or development builds by it.
    { name: "dashboard", args: appArgs, env: { ...childEnv, NODE_ENV: (isDev ? "development" : "production") as NodeJS.ProcessEnv["NODE_ENV"] } },
    { name: "worker", args: [...WORKER_NODE_FLAGS, "--import", "tsx", path.join(ROOT, "workers", "crawl-worker.ts")], env: childEnv },
  ];
  const children: ChildProcess[] = kinds.map((k) => runSupervised(k.args, k.env));
  const restarts = kinds.map(() => ({ failures: 0, startedAt: Date.now() }));
  let isStopping = false;

  /** Start child `i` again after its backoff; a child that ran for a minute starts from 1 s again. */
  function watch(i: number) {
    children[i].once("exit", (code, signal) => {
      if (isStopping) return;
      const r = restarts[i];
      if (Date.now() - r.startedAt > BACKOFF_RESET_MS) r.failures = 0;
      const waitMs = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** r.failures++);
      say(`${kinds[i].name} exited unexpectedly (${signal ?? `code ${code}`}); starting it again in ${waitMs / 1000} s`);
      setTimeout(() => {
        if (isStopping) return;
        r.startedAt = Date.now();
        children[i] = runSupervised(kinds[i].args, kinds[i].env);
        watch(i);
      }, waitMs);
    });
  }
  kinds.forEach((_, i) => watch(i));

  // The embedded PostgreSQL is ours: if it dies, start it again on the same port and data.
  let isRestartingDb = false;
  const dbWatch = setInterval(async () => {
    if (isStopping || isRestartingDb || !db.pid || isProcessAlive(db.pid)) return;
    isRestartingDb = true;
    say("the embedded PostgreSQL stopped unexpectedly: starting it again (it recovers from its write-ahead log)");
    try {
      db = await openDatabase(env, say);
      say("the embedded PostgreSQL is back; the dashboard and the worker reconnect by themselves");
    } catch (err) {
      say(`could not start the embedded PostgreSQL again (${(err as Error).message.split("\n")[0]}); trying again`);
    } finally {
      isRestartingDb = false;
    }
  }, DB_WATCH_MS);

  async function stopAll(code: number) {
    if (isStopping) return;
    isStopping = true;
    clearInterval(dbWatch);
    say("stopping: dashboard and worker first, then the database");
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
    const timer = setTimeout(() => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")), CHILD_STOP_TIMEOUT_MS);
    await Promise.all(children.map(exited));
    clearTimeout(timer);
    await db.stop();
    say("stopped");
    process.exit(code);
  }

  let interrupts = 0;
  const onSignal = () => {
    if (++interrupts > 1) {
      children.forEach((c) => c.exitCode === null && c.kill("SIGKILL"));
      return;
    }
    void stopAll(0);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const shownHost = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${env.PORT}`;
  if (await waitForHealth(url, () => children[0])) say(`FocusCrawl is running at ${url}  (Ctrl-C to stop)`);
}

await main();
