/**
 * Request forgery and DNS rebinding against the real routes and a real database: each request
 * goes through the proxy (request guard, basic auth) and then its route, as Next.js serves it.
 * A forged cross-site form, a text/plain body and a foreign Host change nothing; the dashboard's
 * own JSON requests and the command line's (no Origin) still work.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { makeJob } from "@/lib/testing/fixtures";
import { getSql } from "@/lib/store/infra/sql";
import { getPrisma } from "@/lib/store/infra/prisma";
import { dispatch } from "./test-dispatch";

const ctx = useTestDatabase();
const APP = "http://127.0.0.1:3000";
const JOB = JSON.stringify({ keywords: "计算机", seeds: ["http://forged.test/"] });
/** What a browser adds to a form another site submits to the dashboard. */
const FORGED = { origin: "http://evil.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" };
/** What the dashboard's own fetch calls send. */
const SAME_ORIGIN = { origin: APP, "sec-fetch-site": "same-origin", "content-type": "application/json" };

Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "" });
delete process.env.ADMIN_PASSWORD;
after(async () => {
  await getSql().end({ timeout: 1 });
  await getPrisma().$disconnect();
});

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  process.env.DATABASE_URL = ctx.db.url;
  const res = await dispatch(new Request(`${APP}${path}`, { method, body, headers: { host: "127.0.0.1:3000", ...headers } }));
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, type, body: type.includes("json") ? JSON.parse(text) : text };
}
const jobCount = async () => (await ctx.db.sql`select count(*)::int as n from jobs`)[0].n as number;
const statusOf = async (id: number) => (await ctx.db.sql`select status::text from jobs where id = ${id}`)[0].status as string;

test("a cross-site text/plain form cannot create a job, and a text/plain body is refused even without an Origin", async () => {
  const before = await jobCount();
  const forged = await send("POST", "/api/jobs", FORGED, JOB);
  assert.equal(forged.status, 403);
  assert.match(forged.type, /application\/json/);
  assert.match(forged.body.error, /another site \(http:\/\/evil\.example\)/);
  const zh = await send("POST", "/api/jobs", { ...FORGED, "accept-language": "zh-CN,zh;q=0.9" }, JOB);
  assert.match(zh.body.error, /拒绝来自其他网站/);
  const plain = await send("POST", "/api/jobs", { "content-type": "text/plain" }, JOB);
  assert.equal(plain.status, 415);
  assert.match(plain.body.error, /Content-Type: application\/json/);
  const urlencoded = await send("POST", "/api/jobs", { origin: APP, "content-type": "application/x-www-form-urlencoded" }, `${JOB}=`);
  assert.equal(urlencoded.status, 415);
  assert.equal(await jobCount(), before, "nothing was created");
});

test("a cross-site form cannot stop a running job, not even while the browser holds the password", async () => {
  const job = await makeJob(ctx.db.url, {});
  process.env.ADMIN_PASSWORD = "s3cret";
  try {
    const auth = { authorization: `Basic ${Buffer.from("admin:s3cret").toString("base64")}` };
    for (const headers of [{ ...FORGED, ...auth }, { ...FORGED, "content-type": "application/json", ...auth }, { origin: "null", "content-type": "application/json", ...auth }]) {
      const r = await send("POST", `/api/jobs/${job.id}/actions`, headers, JSON.stringify({ action: "stop" }));
      assert.equal(r.status, 403, JSON.stringify(headers));
    }
    assert.equal(await statusOf(job.id), "running");
    const withoutPassword = await send("POST", `/api/jobs/${job.id}/actions`, { "content-type": "application/json" }, JSON.stringify({ action: "stop" }));
    assert.equal(withoutPassword.status, 401);
    const cli = await send("POST", `/api/jobs/${job.id}/actions`, { "content-type": "application/json", ...auth }, JSON.stringify({ action: "pause" }));
    assert.deepEqual([cli.status, cli.body], [200, { ok: true }]);
    assert.equal(await statusOf(job.id), "paused");
  } finally {
    delete process.env.ADMIN_PASSWORD;
  }
});

test("a rebound DNS name (foreign Host) is refused for reads and writes; the served names answer", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const host of ["evil.example:3000", "127.0.0.1.nip.io:3000", "localhost:3001"]) {
    const read = await send("GET", `/api/jobs/${job.id}`, { host });
    assert.equal(read.status, 421, host);
    assert.match(read.body.error, new RegExp(`host "${host.replace(/\./g, "\\.")}".*PUBLIC_URL`));
    const write = await send("POST", `/api/jobs/${job.id}/actions`, { host, ...SAME_ORIGIN, origin: `http://${host}` }, JSON.stringify({ action: "stop" }));
    assert.equal(write.status, 421, host);
  }
  assert.equal(await statusOf(job.id), "running");
  for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]) assert.equal((await send("GET", `/api/jobs/${job.id}`, { host })).status, 200, host);
  process.env.PUBLIC_URL = "https://crawl.example.com";
  try {
    assert.equal((await send("GET", `/api/jobs/${job.id}`, { host: "crawl.example.com" })).status, 200);
    const proxied = await send("POST", `/api/jobs/${job.id}/actions`, { host: "127.0.0.1:3000", ...SAME_ORIGIN, origin: "https://crawl.example.com" }, JSON.stringify({ action: "pause" }));
    assert.equal(proxied.status, 200, "behind a reverse proxy, PUBLIC_URL's origin may write");
  } finally {
    process.env.PUBLIC_URL = "";
  }
});

test("the dashboard's own JSON requests and the command line's Origin-less ones still work", async () => {
  const before = await jobCount();
  const own = await send("POST", "/api/jobs", SAME_ORIGIN, JOB);
  assert.equal(own.status, 201, JSON.stringify(own.body));
  const cli = await send("POST", "/api/jobs", { "content-type": "application/json; charset=utf-8" }, JOB);
  assert.equal(cli.status, 201, JSON.stringify(cli.body));
  assert.equal(await jobCount(), before + 2);
  const stop = await send("POST", `/api/jobs/${own.body.job.id}/actions`, SAME_ORIGIN, JSON.stringify({ action: "stop" }));
  assert.equal(stop.status, 200);
  assert.equal(await statusOf(Number(own.body.job.id)), "stopping");
  const refine = await send("POST", `/api/jobs/${cli.body.job.id}/topic/refine`, { "content-length": "0" });
  assert.notEqual(refine.status, 415, "a POST without a body needs no content type");
});
