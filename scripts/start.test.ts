import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "..");

test("npm start with an unreachable DATABASE_URL says so in one line and exits non-zero", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT, encoding: "utf8", timeout: 30_000,
    env: { ...process.env, DATABASE_URL: "postgresql://nobody:secret@127.0.0.1:1/none", PORT: "3999" },
  });
  assert.equal(r.status, 1);
  const lines = r.stderr.trim().split("\n");
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /Cannot reach the database at postgresql:\/\/127\.0\.0\.1:1\/none/);
  assert.ok(!lines[0].includes("secret"), "the password must not be printed");
});
