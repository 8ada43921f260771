import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { useTestDatabase } from "../lib/testing/db";

const ROOT = path.resolve(import.meta.dirname, "..");
const ctx = useTestDatabase();

test("npm start refuses to bind beyond loopback with neither ADMIN_PASSWORD nor a user, and says how to fix it", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT, encoding: "utf8", timeout: 60_000,
    env: { ...process.env, DATABASE_URL: ctx.db.url, HOST: "0.0.0.0", ADMIN_PASSWORD: "", PORT: "3998" },
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /set ADMIN_PASSWORD too, or first add a user \(npx focuscrawl user add NAME --role operator\)/);
});
