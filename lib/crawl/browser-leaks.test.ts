/**
 * Chromium itself connects nowhere: a rendered page tries every way a page has to reach an
 * address (speculation rules' prefetch and prerender, link prefetch and preconnect, WebRTC's
 * STUN and TURN, iframe, object, embed, a popup, a form sent, a meta refresh, fetch, XHR, an
 * image, a style sheet, a web worker, a WebSocket, [::1]) against canary servers on loopback
 * addresses the crawler's guard refuses (127.0.0.2 and ::1, TCP and UDP), which must see no
 * connection and no datagram; the site's own server must see no request that did not come from
 * the crawler's fetcher (Chromium's own requests carry Sec-Fetch headers, undici's do not); and
 * the attempts are reported in the render's `blocked` list. A page that opens a popup renders to
 * a normal outcome and nothing in the process rejects unhandled.
 */
import assert from "node:assert/strict";
import dgram from "node:dgram";
import http from "node:http";
import net from "node:net";
import { after, before, test } from "node:test";
import { createFetcher, type Fetcher } from "./fetch";
import { createBrowserPool, type BrowserPool } from "./browser";
import { parseHtml } from "../rules/parse";

const SITE = "leak.test";
/** A canary counts whatever reaches it: accepted connections (TCP) or datagrams (UDP). */
interface Canary { port: number; hits: string[]; close: () => Promise<void> }

async function startTcpCanary(host: string): Promise<Canary | null> {
  const hits: string[] = [];
  // Every accepted connection counts; its first line, when one comes, says what it was.
  const server = net.createServer((s) => {
    const i = hits.push(`${host} tcp`) - 1;
    s.once("data", (d) => { hits[i] += ` ${d.toString("latin1").split("\r\n")[0]}`; s.destroy(); });
    s.on("error", () => {});
    setTimeout(() => s.destroy(), 300);
  });
  const port = await new Promise<number | null>((r) => {
    server.once("error", () => r(null));
    server.listen(0, host, () => r((server.address() as net.AddressInfo).port));
  });
  if (port === null) return null; // no IPv6 loopback on this machine
  return { port, hits, close: () => new Promise((r) => server.close(() => r())) };
}

async function startUdpCanary(type: "udp4" | "udp6", host: string): Promise<Canary | null> {
  const hits: string[] = [];
  const socket = dgram.createSocket(type);
  socket.on("message", () => hits.push(`${host} udp`));
  const port = await new Promise<number | null>((r) => {
    socket.once("error", () => r(null));
    socket.bind(0, host, () => r(socket.address().port));
  });
  if (port === null) return null;
  return { port, hits, close: () => new Promise((r) => socket.close(() => r())) };
}

let tcp4: Canary, tcp6: Canary | null, udp4: Canary, udp6: Canary | null;
let site: http.Server;
let sitePort: number;
/** Requests to the site that carry Chromium's own headers: Chromium connected to it itself. */
const directHits: string[] = [];
let fetcher: Fetcher;
let pool: BrowserPool;
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown) => { unhandled.push(err); };

/** The page trying every vector; `c`: the TCP canary's origin, `c6` the IPv6 one's, `u`/`u6` the UDP ports. */
function vectorsPage(c: string, c6: string | null, u: number, u6: number | null): string {
  const ice = [`{urls:"stun:127.0.0.2:${u}"}`, `{urls:["turn:127.0.0.2:${u}?transport=udp","turn:127.0.0.2:${new URL(c).port}?transport=tcp"],username:"u",credential:"p"}`];
  if (u6) ice.push(`{urls:"stun:[::1]:${u6}"}`);
  const rules = { prefetch: [{ source: "list", urls: [`${c}/spec-prefetch`, "/spec-prefetch-same"] }], prerender: [{ source: "list", urls: ["/prerender-same", `${c}/prerender`] }] };
  return `<!doctype html><html><head><meta charset="utf-8"><title>数据库索引</title>
<link rel="preconnect" href="${c}"><link rel="dns-prefetch" href="${c}"><link rel="prefetch" href="${c}/link-prefetch">
<link rel="stylesheet" href="${c}/style.css">
<script type="speculationrules">${JSON.stringify(rules)}</script>
</head><body><h1>数据库索引与查询优化</h1><p>关系数据库用 B 树索引加速查询，查询优化器为每条 SQL 语句选择执行计划。</p>
<a href="${c}/link">链接</a><a href="/prerender-same">同站</a>
<img src="${c}/img.png">${c6 ? `<img src="${c6}/img6.png">` : ""}<img src="/held.png">
<iframe src="${c}/iframe"></iframe><object data="${c}/object"></object><embed src="${c}/embed">
<iframe srcdoc="<meta http-equiv=refresh content='0;url=${c}/refresh'>"></iframe>
<iframe name="formtarget"></iframe>
<form id="f" method="post" action="${c}/form" target="formtarget"><input name="a" value="1"></form>
<script>
document.getElementById("f").submit();
window.open("${c}/popup");
fetch("${c}/fetch").catch(function () {});
${c6 ? `fetch("${c6}/fetch6").catch(function () {});` : ""}
var x = new XMLHttpRequest(); x.open("GET", "${c}/xhr"); x.onerror = function () {}; x.send();
try { var ws = new WebSocket("${c.replace("http:", "ws:")}/ws"); ws.onerror = function () {}; } catch (e) {}
// The late vectors (the workers' fetches, ICE gathering) tell when they tried; then /done lets the page load.
function tried(w) { return new Promise(function (r) { w.onmessage = r; w.onerror = r; }); }
var late = [tried(new Worker("/worker.js")),
  tried(new Worker(URL.createObjectURL(new Blob(['fetch("${c}/blob-worker").catch(function () {}).then(function () { postMessage(1); })'], { type: "text/javascript" }))))];
try {
  var pc = new RTCPeerConnection({ iceServers: [${ice.join(",")}] });
  late.push(new Promise(function (r) { pc.onicegatheringstatechange = function () { if (pc.iceGatheringState === "complete") r(); }; }));
  pc.createDataChannel("d");
  pc.createOffer().then(function (o) { return pc.setLocalDescription(o); }).catch(function () {});
} catch (e) {}
Promise.all(late).then(function () { fetch("/done"); });
</script></body></html>`;
}

const POPUP_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>数据库</title></head><body>
<p>关系数据库用 B 树索引加速查询。</p><img src="/slow.png"><script>window.open("/popup-target.html"); window.open("http://127.0.0.2:9/popup");</script></body></html>`;

before(async () => {
  process.on("unhandledRejection", onUnhandled);
  tcp4 = (await startTcpCanary("127.0.0.2"))!;
  udp4 = (await startUdpCanary("udp4", "127.0.0.2"))!;
  tcp6 = await startTcpCanary("::1");
  udp6 = await startUdpCanary("udp6", "::1");
  const c = `http://127.0.0.2:${tcp4.port}`;
  const c6 = tcp6 ? `http://[::1]:${tcp6.port}` : null;
  const held: http.ServerResponse[] = [];
  site = http.createServer((req, res) => {
    if (req.headers["sec-fetch-mode"] || req.headers["sec-purpose"] || req.headers["sec-ch-ua"]) directHits.push(req.url ?? "");
    const path = (req.url ?? "/").split("?")[0];
    const send = (type: string, body: string) => res.writeHead(200, { "content-type": type }).end(body);
    if (path === "/vectors.html") return send("text/html; charset=utf-8", vectorsPage(c, c6, udp4.port, udp6?.port ?? null));
    if (path === "/popup.html") return send("text/html; charset=utf-8", POPUP_PAGE);
    if (path === "/worker.js") return send("text/javascript", `fetch("${c}/worker").catch(function () {}).then(function () { postMessage(1); });`);
    // Holds the page's load a while, so that what the page started has its time to try.
    if (path === "/slow.png") return void setTimeout(() => res.writeHead(404).end(), 1_500);
    // Held until the vectors page says its late vectors tried (at most 6 s): the page loads after them.
    const release = (r: http.ServerResponse) => { if (!r.headersSent) r.writeHead(404).end(); };
    if (path === "/held.png") { held.push(res); return void setTimeout(() => release(res), 6_000); }
    if (path === "/done") { held.splice(0).forEach(release); return send("text/plain", "ok"); }
    send("text/html; charset=utf-8", "<!doctype html><title>x</title><p>同站</p>");
  });
  sitePort = await new Promise<number>((r) => site.listen(0, "127.0.0.1", () => r((site.address() as net.AddressInfo).port)));
  fetcher = createFetcher({ userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.1/32"], resolve: { [SITE]: { address: "127.0.0.1", port: sitePort } } });
  pool = createBrowserPool({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", maxPages: 2, pageBudgetMs: 15_000, heapMb: 256, userAgent: "FocusCrawl-test" });
});
after(async () => {
  process.off("unhandledRejection", onUnhandled);
  await pool.close();
  await fetcher.close();
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
  await Promise.all([tcp4, tcp6, udp4, udp6].map((x) => x?.close()));
});

const canaryHits = () => [tcp4, tcp6, udp4, udp6].flatMap((x) => x?.hits ?? []);

test("a page trying every way to reach a private address: no canary sees a connection or a datagram, and the attempts are reported", async () => {
  const r = await pool.render(`http://${SITE}/vectors.html`, fetcher);
  // Late tries (a prerender, ICE gathering) would come after the page; give them a moment.
  await new Promise((res) => setTimeout(res, 1_000));
  assert.deepEqual(canaryHits(), [], "Chromium connected to a canary itself");
  assert.deepEqual(directHits, [], "Chromium connected to the site itself");
  assert.ok(r.ok, JSON.stringify(r));
  assert.match(parseHtml(r.body.toString("utf8"), `http://${SITE}/`).mainText, /关系数据库/);
  const c = `127.0.0.2:${tcp4.port}`;
  const reported = (path: string) => r.render.blocked.some((b) => b.includes(`${c}${path}`));
  for (const path of ["/fetch", "/xhr", "/iframe", "/object", "/embed", "/popup", "/worker", "/ws"]) {
    assert.ok(reported(path), `${path} not reported in ${JSON.stringify(r.render.blocked)}`);
  }
  // Images and stylesheets are never fetched (SKIPPED_RESOURCES), wherever they point: counted, not reported.
  assert.ok(!reported("/img.png") && !reported("/style.css"), JSON.stringify(r.render.blocked));
  assert.ok((r.render.skipped ?? 0) >= 3, `skipped ${r.render.skipped}: the stylesheet and the images`);
  // TURN over TCP goes to the guard proxy, which refuses the tunnel.
  assert.ok(r.render.blocked.includes(`CONNECT ${c}`), JSON.stringify(r.render.blocked));
  if (tcp6) assert.ok(r.render.blocked.some((b) => b.includes(`[::1]:${tcp6!.port}/fetch6`)), JSON.stringify(r.render.blocked));
  assert.deepEqual(unhandled, []);
});

test("a page that opens popups renders to a normal outcome, the popups closed and reported, and nothing rejects unhandled", async () => {
  const r = await pool.render(`http://${SITE}/popup.html`, fetcher);
  await new Promise((res) => setTimeout(res, 500));
  assert.deepEqual(unhandled, []);
  assert.ok(r.ok, JSON.stringify(r));
  assert.match(parseHtml(r.body.toString("utf8"), `http://${SITE}/`).mainText, /关系数据库/);
  assert.ok(r.render.blocked.some((b) => b.includes("127.0.0.2:9/popup")), JSON.stringify(r.render.blocked));
  assert.deepEqual(directHits, []);
});
