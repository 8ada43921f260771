/**
 * Per-test-file databases: `npm test` starts one PostgreSQL, migrates a template database
 * once, and each database test file gets its own copy (CREATE DATABASE ... TEMPLATE).
 */
import { randomBytes } from "node:crypto";
import { after, before } from "node:test";
import { createPrisma, type PrismaClient } from "../store/infra/prisma";
import { openSql, type Sql } from "../store/infra/sql";

/** A private database for one test file. */
export interface TestDatabase { url: string; sql: Sql; drop: () => Promise<void> }

function requireEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run database tests with \`npm test\` (or \`npm run test:db\`), which provides it`);
  return v;
}

/** Replace the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Create a fresh, migrated database (a copy of the template) and a client for it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = requireEnv("FOCUSCRAWL_TEST_ADMIN_URL");
  const template = requireEnv("FOCUSCRAWL_TEST_TEMPLATE");
  const name = `fc_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = openSql(adminUrl, { max: 1 });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const url = withDatabase(adminUrl, name);
  const sql = openSql(url, { max: 10, app: "focuscrawl-test" });
  return {
    url,
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * For a test file: a fresh database before its tests and a Prisma client on it, both dropped
 * after. Read `ctx.db` and `ctx.prisma` inside tests (they are set by the `before` hook).
 */
export function useTestDatabase(): { db: TestDatabase; prisma: PrismaClient } {
  const ctx = {} as { db: TestDatabase; prisma: PrismaClient };
  before(async () => {
    ctx.db = await createTestDatabase();
    ctx.prisma = createPrisma(ctx.db.url);
  });
  after(async () => {
    await ctx.prisma.$disconnect();
    await ctx.db.drop();
  });
  return ctx;
}
