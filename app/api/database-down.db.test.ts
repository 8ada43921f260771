/**
 * The JSON API while PostgreSQL cannot be reached: the dashboard talks to the test database
 * through a TCP relay, which the test then shuts (listener closed, open connections cut), as a
 * database that stopped. Every API route must answer a JSON 503 that says the database is
 * unreachable, not Next.js's HTML error page; once the database is back, they answer again.
 */
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/db";
import { freePort } from "@/lib/testing/net";
import { getSql } from "@/lib/store/infra/sql";
import { getPrisma } from "@/lib/store/infra/prisma";
import { closeExportSql } from "@/lib/export/dashboard-exports";
import { dispatch } from "./test-dispatch";

Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "" });
delete process.env.ADMIN_PASSWORD;

/** A TCP relay to the database that can be shut and opened again on the same port. */
function createRelay(target: net.NetConnectOpts, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    open: () => new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s)).on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, "127.0.0.1", () => resolve());
    }),
    shut: () => new Promise<void>((resolve) => {
      server?.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
  };
}

let relay: ReturnType<typeof createRelay>;
let testDb: TestDatabase;
before(async () => {
  testDb = await createTestDatabase();
  const db = new URL(testDb.url);
  const port = await freePort();
  // The test server may be reached by its Unix-domain socket (the URL's host parameter), as libpq names it.
  const socketDir = db.searchParams.get("host");
  relay = createRelay(socketDir ? { path: `${socketDir}/.s.PGSQL.${db.port}` } : { host: db.hostname, port: Number(db.port) }, port);
  db.searchParams.delete("host");
  await relay.open();
  db.hostname = "127.0.0.1";
  db.port = String(port);
  process.env.DATABASE_URL = db.toString();
});
after(async () => {
  await relay.shut();
  await closeExportSql();
  await getSql().end({ timeout: 1 });
  await getPrisma().$disconnect();
  await testDb.drop();
});

async function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const res = await dispatch(new Request(`http://127.0.0.1:3000${path}`, {
    method, body, headers: { host: "127.0.0.1:3000", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
  }));
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

const READS = ["/api/jobs", "/api/topics", "/api/compare", "/api/jobs/1", "/api/jobs/1/pages", "/api/topics/1", "/api/exports/1"];

test("with the database gone, API routes answer a JSON 503 naming the database; when it is back they answer again", async () => {
  assert.equal((await send("GET", "/api/jobs")).status, 200, "the relay works");
  await relay.shut();
  const cases: [string, string, string?][] = [
    ...READS.map((p): [string, string] => ["GET", p]),
    ["POST", "/api/jobs", JSON.stringify({ keywords: "计算机", seeds: ["http://a.test/"] })],
    ["PUT", "/api/topics/1", JSON.stringify({ clc: ["TP3"] })],
    ["POST", "/api/jobs/1/actions", JSON.stringify({ action: "pause" })],
  ];
  for (const [method, path, body] of cases) {
    const r = await send(method, path, {}, body);
    assert.equal(r.status, 503, `${method} ${path}: ${r.status} ${r.text.slice(0, 200)}`);
    assert.match(r.type, /application\/json/, `${method} ${path}`);
    assert.match(JSON.parse(r.text).error, /database cannot be reached.*PostgreSQL/, `${method} ${path}`);
  }
  const zh = await send("GET", "/api/jobs", { "accept-language": "zh-CN,zh;q=0.9" });
  assert.equal(zh.status, 503);
  assert.match(JSON.parse(zh.text).error, /无法连接数据库/);
  const health = await send("GET", "/api/health");
  assert.deepEqual([health.status, JSON.parse(health.text)], [503, { ok: false, down: "database" }]);
  await relay.open();
  let back = 0;
  for (let i = 0; i < 50 && back !== 200; i++) back = (await send("GET", "/api/jobs")).status; // pools reconnect on their next query
  assert.equal(back, 200, "the API answers again once the database is back");
});

test("with sign-in on, a request with credentials gets the same JSON 503 while the database is gone", async () => {
  process.env.ADMIN_PASSWORD = "bootstrap-secret-1";
  try {
    await relay.shut();
    const basic = { authorization: `Basic ${Buffer.from("admin:bootstrap-secret-1").toString("base64")}` };
    for (const path of ["/api/jobs", "/api/topics"]) {
      const r = await send("GET", path, basic);
      assert.equal(r.status, 503, `${path}: ${r.text.slice(0, 200)}`);
      assert.match(JSON.parse(r.text).error, /database cannot be reached/);
    }
    const login = await send("POST", "/api/auth/login", { "content-type": "application/x-www-form-urlencoded" }, "name=admin&password=x");
    assert.equal(login.status, 503, login.text.slice(0, 200));
    assert.match(JSON.parse(login.text).error, /database cannot be reached/);
  } finally {
    delete process.env.ADMIN_PASSWORD;
    await relay.open();
  }
});
