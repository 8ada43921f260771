/**
 * Applies the hand-written SQL migrations in prisma/migrations, in order, and records them
 * in `_prisma_migrations` exactly as Prisma Migrate does (same columns, sha256 checksum of
 * migration.sql, same advisory lock key), so `prisma migrate deploy` accepts the result.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectPath } from "../../project-root";
import type { Sql } from "./sql";

/** Prisma Migrate's advisory lock key: holding it also keeps `prisma migrate` out. */
export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

/** The default migrations folder of this project. */
export const MIGRATIONS_DIR = projectPath("prisma", "migrations");

/** One migration folder on disk. */
export interface MigrationFile { name: string; sql: string; checksum: string }

/** Read `<dir>/<name>/migration.sql` for every migration folder, sorted by name (its timestamp). */
export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{14}_/.test(d.name))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }

/** Check what the database already has against the files; throws with the fix when they disagree. */
function planMigrations(files: MigrationFile[], rows: AppliedRow[]): MigrationFile[] {
  const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} failed earlier and was not rolled back. Repair the database by hand, ` +
        `then mark it with \`npx prisma migrate resolve --rolled-back ${failed.migration_name}\` or delete its _prisma_migrations row.`,
    );
  }
  const applied = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
  for (const [name, row] of applied) {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`The database has migration ${name}, which is not in prisma/migrations. Use a checkout that has it.`);
    if (file.checksum !== row.checksum) {
      throw new Error(`prisma/migrations/${name}/migration.sql changed after it was applied. Restore it and put the change in a new migration.`);
    }
  }
  return files.filter((f) => !applied.has(f.name));
}

/**
 * The migrations recorded so far, read without any lock; null when the table does not exist yet.
 * (to_regclass answers null instead of failing, so no transaction is aborted.)
 */
async function readApplied(sql: Sql): Promise<AppliedRow[] | null> {
  const [{ exists }] = await sql<{ exists: boolean }[]>`select to_regclass('"_prisma_migrations"') is not null as exists`;
  if (!exists) return null;
  return sql<AppliedRow[]>`select migration_name, checksum, finished_at, rolled_back_at from "_prisma_migrations"`;
}

/**
 * Apply every pending migration, each in its own transaction; returns the names applied.
 * A database that is up to date is only read: the session-level lock is taken only when there is
 * something to apply. Every worker runs this as it starts, and through a pooler in transaction
 * mode (PgBouncer) a session lock stays with whichever server connection took it, where an
 * unlock sent later may not arrive: the next worker starting would wait on it for good.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readMigrations(dir);
  const applied = await readApplied(sql);
  if (applied && planMigrations(files, applied).length === 0) return [];
  // One dedicated connection holds the session lock while each migration commits on its own.
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})`;
    await conn.unsafe(CREATE_TABLE);
    const rows = await conn<AppliedRow[]>`
      select migration_name, checksum, finished_at, rolled_back_at from "_prisma_migrations"`;
    const pending = planMigrations(files, rows);
    for (const file of pending) await applyOne(conn, file);
    return pending.map((f) => f.name);
  } finally {
    await conn`select pg_advisory_unlock(${PRISMA_ADVISORY_LOCK_KEY})`.catch(() => {});
    conn.release();
  }
}

async function applyOne(conn: Sql, file: MigrationFile): Promise<void> {
  await conn.unsafe("begin");
  try {
    await conn.unsafe(file.sql);
    await conn`
      insert into "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
      values (${randomUUID()}, ${file.checksum}, now(), ${file.name}, now(), 1)`;
    await conn.unsafe("commit");
  } catch (err) {
    await conn.unsafe("rollback").catch(() => {});
    throw new Error(`Migration ${file.name} failed and was rolled back: ${(err as Error).message}`);
  }
}
