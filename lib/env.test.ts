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

test("PRIVATE_NETWORK_ALLOW takes CIDRs and host names and names a bad entry", () => {
  assert.deepEqual(loadEnv({ PRIVATE_NETWORK_ALLOW: "10.1.0.0/16, intranet.example.com" }).PRIVATE_NETWORK_ALLOW, ["10.1.0.0/16", "intranet.example.com"]);
  assert.throws(() => loadEnv({ PRIVATE_NETWORK_ALLOW: "10.0.0.0/99" }), /PRIVATE_NETWORK_ALLOW.*not a CIDR/s);
});

test("PUBLIC_URL must be an http(s) address without a path; MAX_JSON_BODY_BYTES has a floor", () => {
  assert.equal(loadEnv({ PUBLIC_URL: "https://crawl.example.com" }).PUBLIC_URL, "https://crawl.example.com");
  assert.equal(loadEnv({}).MAX_JSON_BODY_BYTES, 1024 * 1024);
  assert.throws(() => loadEnv({ PUBLIC_URL: "crawl.example.com" }), /PUBLIC_URL.*e\.g\. https:\/\/crawl/s);
  assert.throws(() => loadEnv({ PUBLIC_URL: "https://crawl.example.com/dashboard" }), /PUBLIC_URL/);
  assert.throws(() => loadEnv({ MAX_JSON_BODY_BYTES: "10" }), /MAX_JSON_BODY_BYTES/);
});

test("TRUSTED_PROXIES is empty by default, takes addresses and CIDRs, and names a bad entry", () => {
  assert.deepEqual(loadEnv({}).TRUSTED_PROXIES, []);
  assert.deepEqual(loadEnv({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8,::1" }).TRUSTED_PROXIES, ["127.0.0.1", "10.0.0.0/8", "::1"]);
  assert.throws(() => loadEnv({ TRUSTED_PROXIES: "proxy.example" }), /TRUSTED_PROXIES.*"proxy\.example" is not an address or network/s);
});
