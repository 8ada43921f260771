import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/db";
import { migrate, MIGRATIONS_DIR, PRISMA_ADVISORY_LOCK_KEY, readMigrations } from "./migrate";
import { openSql } from "./sql";
import { diffSchemas, readDatabaseSchema, readPrismaSchema } from "../../testing/schema-drift";

const SCHEMA_FILE = path.resolve(MIGRATIONS_DIR, "..", "schema.prisma");
let db: TestDatabase;

before(async () => {
  db = await createTestDatabase();
});
after(() => db.drop());

test("the migrated database matches schema.prisma (tables, columns, types, nullability, indexes)", async () => {
  const expected = readPrismaSchema(SCHEMA_FILE);
  assert.ok(Object.keys(expected).length >= 10);
  assert.deepEqual(diffSchemas(expected, await readDatabaseSchema(db.sql)), []);
});

test("the drift check notices a changed column, a dropped index and an extra table", async () => {
  await db.sql.begin(async (tx) => {
    await tx.unsafe(`alter table pages alter column title drop not null; drop index pages_job_id_checksum_idx; create table stray (id int)`);
    const diff = diffSchemas(readPrismaSchema(SCHEMA_FILE), await readDatabaseSchema(tx as never));
    assert.ok(diff.some((d) => d.includes("pages.title")), diff.join("\n"));
    assert.ok(diff.some((d) => d.includes("index:job_id,checksum")), diff.join("\n"));
    assert.ok(diff.some((d) => d.includes("table stray")), diff.join("\n"));
    throw Object.assign(new Error("rollback"), { isRollback: true });
  }).catch((e) => assert.ok(e.isRollback, e));
});

test("migrations are recorded as Prisma Migrate records them, and a second run applies nothing", async () => {
  const rows = await db.sql`select migration_name, checksum, finished_at, applied_steps_count from _prisma_migrations order by migration_name`;
  const files = readMigrations();
  assert.deepEqual(rows.map((r) => r.migration_name), files.map((f) => f.name));
  for (const [i, f] of files.entries()) {
    const sha = createHash("sha256").update(fs.readFileSync(path.join(MIGRATIONS_DIR, f.name, "migration.sql"))).digest("hex");
    assert.equal(rows[i].checksum, sha);
    assert.ok(rows[i].finished_at);
    assert.equal(rows[i].applied_steps_count, 1);
  }
  assert.deepEqual(await migrate(db.sql), []);
});

test("an edited migration or a failing one is refused with the fix, and nothing half-applies", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-mig-"));
  for (const f of readMigrations()) {
    fs.mkdirSync(path.join(dir, f.name));
    fs.writeFileSync(path.join(dir, f.name, "migration.sql"), f.sql + "\n-- edited\n");
  }
  await assert.rejects(migrate(db.sql, dir), /changed after it was applied/);
  fs.rmSync(dir, { recursive: true });

  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "fc-mig-"));
  for (const f of readMigrations()) {
    fs.mkdirSync(path.join(dir2, f.name));
    fs.writeFileSync(path.join(dir2, f.name, "migration.sql"), f.sql);
  }
  fs.mkdirSync(path.join(dir2, "29990101000000_broken"));
  fs.writeFileSync(path.join(dir2, "29990101000000_broken", "migration.sql"), "create table half_done (id int);\nselect no_such_function();");
  await assert.rejects(migrate(db.sql, dir2), /29990101000000_broken failed and was rolled back/);
  const [half] = await db.sql`select to_regclass('half_done') as t`;
  assert.equal(half.t, null);
  fs.rmSync(dir2, { recursive: true });
});

test("an up-to-date database is not locked to be checked: a worker starts while the migration lock is held elsewhere", async () => {
  const holder = await db.sql.reserve();
  // A session that would wait for the migration lock gives up after a second instead of hanging the test.
  const u = new URL(db.url);
  u.searchParams.set("lock_timeout", "1000");
  const starting = openSql(u.toString(), { max: 1 });
  try {
    await holder`select pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})`;
    assert.deepEqual(await migrate(starting), []);
  } finally {
    await holder`select pg_advisory_unlock(${PRISMA_ADVISORY_LOCK_KEY})`;
    holder.release();
    await starting.end();
  }
});
