/**
 * PgBouncer in transaction mode in front of the benchmark's cluster (Debian's pgbouncer package),
 * configured as a deployment with many workers would run it. Run as the postgres user when we
 * are root (PgBouncer refuses to run as root).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A running PgBouncer and how to reach and stop it. */
export interface PgBouncer { port: number; url: (db: string) => string; version: string; stop: () => void }

/** The configuration: every database of the server, trust authentication, transaction pooling. */
function config(dir: string, o: { serverPort: number; port: number; poolSize: number }): string {
  return `[databases]
* = host=127.0.0.1 port=${o.serverPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${o.port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = ${o.poolSize}
max_db_connections = ${o.poolSize}
; The worker asks for synchronous_commit = off as a startup parameter (lib/store/infra/sql.ts):
; PgBouncer passes on only a few parameters and refuses connections naming others unless told to
; ignore them, which drops the setting (ALTER ROLE … SET synchronous_commit = off restores it).
ignore_startup_parameters = extra_float_digits,synchronous_commit
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`;
}

/** Resolve once something listens on 127.0.0.1:`port`; reject after `timeoutMs`. */
async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1").once("connect", () => (s.destroy(), resolve(true))).once("error", () => resolve(false));
    });
    if (isOpen) return;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on ${port} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Start PgBouncer on `port` in front of the server on `serverPort`; the caller must call stop(). */
export async function startPgBouncer(o: { serverPort: number; port: number; poolSize: number; bin?: string }): Promise<PgBouncer> {
  const bin = o.bin ?? "/usr/sbin/pgbouncer";
  if (!fs.existsSync(bin)) throw new Error(`${bin} not found: apt-get install -y pgbouncer, or leave out --pgbouncer`);
  const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).split("\n")[0];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-scale-bouncer-"));
  fs.writeFileSync(path.join(dir, "userlist.txt"), '"postgres" ""\n');
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), config(dir, o));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync("chown", ["-R", "postgres:", dir]);
  const [cmd, args] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, path.join(dir, "pgbouncer.ini")]] : [bin, [path.join(dir, "pgbouncer.ini")]];
  const child = spawn(cmd, args, { stdio: "ignore" });
  const stop = () => {
    const pidFile = path.join(dir, "pgbouncer.pid");
    // runuser's child is PgBouncer itself: stop it by the pid it wrote, then its runuser parent.
    if (fs.existsSync(pidFile)) try { process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM"); } catch { /* gone */ }
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(o.port, 20_000);
  } catch (err) {
    const log = path.join(dir, "pgbouncer.log");
    const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-1500) : "";
    stop();
    throw new Error(`${(err as Error).message}\n${tail}`);
  }
  return { port: o.port, version, url: (db) => `postgresql://postgres@127.0.0.1:${o.port}/${db}`, stop };
}
