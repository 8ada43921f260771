import assert from "node:assert/strict";
import { test } from "node:test";
import { loadEnv } from "../env";
import { bodyLimitFor, buildRequestPolicy, checkRequest, isHostServed, type GuardedRequest } from "./request-guard";

const policyOf = (vars: Record<string, string>) => buildRequestPolicy(loadEnv(vars));
const loopback = policyOf({ HOST: "127.0.0.1", PORT: "3000" });

function req(method: string, pathname: string, headers: Record<string, string>): GuardedRequest {
  const h = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, pathname, headers: { get: (name) => h.get(name.toLowerCase()) ?? null } };
}

test("Host allow-list: HOST:PORT, loopback names on a loopback bind, PUBLIC_URL, IP literals only on a wildcard bind", () => {
  const cases: [Record<string, string>, string | null, boolean][] = [
    [{ HOST: "127.0.0.1", PORT: "3000" }, "127.0.0.1:3000", true],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "localhost:3000", true],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "LOCALHOST.:3000", true],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "[::1]:3000", true],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "evil.example:3000", false],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "localhost:3001", false],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "localhost", false],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "192.168.1.5:3000", false],
    [{ HOST: "127.0.0.1", PORT: "3000" }, null, false],
    [{ HOST: "127.0.0.1", PORT: "3000" }, "", false],
    [{ HOST: "127.0.0.1", PORT: "80" }, "localhost", true],
    [{ HOST: "0.0.0.0", PORT: "3000", ADMIN_PASSWORD: "x" }, "192.168.1.5:3000", true],
    [{ HOST: "0.0.0.0", PORT: "3000", ADMIN_PASSWORD: "x" }, "[fe80::1]:3000", true],
    [{ HOST: "0.0.0.0", PORT: "3000", ADMIN_PASSWORD: "x" }, "192.168.1.5:3001", false],
    [{ HOST: "0.0.0.0", PORT: "3000", ADMIN_PASSWORD: "x" }, "crawl.lan:3000", false],
    [{ HOST: "0.0.0.0", PORT: "3000", PUBLIC_URL: "http://crawl.lan:3000" }, "crawl.lan:3000", true],
    [{ HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "https://crawl.example.com" }, "crawl.example.com", true],
    [{ HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "https://crawl.example.com" }, "crawl.example.com:443", true],
    [{ HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "https://crawl.example.com" }, "evil.crawl.example.com", false],
    [{ HOST: "10.0.0.5", PORT: "3000" }, "10.0.0.5:3000", true],
    [{ HOST: "10.0.0.5", PORT: "3000" }, "localhost:3000", false],
    [{ HOST: "::1", PORT: "3000" }, "[::1]:3000", true],
  ];
  for (const [env, host, want] of cases) assert.equal(isHostServed(host, policyOf(env)), want, `${JSON.stringify(env)} ${host}`);
});

test("writes: same-origin and header-less clients pass; other sites, other ports and opaque origins are refused", () => {
  const json = { host: "127.0.0.1:3000", "content-type": "application/json", "content-length": "20" };
  const cases: [string, GuardedRequest, number | null][] = [
    ["same-origin fetch", req("POST", "/api/jobs", { ...json, origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }), null],
    ["curl / CLI (no Origin, no Sec-Fetch-Site)", req("POST", "/api/jobs", json), null],
    ["old browser, same Origin only", req("PUT", "/api/topics/1", { ...json, origin: "http://127.0.0.1:3000" }), null],
    ["cross-site form", req("POST", "/api/jobs", { ...json, origin: "http://evil.example", "sec-fetch-site": "cross-site" }), 403],
    ["another local app (same-site)", req("POST", "/api/jobs", { ...json, origin: "http://127.0.0.1:8080", "sec-fetch-site": "same-site" }), 403],
    ["foreign Origin without Sec-Fetch-Site", req("POST", "/api/jobs", { ...json, origin: "http://evil.example" }), 403],
    ["Origin: null", req("POST", "/api/jobs", { ...json, origin: "null" }), 403],
    ["Sec-Fetch-Site cross-site, no Origin", req("DELETE", "/api/jobs/1", { host: "127.0.0.1:3000", "sec-fetch-site": "cross-site" }), 403],
    ["cross-site server action", req("POST", "/jobs/1", { host: "127.0.0.1:3000", origin: "http://evil.example", "content-type": "multipart/form-data; boundary=x" }), 403],
    ["same-origin server action form", req("POST", "/jobs/new", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin", "content-type": "multipart/form-data; boundary=x" }), null],
    ["rebound name", req("POST", "/api/jobs", { ...json, host: "evil.example:3000", origin: "http://evil.example:3000", "sec-fetch-site": "same-origin" }), 421],
    ["cross-site GET is a read", req("GET", "/api/jobs", { host: "127.0.0.1:3000", "sec-fetch-site": "cross-site" }), null],
  ];
  for (const [label, r, status] of cases) {
    const v = checkRequest(r, loopback);
    assert.equal(v.ok ? null : v.status, status, label);
  }
});

test("API writes must be JSON and within the route's limit; forms and empty bodies are judged apart", () => {
  const base = { host: "localhost:3000" };
  const cases: [string, GuardedRequest, number | null][] = [
    ["text/plain form", req("POST", "/api/jobs", { ...base, "content-type": "text/plain", "content-length": "40" }), 415],
    ["urlencoded form", req("POST", "/api/jobs/1/actions", { ...base, "content-type": "application/x-www-form-urlencoded", "content-length": "11" }), 415],
    ["multipart to the API", req("PUT", "/api/jobs/1/judgements", { ...base, "content-type": "multipart/form-data; boundary=x", "content-length": "11" }), 415],
    ["a body without a type", req("POST", "/api/jobs", { ...base, "content-length": "2" }), 415],
    ["a chunked body without a type", req("POST", "/api/jobs", { ...base, "transfer-encoding": "chunked" }), 415],
    ["JSON with a charset", req("POST", "/api/jobs", { ...base, "content-type": "Application/JSON; charset=utf-8", "content-length": "2" }), null],
    ["no body at all", req("POST", "/api/jobs/1/topic/refine", { ...base, "content-length": "0" }), null],
    ["2 MB of JSON", req("POST", "/api/jobs", { ...base, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }), 413],
    ["2 MB topic definition", req("POST", "/api/topics/preview", { ...base, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }), null],
    ["9 MB topic definition", req("POST", "/api/topics", { ...base, "content-type": "application/json", "content-length": String(9 * 1024 * 1024) }), 413],
    ["2 MB form field", req("POST", "/jobs/new", { ...base, "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 * 1024) }), 413],
    ["a form to a page", req("POST", "/jobs/new", { ...base, "content-type": "multipart/form-data; boundary=x", "content-length": "500" }), null],
    ["the sign-in form", req("POST", "/api/auth/login", { ...base, "content-type": "application/x-www-form-urlencoded", "content-length": "30" }), null],
    ["the sign-out form", req("POST", "/api/auth/logout", { ...base, "content-type": "application/x-www-form-urlencoded", "content-length": "0" }), null],
    ["text/plain to sign-in", req("POST", "/api/auth/login", { ...base, "content-type": "text/plain", "content-length": "30" }), 415],
    ["the sign-in form from another site", req("POST", "/api/auth/login", { ...base, origin: "http://evil.test", "content-type": "application/x-www-form-urlencoded", "content-length": "30" }), 403],
  ];
  for (const [label, r, status] of cases) {
    const v = checkRequest(r, loopback);
    assert.equal(v.ok ? null : v.status, status, label);
  }
});

test("body limits follow MAX_JSON_BODY_BYTES; topic routes take 8 times it", () => {
  const p = policyOf({ MAX_JSON_BODY_BYTES: "2048" });
  assert.deepEqual(
    ["/api/jobs", "/api/jobs/1/seeds", "/api/topics", "/api/topics/12", "/api/topics/preview", "/api/topics/score", "/api/topics/example-url", "/jobs/new"].map((x) => bodyLimitFor(x, p)),
    [2048, 2048, 16384, 16384, 16384, 16384, 2048, 1024 * 1024],
  );
});
