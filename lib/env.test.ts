import assert from "node:assert/strict";
import { test } from "node:test";
import { loadEnv } from "./env";

test("defaults apply when nothing is set", () => {
  const env = loadEnv({});
  assert.equal(env.PORT, 3000);
  assert.equal(env.HOST, "127.0.0.1");
  assert.equal(env.ALLOW_PRIVATE_NETWORKS, false);
  assert.equal(env.DATABASE_URL, undefined);
});

test("every bad variable is named in one error", () => {
  assert.throws(() => loadEnv({ PORT: "http", DATABASE_URL: "mysql://x", ALLOW_PRIVATE_NETWORKS: "maybe" }), (err: Error) => {
    for (const name of ["PORT", "DATABASE_URL", "ALLOW_PRIVATE_NETWORKS"]) assert.match(err.message, new RegExp(name));
    return true;
  });
});
