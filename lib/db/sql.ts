/** postgres.js clients for the hot paths (frontier, stats, migrations). */
import postgres from "postgres";

/** A postgres.js client; `bigint` columns come back as strings so ids survive JSON. */
export type Sql = postgres.Sql;
/** The client inside `sql.begin(...)`: what functions that must run in a transaction take. */
export type Tx = postgres.TransactionSql;

/** Open a postgres.js pool on `url`. Notices are dropped: migrations raise harmless ones. */
export function openSql(url: string, opts: { max?: number; app?: string; isAsyncCommit?: boolean } = {}): Sql {
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    connection: {
      application_name: opts.app ?? "focuscrawl",
      // Crawl writes may commit without waiting for the WAL flush: a crash loses at most the
      // last few hundred ms of commits, atomically, and their URLs are simply leased again.
      ...(opts.isAsyncCommit ? { synchronous_commit: "off" } : {}),
    },
  });
}

/** Answer within `timeoutMs` whether the server at `url` accepts a query; otherwise the reason. */
export async function checkDatabase(url: string, timeoutMs = 5_000): Promise<{ ok: true } | { ok: false; reason: string }> {
  const sql = postgres(url, { max: 1, connect_timeout: Math.ceil(timeoutMs / 1000), onnotice: () => {} });
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
