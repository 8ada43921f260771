/**
 * The hostile inputs a first week of real use found, each against the route it broke, on a real
 * database through the proxy: text PostgreSQL refuses (NUL, lone surrogates), keys too long for
 * an index, a class code too long for a pattern, a user dictionary too big to store, and
 * concurrent revisions of one topic. Each must be a 4xx that says what to fix (or, for the
 * revisions, every write kept), never a 500.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { useRouteEnv } from "@/lib/testing/route-env";
import { dispatch } from "./test-dispatch";

const ctx = useTestDatabase();
useRouteEnv();

const NUL = "\u0000";
const LONE = "\ud800";
const JOB = { keywords: "计算机", seeds: ["http://a.test/"] };
const TOPIC = { name: "主题", clc: ["TP3"] };

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  process.env.DATABASE_URL = ctx.db.url;
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const res = await dispatch(new Request(`http://127.0.0.1:3000${path}`, {
    method, body: text, headers: { host: "127.0.0.1:3000", ...(typeof body === "object" ? { "content-type": "application/json" } : {}), ...headers },
  }));
  const raw = await res.text();
  let json: { error?: string } = {};
  try {
    json = JSON.parse(raw);
  } catch { /* not JSON: the assertion below shows it */ }
  return { status: res.status, error: json.error ?? raw.slice(0, 200), location: res.headers.get("location") };
}

test("text PostgreSQL cannot store is refused with the field named, in every string field of a job and a topic", async () => {
  const cases: [string, string, unknown, RegExp][] = [
    ["POST", "/api/jobs", { ...JOB, keywords: `计算${NUL}机` }, /keywords.*NUL/],
    ["POST", "/api/jobs", { ...JOB, name: `任务${NUL}` }, /name.*NUL/],
    ["POST", "/api/jobs", { ...JOB, cookies: [`a.test sid=1${NUL}`] }, /cookies.*NUL/],
    ["POST", "/api/jobs", { ...JOB, keywords: `计算${LONE}机` }, /keywords.*surrogate/],
    ["POST", "/api/topics", { ...TOPIC, name: `主${NUL}题` }, /name.*NUL/],
    ["POST", "/api/topics", { ...TOPIC, keywords: `数据${NUL}库` }, /keywords.*NUL/],
    ["POST", "/api/topics", { ...TOPIC, description: `说明${NUL}` }, /description.*NUL/],
    ["POST", "/api/topics", { ...TOPIC, keywords: `数据${LONE}库` }, /keywords.*surrogate/],
    ["POST", "/api/topics", { ...TOPIC, name: `主${LONE}题` }, /name.*surrogate/],
    ["POST", "/api/topics/preview", { clc: ["T".repeat(60_000)] }, /clc/],
    ["POST", "/api/topics", { ...TOPIC, userDict: Array.from({ length: 400_000 }, (_, i) => `词${i}`) }, /userDict/],
  ];
  for (const [method, path, body, want] of cases) {
    const r = await send(method, path, body);
    assert.equal(r.status, 400, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}: ${r.error}`);
    assert.match(r.error, want);
  }
  const [counts] = await ctx.db.sql`select (select count(*) from jobs)::int as jobs, (select count(*) from topics)::int as topics`;
  assert.deepEqual({ ...counts }, { jobs: 0, topics: 0 }, "nothing was written");
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

test("a sign-in name no user can have is refused on the form and in Basic auth, before the throttle stores it", async () => {
  process.env.ADMIN_PASSWORD = "bootstrap-secret-1";
  try {
    for (const name of [`ad${NUL}min`, "x".repeat(3000), `ad${LONE}min`, "a b"]) {
      const r = await send("POST", "/api/auth/login", form({ name, password: "whatever" }), FORM);
      assert.equal(r.status, 303, `${name.slice(0, 20)}: ${r.error}`);
      assert.equal(r.location, "/login?error=name", name.slice(0, 20));
      const basic = await send("GET", "/api/jobs", undefined, { authorization: `Basic ${Buffer.from(`${name}:pw`).toString("base64")}` });
      assert.equal(basic.status, 401, `${name.slice(0, 20)}: ${basic.error}`);
      assert.match(basic.error, /user name in Basic authentication is not valid/);
    }
    const zh = await send("GET", "/api/jobs", undefined, { authorization: `Basic ${Buffer.from(`a${NUL}:pw`).toString("base64")}`, "accept-language": "zh-CN" });
    assert.match(zh.error, /Basic 认证中的用户名无效/);
    const [stored] = await ctx.db.sql`select count(*)::int as n from login_attempts where key like 'user:%'`;
    assert.equal(stored.n, 0, "no bad name reached the throttle's table");
  } finally {
    delete process.env.ADMIN_PASSWORD;
  }
});

test("signing in with a next address that names another host lands on the dashboard's home page", async () => {
  process.env.ADMIN_PASSWORD = "bootstrap-secret-1";
  try {
    for (const next of ["/\t/evil.example", "/\\evil.example", "/\n/evil.example", "//evil.example", "https://evil.example/", "/.//evil.example"]) {
      const r = await send("POST", "/api/auth/login", form({ name: "admin", password: "bootstrap-secret-1", next }), FORM);
      assert.equal(r.status, 303, JSON.stringify(next));
      const target = new URL(r.location ?? "", "http://127.0.0.1:3000/");
      assert.equal(target.origin, "http://127.0.0.1:3000", `${JSON.stringify(next)} → ${r.location}`);
      assert.ok(!/^\/\//.test(r.location ?? ""), `${JSON.stringify(next)} → ${r.location}`);
    }
    const kept = await send("POST", "/api/auth/login", form({ name: "admin", password: "bootstrap-secret-1", next: "/jobs/3?x=1" }), FORM);
    assert.equal(kept.location, "/jobs/3?x=1", "a path of the dashboard is followed");
  } finally {
    delete process.env.ADMIN_PASSWORD;
    await ctx.db.sql`delete from users`; // the first sign-in made admin: the next tests need the open loopback dashboard
  }
});

test("four revisions of one topic at once are all kept, each as its own version", async () => {
  const created = await send("POST", "/api/topics", TOPIC);
  assert.equal(created.status, 201, created.error);
  const [{ id }] = await ctx.db.sql`select id from topics`;
  const answers = await Promise.all([1, 2, 3, 4].map((i) => send("PUT", `/api/topics/${id}`, { clc: ["TP3"], keywords: `数据库${i}` })));
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200], answers.map((a) => a.error).join("; "));
  const versions = await ctx.db.sql`select version from topic_versions where topic_id = ${id} order by version`;
  assert.deepEqual(versions.map((v) => v.version), [1, 2, 3, 4, 5]);
});
