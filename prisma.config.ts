// Prisma CLI configuration. The URL is only needed by commands that connect;
// `prisma generate` works without one.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/focuscrawl" },
});
