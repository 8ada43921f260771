/** postgres.js clients for the hot paths (frontier, stats, migrations). */
import postgres from "postgres";
import { retryDelayMs } from "./backoff";

/** A postgres.js client; `bigint` columns come back as strings so ids survive JSON. */
export type Sql = postgres.Sql;
/** The client inside `sql.begin(...)`: what functions that must run in a transaction take. */
export type Tx = postgres.TransactionSql;
/** A piece of SQL built with `sql`...``, to be put inside another query. */
export type Fragment = postgres.PendingQuery<postgres.Row[]>;

/**
 * postgres.js options for `url`. A Unix-domain socket may be named by the URL's `host` query
 * parameter, the libpq and node-postgres way (`postgresql://u:pw@localhost:5432/db?host=/run/postgresql`),
 * which postgres.js does not read (it would send `host` to the server as a setting). On one
 * machine a socket costs the worker far less than loopback TCP: in the crawl benchmark,
 * sending queries over TCP took a fifth of the worker's CPU time.
 */
function target(url: string): { url: string; path?: string } {
  const u = new URL(url);
  const dir = u.searchParams.get("host");
  if (!dir?.startsWith("/")) return { url };
  u.searchParams.delete("host");
  return { url: u.toString(), path: `${dir}/.s.PGSQL.${u.port || 5432}` };
}

/** Open a postgres.js pool on `url`. Notices are dropped (migrations raise harmless ones) unless `onNotice` hears them. */
export function openSql(url: string, opts: { max?: number; app?: string; isAsyncCommit?: boolean; onNotice?: (message: string) => void } = {}): Sql {
  const t = target(url);
  return postgres(t.url, {
    path: t.path,
    max: opts.max ?? 10,
    // After its n-th failed connect in a row postgres.js waits (0.5–1) × min(3^n / 100, 20) s
    // before a connection tries again, 10–20 s once an outage has lasted a few seconds, and a
    // query waits for that: the pools stood still long after the database was back. Ours is
    // the one backoff every database retry uses (lib/store/infra/backoff.ts).
    backoff: (failures: number) => retryDelayMs(failures) / 1000,
    onnotice: (n) => opts.onNotice?.(n.message),
    connection: {
      application_name: opts.app ?? "focuscrawl",
      // Crawl writes may commit without waiting for the WAL flush: a crash loses at most the
      // last few hundred ms of commits, atomically, and their URLs are simply leased again.
      ...(opts.isAsyncCommit ? { synchronous_commit: "off" } : {}),
    },
  });
}

/**
 * A worker's pool of one connection for its claims (WorkerOptions.claimSql): the claim statement
 * is prepared on it once and PostgreSQL keeps its plan. Commits do not wait for the WAL flush,
 * as the worker's other writes: a lease a crash loses is simply claimed again.
 */
export function openClaimSql(url: string, app: string): Sql {
  return openSql(url, { max: 1, app: `${app}-claims`, isAsyncCommit: true });
}

/** Answer within `timeoutMs` whether the server at `url` accepts a query; otherwise the reason. */
export async function checkDatabase(url: string, timeoutMs = 5_000): Promise<{ ok: true } | { ok: false; reason: string }> {
  const t = target(url);
  const sql = postgres(t.url, { path: t.path, max: 1, connect_timeout: Math.ceil(timeoutMs / 1000), onnotice: () => {} });
  try {
    await sql`select 1`;
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const globalForSql = globalThis as unknown as { focuscrawlSql?: Sql };

/** The dashboard's process-wide postgres.js pool for DATABASE_URL (set-based reads such as the Compare page's curves). */
export function getSql(): Sql {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the dashboard with `npm start`, which sets it.");
  globalForSql.focuscrawlSql ??= openSql(url, { max: 3, app: "focuscrawl-app" });
  return globalForSql.focuscrawlSql;
}
