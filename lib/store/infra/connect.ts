/** Finds the database: DATABASE_URL when set, else the embedded server; then applies migrations. */
import type { Env } from "../../env";
import { startEmbeddedPostgres } from "./embedded";
import { migrate } from "./migrate";
import { retryWithBackoff } from "./backoff";
import { checkDatabase, openSql } from "./sql";

/** The database name the embedded server holds FocusCrawl's data in. */
export const EMBEDDED_DATABASE = "focuscrawl";

/** A database ready for FocusCrawl, and how to let go of it. */
export interface Database {
  url: string;
  isEmbedded: boolean;
  /** The embedded server's process, to watch it; undefined for an external database. */
  pid?: number;
  stop: () => Promise<void>;
}

/** Thrown when the configured database cannot be reached; the message is one line. */
export class DatabaseUnreachableError extends Error {}

/**
 * Reach (or start) the database and bring its schema up to date. With `waitMs`, a database that
 * does not answer yet (restarting, recovering after a crash) is tried again with backoff for that
 * long before giving up: what a worker started by a supervisor during a database restart needs.
 */
export async function openDatabase(env: Env, log: (line: string) => void = () => {}, opts: { waitMs?: number } = {}): Promise<Database> {
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    const firstLine = (err: unknown) => (err as Error).message.split("\n")[0];
    await retryWithBackoff(async () => {
      const check = await checkDatabase(url);
      if (!check.ok) throw new Error(check.reason);
    }, {
      deadline: Date.now() + (opts.waitMs ?? 0),
      onRetry: (err, waitMs) => log(`database not reachable yet (${firstLine(err)}); trying again in ${waitMs / 1000} s`),
    }).catch((err) => {
      const where = url.replace(/\/\/[^@/]*@/, "//");
      throw new DatabaseUnreachableError(
        `Cannot reach the database at ${where} (${firstLine(err)}); check DATABASE_URL, or unset it to use the embedded PostgreSQL.`,
      );
    });
    await applyMigrations(env.DATABASE_URL, log);
    return { url: env.DATABASE_URL, isEmbedded: false, stop: async () => {} };
  }
  log(`starting embedded PostgreSQL (data in ${env.FOCUSCRAWL_DATA_DIR}/pg, port ${env.EMBEDDED_PG_PORT})`);
  const pg = await startEmbeddedPostgres({ dataDir: env.FOCUSCRAWL_DATA_DIR, port: env.EMBEDDED_PG_PORT });
  try {
    await ensureDatabase(pg.url(), EMBEDDED_DATABASE);
    const url = pg.url(EMBEDDED_DATABASE);
    await applyMigrations(url, log);
    const stop = async () => {
      if ((await pg.stop()) === "left-running") log("the embedded PostgreSQL keeps running: other processes still use it, and the last of them to stop shuts it down");
    };
    return { url, isEmbedded: true, pid: pg.pid, stop };
  } catch (err) {
    await pg.stop().catch(() => {});
    throw err;
  }
}

/** Create database `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const sql = openSql(adminUrl, { max: 1 });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name.replace(/"/g, '""')}"${template ? ` template "${template.replace(/"/g, '""')}"` : ""}`);
  } finally {
    await sql.end();
  }
}

async function applyMigrations(url: string, log: (line: string) => void) {
  const sql = openSql(url, { max: 1, app: "focuscrawl-migrate" });
  try {
    const applied = await migrate(sql);
    if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
  } finally {
    await sql.end();
  }
}
