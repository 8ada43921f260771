import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { freePort, rawExchange } from "../testing/net";
import http from "node:http";
import { createFrontServer, KEEP_ALIVE_MS } from "./front-server";

let port = 0;
/** Requests that reached the handler behind the front server. */
const reached: string[] = [];
/** The client-address headers each request reached the handler with. */
const forwarded: (string | undefined)[][] = [];
// Stands in for Next.js: it reads the whole body before it answers, as next-server does when its proxy is set.
const server = createFrontServer(async (req, res) => {
  reached.push(`${req.method} ${req.url}`);
  forwarded.push([req.headers["x-forwarded-for"] as string | undefined, req.headers["x-real-ip"] as string | undefined]);
  let size = 0;
  for await (const chunk of req) size += (chunk as Buffer).length;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ size }));
});

before(async () => {
  port = await freePort();
  Object.assign(process.env, { HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: "", MAX_JSON_BODY_BYTES: String(1024 * 1024) });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A request head (and `body`, if any) sent raw; without a body the announced one never comes. */
const exchange = (head: string, body = "") => rawExchange(port, head + body, { isDone: body !== "", boundMs: 30_000 });

const headOf = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;

test("a body declared over its route's cap is refused from its Content-Length alone, before a byte of it is sent", async () => {
  const cases: [string, string][] = [["/api/jobs", "10000000000"], ["/api/topics", String(9 * 1024 * 1024)], ["/jobs/new", String(2 * 1024 * 1024)]];
  for (const [path, length] of cases) {
    const answer = await exchange(headOf(path, { "content-type": "application/json", "content-length": length }));
    assert.match(answer, /^HTTP\/1\.1 413 /, `${path}: ${answer.slice(0, 80)}`);
    assert.match(answer, /connection: close/i);
    assert.match(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error, /too large: at most \d+ bytes/);
  }
  assert.deepEqual(reached, [], "no refused request reached the handler");
});

test("other refusals are answered at once too, in the client's language; requests within the rules reach the handler with their body", async () => {
  const forged = await exchange(headOf("/api/jobs", { origin: "http://evil.example", "content-type": "text/plain", "content-length": "500000", "accept-language": "zh-CN" }));
  assert.match(forged, /^HTTP\/1\.1 403 /);
  assert.match(forged, /拒绝来自其他网站/);
  const ok = await exchange(headOf("/api/jobs", { "content-type": "application/json", "content-length": "11", connection: "close" }), '{"a":"xyz"}');
  assert.match(ok, /^HTTP\/1\.1 200 /);
  assert.match(ok, /\{"size":11\}/);
  assert.deepEqual(reached, ["POST /api/jobs"]);
});

test("X-Forwarded-For reaches Next.js as the one client address: the socket's, unless the peer is a trusted proxy", async () => {
  const get = (xff: string) => exchange(`GET /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${xff}\r\nX-Real-IP: 6.6.6.6\r\nConnection: close\r\n\r\n`);
  forwarded.length = 0;
  await get("198.51.100.1");
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  try {
    await get("6.6.6.6, 198.51.100.2");
  } finally {
    delete process.env.TRUSTED_PROXIES;
  }
  assert.deepEqual(forwarded, [["127.0.0.1", undefined], ["198.51.100.2", undefined]]);
});

test("an idle kept-alive connection stays open past Node.js's 5 s default, so a client pausing between calls reuses it instead of racing its close", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () => new Promise<{ port: number; keepAlive: string }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/idle", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ port: req.socket?.localPort ?? 0, keepAlive: String(res.headers["keep-alive"]) }));
    });
    req.on("error", reject);
  });
  try {
    const first = await get();
    assert.equal(first.keepAlive, `timeout=${KEEP_ALIVE_MS / 1000}`);
    await new Promise((r) => setTimeout(r, 6_000));
    const second = await get();
    assert.equal(second.port, first.port, "the second request went over the first one's connection");
  } finally {
    agent.destroy();
  }
});
