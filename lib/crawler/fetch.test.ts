import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { after, before, test } from "node:test";
import { createFetcher } from "./fetch";

let server: http.Server;
let port: number;

before(async () => {
  const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024));
  server = http.createServer((req, res) => {
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
      res.end(body);
    };
    switch (req.url) {
      case "/host": return send(200, `host=${req.headers.host}`);
      case "/gzip": return send(200, zlib.gzipSync("压缩的正文"), { "content-encoding": "gzip" });
      case "/br": return send(200, zlib.brotliCompressSync("brotli 正文"), { "content-encoding": "br" });
      case "/big": return send(200, Buffer.alloc(64 * 1024, 97));
      case "/bomb": return send(200, bomb, { "content-encoding": "gzip" });
      case "/r1": return send(301, "", { location: "/r2" });
      case "/r2": return send(302, "", { location: "http://virtual.test/host" });
      case "/loop-a": return send(302, "", { location: "/loop-b" });
      case "/loop-b": return send(307, "", { location: "/loop-a" });
      case "/js": return send(302, "", { location: "javascript:alert(1)" });
      case "/slow": setTimeout(() => send(200, "late"), 2_000); return;
      default: return send(404, "nope");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

const make = (over: Partial<Parameters<typeof createFetcher>[0]> = {}) =>
  createFetcher({ userAgent: "FocusCrawl-test", allowPrivate: true, resolve: { "*": { address: "127.0.0.1", port } }, ...over });

test("a host override sends the request to the mapped address with the original Host header", async () => {
  const f = make();
  const r = await f.fetchUrl("http://virtual.test/host");
  assert.ok(r.ok);
  assert.equal(r.body.toString(), "host=virtual.test");
  await f.close();
});

test("gzip and brotli bodies are decoded", async () => {
  const f = make();
  const g = await f.fetchUrl("http://v.test/gzip");
  const b = await f.fetchUrl("http://v.test/br");
  assert.ok(g.ok && b.ok);
  assert.equal(g.body.toString(), "压缩的正文");
  assert.equal(b.body.toString(), "brotli 正文");
  await f.close();
});

test("bodies over the cap are truncated and flagged, compressed ones by their decoded size", async () => {
  const f = make({ maxBodyBytes: 10_000 });
  const big = await f.fetchUrl("http://v.test/big");
  assert.ok(big.ok);
  assert.equal(big.body.length, 10_000);
  assert.equal(big.isTruncated, true);
  const bomb = await f.fetchUrl("http://v.test/bomb");
  assert.ok(bomb.ok);
  assert.equal(bomb.body.length, 10_000);
  assert.equal(bomb.isTruncated, true);
  await f.close();
});

test("redirects are followed and recorded; loops and bad targets end with a reason", async () => {
  const f = make();
  const r = await f.fetchUrl("http://v.test/r1");
  assert.ok(r.ok);
  assert.equal(r.finalUrl, "http://virtual.test/host");
  assert.deepEqual(r.redirects, ["http://v.test/r1", "http://v.test/r2"]);
  const loop = await f.fetchUrl("http://v.test/loop-a");
  assert.ok(!loop.ok);
  assert.equal(loop.reason, "redirect-loop");
  const js = await f.fetchUrl("http://v.test/js");
  assert.ok(!js.ok);
  assert.equal(js.reason, "redirect-unsupported-scheme:javascript");
  await f.close();
});

test("private addresses are refused unless allowed", async () => {
  const f = make({ allowPrivate: false });
  const r = await f.fetchUrl("http://v.test/host");
  assert.ok(!r.ok);
  assert.equal(r.reason, "blocked-address");
  assert.equal(r.isRetryable, false);
  const direct = await f.fetchUrl(`http://127.0.0.1:${port}/host`);
  assert.ok(!direct.ok && direct.reason === "blocked-address");
  await f.close();
});

test("timeouts and refused connections are retryable failures", async () => {
  const f = make({ headersTimeoutMs: 200 });
  const slow = await f.fetchUrl("http://v.test/slow");
  assert.ok(!slow.ok);
  assert.equal(slow.reason, "timeout");
  assert.equal(slow.isRetryable, true);
  await f.close();
  const closed = createFetcher({ userAgent: "t", allowPrivate: true, resolve: { "*": { address: "127.0.0.1", port: 1 } } });
  const refused = await closed.fetchUrl("http://v.test/");
  assert.ok(!refused.ok);
  assert.equal(refused.reason, "connect-error");
  await closed.close();
});
