/**
 * The database side of the chaos run: stop the embedded PostgreSQL hard, keep it down for a
 * while, start it again on the same data and port, and time how long the dashboard and the
 * workers take to work again once it is back. Every probe opens its own connection, so what
 * is timed is the product's pools, never the benchmark's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { isAlive, startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/store/infra/embedded";

/**
 * How the database is stopped: SIGKILL of the postmaster (its backends are left to notice), or
 * SIGQUIT, what `pg_ctl stop -m immediate` sends (every backend quits at once, no checkpoint;
 * pg_ctl itself refuses to run as root, which the embedded server's owner may be).
 */
export type StopMode = "kill" | "immediate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stop the server without a clean shutdown and wait until its postmaster is gone. */
export async function stopDatabaseHard(pg: EmbeddedPostgres, mode: StopMode): Promise<void> {
  process.kill(pg.pid, mode === "kill" ? "SIGKILL" : "SIGQUIT");
  for (let i = 0; i < 200 && isAlive(pg.pid); i++) await sleep(50);
}

/**
 * Start the server again on its data and port. Right after a SIGKILL its old backends may
 * still hold the shared memory for a moment ("pre-existing shared memory block is still in use"):
 * tried again every 200 ms for up to a minute.
 */
export async function restartDatabase(dataDir: string, port: number): Promise<EmbeddedPostgres> {
  for (let tries = 0; ; tries++) {
    try {
      return await startEmbeddedPostgres({ dataDir, port });
    } catch (err) {
      if (tries > 300) throw err;
      await sleep(200);
    }
  }
}

/** Pages of `jobId` stored so far, read on a connection of its own (null when the server does not answer). */
export async function countStored(url: string, jobId: number): Promise<number | null> {
  const sql = postgres(url.replace(/\?host=.*$/, ""), { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${jobId}`;
    return n;
  } catch {
    return null;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** Wait until more than `before` pages are stored; returns when (ms since epoch), or null after `limitMs`. */
export async function waitForStored(url: string, jobId: number, before: number, limitMs: number): Promise<number | null> {
  for (const until = Date.now() + limitMs; Date.now() < until; await sleep(100)) {
    const n = await countStored(url, jobId);
    if (n !== null && n > before) return Date.now();
  }
  return null;
}

/** The built dashboard (`npm run build`) on `port`, against `databaseUrl`. */
export function startDashboard(root: string, databaseUrl: string, port: number): ChildProcess {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("--dashboard needs a dashboard build: run `npm run build` first");
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  return spawn(process.execPath, [next, "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root, stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: "127.0.0.1", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/**
 * What a user and a load balancer see of the dashboard: /api/health (postgres.js) and the job's
 * JSON (Prisma) polled every `everyMs`, and the job's live event stream (LISTEN/NOTIFY), opened
 * again whenever it ends. Each remembers the times it answered well.
 */
export function watchDashboard(port: number, jobId: number, everyMs = 500) {
  const base = `http://127.0.0.1:${port}`;
  const ok = { health: [] as number[], job: [] as number[], events: [] as number[] };
  let isStopped = false;
  const probe = async (what: "health" | "job", url: string) => {
    while (!isStopped) {
      const t = Date.now();
      const good = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then(async (r) => (await r.arrayBuffer(), r.ok), () => false);
      if (good) ok[what].push(t);
      await sleep(Math.max(0, everyMs - (Date.now() - t)));
    }
  };
  const stream = async () => {
    while (!isStopped) {
      const aborted = new AbortController();
      const stop = setInterval(() => isStopped && aborted.abort(), 200);
      try {
        const res = await fetch(`${base}/api/jobs/${jobId}/events`, { signal: aborted.signal });
        const reader = res.body!.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (new TextDecoder().decode(value).includes("data: ")) ok.events.push(Date.now());
        }
      } catch {
        // the dashboard answered with an error or the stream broke: open it again
      } finally {
        clearInterval(stop);
      }
      await sleep(everyMs);
    }
  };
  const running = Promise.all([probe("health", `${base}/api/health`), probe("job", `${base}/api/jobs/${jobId}`), stream()]);
  return {
    /** The first time at or after `t` each probe answered well, waiting up to `limitMs` for all three. */
    async firstOkAfter(t: number, limitMs: number): Promise<Record<keyof typeof ok, number | null>> {
      const first = (xs: number[]) => xs.find((x) => x >= t) ?? null;
      for (const until = Date.now() + limitMs; Date.now() < until; await sleep(100)) {
        if (Object.values(ok).every((xs) => first(xs) !== null)) break;
      }
      return { health: first(ok.health), job: first(ok.job), events: first(ok.events) };
    },
    async stop() {
      isStopped = true;
      await running;
    },
  };
}
