/**
 * The sign-in throttle as a client meets it: requests sent over HTTP to the dashboard's front
 * server (lib/http/front-server.ts), which hands them to the proxy and the sign-in route. Waits
 * are passed by backdating the stored counters, never by sleeping.
 */
import assert from "node:assert/strict";
import type http from "node:http";
import { after, before, beforeEach, test } from "node:test";
import { createFrontServer } from "@/lib/http/front-server";
import { useTestDatabase } from "@/lib/testing/db";
import { useRouteEnv } from "@/lib/testing/route-env";
import { createUser } from "@/lib/store/users";
import { freePort } from "@/lib/testing/net";
import { dispatch } from "./test-dispatch";

const ctx = useTestDatabase();
useRouteEnv();
const PASSWORD = "li-ming-pass-1";
let port = 0;

/** Stands in for Next.js: the request as the front server passes it on, through the proxy to its route. */
async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  process.env.DATABASE_URL = ctx.db.url;
  const answer = await dispatch(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }));
  res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
}
const server = createFrontServer(handle);

before(async () => {
  port = await freePort();
  // The route environment names port 3000; the Host check must accept this one.
  process.env.PORT = String(port);
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
});
after(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
beforeEach(async () => {
  if ((await ctx.db.sql`select 1 from users`).length === 0) assert.equal((await createUser(ctx.db.sql, "li.ming", "operator", PASSWORD)).ok, true);
  delete process.env.TRUSTED_PROXIES;
  await ctx.db.sql`delete from login_attempts`;
});

/** The sign-in form posted as `name` with `password`, X-Forwarded-For set to `forwardedFor`: where it sends the browser. */
async function signIn(name: string, password: string, forwardedFor?: string): Promise<URL> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: new URLSearchParams({ name, password, next: "/jobs" }).toString(),
  });
  assert.equal(res.status, 303);
  return new URL(res.headers.get("location")!, "http://x.test/");
}

/** Every wait over: the stored counters' waits moved into the past. */
const endWaits = () => ctx.db.sql`update login_attempts set locked_until = now() - interval '1 second' where locked_until is not null`;

test("a client rotating X-Forwarded-For is still one address: its guesses wait all the same", async () => {
  const answers: string[] = [];
  for (let i = 0; i < 6; i++) {
    // Another name each time, so that only the address's count can hold the guesser back.
    const to = await signIn(`guess${i}`, "wrong", `198.51.100.${i + 1}, 203.0.113.${i + 1}`);
    answers.push(to.searchParams.get("error") ?? to.pathname);
  }
  assert.deepEqual(answers, ["invalid", "invalid", "locked", "locked", "locked", "locked"]);
  const keys = (await ctx.db.sql`select key from login_attempts where key like 'addr:%'`).map((r) => r.key);
  assert.deepEqual(keys, ["addr:127.0.0.1"], "counted against the connection's address, not the forged ones");
});

test("behind a trusted proxy, the client it names is the address counted", async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  for (let i = 0; i < 4; i++) assert.equal((await signIn(`guess${i}`, "wrong", `6.6.6.6, 198.51.100.${i + 1}`)).searchParams.get("error"), "invalid");
  const keys = (await ctx.db.sql`select key from login_attempts where key like 'addr:%' order by key`).map((r) => r.key);
  assert.deepEqual(keys, ["addr:198.51.100.1", "addr:198.51.100.2", "addr:198.51.100.3", "addr:198.51.100.4"]);
});

test("after many wrong passwords the name waits 2^(n-3) s, not a lockout: the right password works once the wait is over", async () => {
  for (let i = 0; i < 10; i++) {
    await endWaits();
    await signIn("li.ming", "wrong");
  }
  const before = Date.now();
  const waiting = await signIn("li.ming", PASSWORD);
  assert.equal(waiting.searchParams.get("error"), "locked", "the right password is not checked while the name waits");
  const waitS = (new Date(waiting.searchParams.get("until")!).getTime() - before) / 1000;
  assert.ok(waitS > 120 && waitS <= 129, `the tenth failure waits 2^7 = 128 s (got ${waitS.toFixed(1)} s)`);
  await endWaits();
  const signedIn = await signIn("li.ming", PASSWORD);
  assert.equal(signedIn.pathname, "/jobs");
  assert.deepEqual((await ctx.db.sql`select key from login_attempts where key like 'user:%'`).map((r) => r.key), [], "the name's failures are forgotten");
});
