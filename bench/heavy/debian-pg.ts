/**
 * A throw-away PostgreSQL cluster from the distribution's package (Debian's postgresql-NN), not
 * the embedded one: initdb and pg_ctl of that version, data under the temp directory, its own
 * port on 127.0.0.1, pg_stat_statements preloaded. Run as the postgres user when we are root
 * (PostgreSQL refuses to run as root).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The share of statements the server logs with their duration. */
export const STATEMENT_SAMPLE_RATE = 0.2;

/** A running cluster and how to reach and stop it. */
export interface DebianPostgres {
  /** postgresql:// URL of `db` (TCP on 127.0.0.1, user postgres, trust authentication). */
  url: (db?: string) => string;
  port: number;
  dataDir: string;
  /** The postmaster's process id (its children are the server's sessions and helpers). */
  pid: number;
  version: string;
  /** The server's log: deadlocks, lock waits past deadlock_timeout, and a sample of statements with their durations. */
  logFile: string;
  /** Stop the server and remove its directory, unless `keepDir` (its server.log is there). */
  stop: (opts?: { keepDir?: boolean }) => void;
}

/** The newest installed server's bin directory (/usr/lib/postgresql/<ver>/bin), or null. */
export function findPgBin(root = "/usr/lib/postgresql"): string | null {
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

/** Run `bin` with `args` as the postgres user when root (runuser), else as ourselves. */
function runAsPostgres(bin: string, args: string[]): string {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * initdb a cluster in a new temp directory and start it on `port` with `maxConnections`
 * sessions allowed. The caller must call stop() (it also removes the directory).
 */
export function startDebianPostgres(opts: { pgBin: string; port: number; maxConnections: number }): DebianPostgres {
  const pgCtl = path.join(opts.pgBin, "pg_ctl");
  if (!fs.existsSync(pgCtl)) {
    throw new Error(`${pgCtl} not found: install the server (apt-get install -y postgresql) or pass --pg-bin /usr/lib/postgresql/<version>/bin`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-scale-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:", dataDir]);
  const pgData = path.join(dataDir, "data");
  let isStarted = false;
  const stop = (o: { keepDir?: boolean } = {}) => {
    if (isStarted) {
      try { runAsPostgres(pgCtl, ["stop", "-D", pgData, "-m", "fast", "-w"]); } catch { /* already down */ }
      isStarted = false;
    }
    if (o.keepDir) console.error(`PostgreSQL's data and server.log are kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    runAsPostgres(path.join(opts.pgBin, "initdb"), ["-D", pgData, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
    const settings = [
      `port = ${opts.port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dataDir}'`,
      `max_connections = ${opts.maxConnections}`, "shared_preload_libraries = 'pg_stat_statements'",
      "pg_stat_statements.track = 'all'", "shared_buffers = '256MB'",
      // pg_stat_activity keeps 1 kB of a statement's text by default: the claim is over 10 kB.
      "track_activity_query_size = 65536",
      // Deadlocks and lock waits past deadlock_timeout are written to server.log with the statements.
      "log_lock_waits = on",
      // A fifth of all statements are logged with their execution time, the claim's percentiles
      // are read from them (pg_stat_statements keeps only mean, spread and extremes).
      `log_min_duration_sample = 0`, `log_statement_sample_rate = ${STATEMENT_SAMPLE_RATE}`, "log_parameter_max_length = 0",
    ];
    fs.appendFileSync(path.join(pgData, "postgresql.conf"), `\n${settings.join("\n")}\n`);
    runAsPostgres(pgCtl, ["start", "-D", pgData, "-l", path.join(dataDir, "server.log"), "-w", "-t", "60"]);
    isStarted = true;
    const pid = Number(fs.readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0]);
    const version = fs.readFileSync(path.join(pgData, "PG_VERSION"), "utf8").trim();
    return { url: (db = "postgres") => `postgresql://postgres@127.0.0.1:${opts.port}/${db}`, port: opts.port, dataDir, pid, version, stop,
      logFile: path.join(dataDir, "server.log") };
  } catch (err) {
    const log = path.join(dataDir, "server.log");
    const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-2000) : "";
    stop();
    throw new Error(`could not start PostgreSQL from ${opts.pgBin}: ${(err as Error).message}\n${tail}`);
  }
}
