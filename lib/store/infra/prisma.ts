/** Prisma Client over node-postgres (`@prisma/adapter-pg`), used for CRUD by the app, CLI and worker. */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client";

/** A Prisma client for the database at `url`. */
export function createPrisma(url: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 5 }) });
}

const globalForPrisma = globalThis as unknown as { focuscrawlPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL (one per process, surviving dev-server reloads). */
export function getPrisma(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the dashboard with `npm start`, which sets it.");
  globalForPrisma.focuscrawlPrisma ??= createPrisma(url);
  return globalForPrisma.focuscrawlPrisma;
}

export type { PrismaClient };
