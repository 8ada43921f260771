import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { after, before, test } from "node:test";
import net from "node:net";
import { createFetcher, redactUrlCredentials } from "./fetch";

let server: http.Server;
let port: number;
/** When the server sent each answer of /slow-redirect (epoch ms). */
const answered: number[] = [];

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
      case "/echo": return send(200, JSON.stringify({ auth: req.headers.authorization ?? null, cookie: req.headers.cookie ?? null }));
      case "/cond":
        if (req.headers["if-none-match"] === '"v1"') return send(304, "");
        return send(200, "fresh", { etag: '"v1"' });
      case "/slow": setTimeout(() => send(200, "late"), 2_000); return;
      case "/slow-redirect": setTimeout(() => { answered.push(Date.now()); send(302, "", { location: "/host" }); }, 300); return;
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

test("per-site basic auth and cookies go only to their host", async () => {
  const f = make({ siteAuth: ["secure.test alice:s3cret"], cookies: ["secure.test session=abc; lang=zh"] });
  const own = await f.fetchUrl("http://secure.test/echo");
  const other = await f.fetchUrl("http://other.test/echo");
  assert.ok(own.ok && other.ok);
  assert.deepEqual(JSON.parse(own.body.toString()), { auth: `Basic ${Buffer.from("alice:s3cret").toString("base64")}`, cookie: "session=abc; lang=zh" });
  assert.deepEqual(JSON.parse(other.body.toString()), { auth: null, cookie: null });
  await f.close();
});

test("conditional GET: a known ETag gets 304 Not Modified", async () => {
  const f = make();
  const first = await f.fetchUrl("http://v.test/cond");
  assert.ok(first.ok && first.status === 200);
  const again = await f.fetchUrl("http://v.test/cond", { etag: first.headers.etag });
  assert.ok(again.ok);
  assert.equal(again.status, 304);
  await f.close();
});

test("beforeRedirect can stop a chain at any hop with its reason", async () => {
  const f = make();
  const seen: string[] = [];
  const r = await f.fetchUrl("http://v.test/r1", { beforeRedirect: async (next) => (seen.push(next), next.includes("virtual.test") ? "redirect-offsite" : null) });
  assert.ok(!r.ok);
  assert.equal(r.reason, "redirect-offsite");
  assert.equal(r.detail, "http://virtual.test/host");
  assert.deepEqual(seen, ["http://v.test/r2", "http://virtual.test/host"]);
  await f.close();
});

test("beforeRedirect gets the time the redirect was answered, not sent: the next hop's delay counts from the answer", async () => {
  const f = make();
  const got: number[] = [];
  const r = await f.fetchUrl("http://v.test/slow-redirect", { beforeRedirect: async (_next, answeredAt) => (got.push(answeredAt.getTime()), null) });
  assert.ok(r.ok);
  assert.equal(got.length, 1);
  // The server held the answer 300 ms after reading the request: a time taken when the request
  // left would be about 300 ms before this one.
  assert.ok(got[0] >= answered[0], `answeredAt ${got[0]} is before the server answered at ${answered[0]}`);
  await f.close();
});

test("a job's proxy carries every request (CONNECT with credentials); its password never shows in errors", async () => {
  const tunnels: string[] = [];
  const proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, client: net.Socket, head) => {
    if (req.headers["proxy-authorization"] !== `Basic ${Buffer.from("bob:pw").toString("base64")}`) {
      client.end("HTTP/1.1 407 Proxy Authentication Required\r\n\r\n");
      return;
    }
    tunnels.push(req.url ?? "");
    const upstream = net.connect(port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const proxyPort = (proxy.address() as AddressInfo).port;
  try {
    const f = createFetcher({ userAgent: "t", allowPrivate: true, proxy: `http://bob:pw@127.0.0.1:${proxyPort}` });
    const r = await f.fetchUrl(`http://localhost:${port}/host`);
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.body.toString(), `host=localhost:${port}`);
    assert.deepEqual(tunnels, [`localhost:${port}`]);
    await f.close();
    const wrong = createFetcher({ userAgent: "t", allowPrivate: true, proxy: `http://bob:WRONG@127.0.0.1:${proxyPort}` });
    const refused = await wrong.fetchUrl(`http://localhost:${port}/host`);
    assert.ok(!refused.ok);
    assert.equal(refused.reason, "proxy-error");
    assert.ok(!refused.detail.includes("WRONG"));
    await wrong.close();
    const guarded = createFetcher({ userAgent: "t", allowPrivate: false, proxy: `http://bob:pw@127.0.0.1:${proxyPort}` });
    const blocked = await guarded.fetchUrl(`http://localhost:${port}/host`);
    assert.ok(!blocked.ok && blocked.reason === "blocked-address");
    await guarded.close();
  } finally {
    proxy.closeAllConnections();
    proxy.close();
  }
  assert.equal(redactUrlCredentials("connect http://bob:pw@proxy:3128 failed"), "connect http://bob:••••••@proxy:3128 failed");
});

test("a private-network allow-list opens only the listed networks and hosts", async () => {
  const byCidr = make({ allowPrivate: false, privateAllowList: ["127.0.0.0/8"] });
  assert.ok((await byCidr.fetchUrl("http://v.test/host")).ok);
  await byCidr.close();
  const byHost = make({ allowPrivate: false, privateAllowList: ["*.intra.test"] });
  assert.ok((await byHost.fetchUrl("http://wiki.intra.test/host")).ok);
  const other = await byHost.fetchUrl("http://v.test/host");
  assert.ok(!other.ok && other.reason === "blocked-address");
  await byHost.close();
});

/** A loopback listener that counts every connection it receives; it answers nothing. */
async function canary() {
  let connections = 0;
  const s = net.createServer((c) => { connections++; c.destroy(); });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return { port: (s.address() as AddressInfo).port, count: () => connections, close: () => new Promise<void>((r) => s.close(() => r())) };
}

test("a guarded fetcher never reaches a loopback canary through a proxy, a job's overrides or IPv6 forms of 127.0.0.1", async () => {
  const c = await canary();
  const tries: { name: string; opts: Partial<Parameters<typeof createFetcher>[0]>; url: string }[] = [
    // A public target through a proxy on loopback: the proxy's own address is guarded.
    { name: "proxy by address", opts: { proxy: `http://127.0.0.1:${c.port}` }, url: "http://93.184.215.14/" },
    { name: "proxy by name", opts: { proxy: `http://localhost:${c.port}` }, url: "http://93.184.215.14/" },
    { name: "socks proxy", opts: { proxy: `socks5://127.0.0.1:${c.port}` }, url: "http://93.184.215.14/" },
    { name: "proxy allowed by name only", opts: { proxy: `http://localhost:${c.port}`, privateAllowList: ["localhost"] }, url: "http://93.184.215.14/" },
    // A job pointing a name the allow-list trusts at loopback or the metadata address.
    { name: "job override of an allowed name", opts: { privateAllowList: ["intranet.test"], jobResolve: { "intranet.test": { address: "127.0.0.1", port: c.port } } }, url: "http://intranet.test/" },
    { name: "job override of an allowed subdomain", opts: { privateAllowList: ["*.intranet.test"], jobResolve: { "x.intranet.test": { address: "169.254.169.254" } } }, url: "http://x.intranet.test/" },
    { name: "job override by name", opts: { privateAllowList: ["intranet.test", "localhost"], jobResolve: { "intranet.test": { address: "localhost", port: c.port } } }, url: "http://intranet.test/" },
    { name: "job wildcard", opts: { privateAllowList: ["intranet.test"], jobResolve: { "*": { address: "127.0.0.1", port: c.port } } }, url: "http://intranet.test/" },
    { name: "IPv4-compatible", opts: {}, url: `http://[::7f00:1]:${c.port}/` },
    { name: "6to4", opts: {}, url: `http://[2002:7f00:1::]:${c.port}/` },
    { name: "IPv4-mapped, hex", opts: {}, url: `http://[::ffff:7f00:1]:${c.port}/` },
  ];
  try {
    for (const t of tries) {
      const f = createFetcher({ userAgent: "t", allowPrivate: false, connectTimeoutMs: 500, ...t.opts });
      const r = await f.fetchUrl(t.url);
      await f.close();
      assert.ok(!r.ok, t.name);
      assert.equal(r.reason, "blocked-address", `${t.name}: ${r.detail}`);
    }
    assert.equal(c.count(), 0);
    // The same canary is reached when the deployment pins the name: only the deployment may.
    const deployment = createFetcher({ userAgent: "t", allowPrivate: false, privateAllowList: ["intranet.test"], connectTimeoutMs: 500,
      resolve: { "intranet.test": { address: "127.0.0.1", port: c.port } } });
    const pinned = await deployment.fetchUrl("http://intranet.test/");
    await deployment.close();
    assert.notEqual(!pinned.ok && pinned.reason, "blocked-address");
    assert.equal(c.count(), 1);
  } finally {
    await c.close();
  }
});

test("a job's override to an address the allow-list names by CIDR is crawled", async () => {
  const f = createFetcher({ userAgent: "t", allowPrivate: false, privateAllowList: ["127.0.0.0/8"], jobResolve: { "*": { address: "127.0.0.1", port } } });
  const r = await f.fetchUrl("http://intranet.test/host");
  await f.close();
  assert.ok(r.ok, JSON.stringify(r));
  assert.equal(r.body.toString(), "host=intranet.test");
});
