/** Serves a generated test web: many virtual hosts on one loopback port, chosen by the Host header. */
import { listenOnLoopback } from "./listen";
import http from "node:http";
import { createHash } from "node:crypto";
import iconv from "iconv-lite";
import { generateTestWeb, type TestWeb } from "./generator";
import { renderPage, renderRobots } from "./render";
import { gzipBomb, HOSTILE_HOSTS, serveHostile } from "./hostile";
import { JS_SITE, serveJsSite } from "./js-site";

/** One request as the server saw it (for politeness and no-refetch assertions). */
export interface RequestLogEntry { at: number; host: string; path: string; status: number }

/** A running test web. */
export interface TestWebServer {
  web: TestWeb; port: number; url: string; log: RequestLogEntry[];
  /** The most requests each host had open at once. */
  peakOpen: Map<string, number>;
  /** Edit the page at `host` + `path`: its text gets one more revision line, so its content (and ETag) change. */
  editPage(host: string, path: string): number;
  close(): Promise<void>;
}

/**
 * The path that lists the requests the test web answered since a time (any host):
 * GET /__testweb/requests?since=<ms since the epoch> → [{ at, host, path }]. The last
 * RECENT_REQUESTS are kept whatever `keepLog` says: an e2e checks on it that replaying a capture
 * asks the live site for nothing.
 */
export const TESTWEB_REQUESTS_PATH = "/__testweb/requests";
const RECENT_REQUESTS = 5_000;

/** Where a page was edited (host + path → revisions): re-crawls of a changing web. */
type Edits = Map<string, number>;

/** The path of the test web's own control requests (any host): POST /__testweb/edit?host=H&path=P edits a page. */
export const TESTWEB_CONTROL_PATH = "/__testweb/edit";

function respond(web: TestWeb, host: string, path: string, edits: Edits = new Map()): { status: number; type: string; body: Buffer } {
  if (path === "/robots.txt") {
    return { status: 200, type: "text/plain; charset=utf-8", body: Buffer.from(renderRobots(web.hosts.find((h) => h.name === host))) };
  }
  if (path.startsWith("/private/")) return { status: 200, type: "text/html; charset=utf-8", body: Buffer.from("<title>private</title><p>robots.txt disallows this page</p>") };
  const page = web.byHostPath.get(`${host}${path}`);
  if (!page) return { status: 404, type: "text/html; charset=utf-8", body: Buffer.from("<!doctype html><title>404</title><p>Not found</p>") };
  const site = web.hosts.find((h) => h.name === host);
  const charset = site?.charset ?? "utf-8";
  const revisions = edits.get(`${host}${path}`) ?? 0;
  const html = revisions === 0 ? renderPage(web, page) : renderPage(web, page).replace("</body>", `<p>修订 revision ${revisions}</p></body>`);
  const body = charset === "gbk" ? iconv.encode(html, "gbk") : Buffer.from(html);
  const label = site?.charsetLabel ?? "header";
  const type = label === "header" ? `text/html; charset=${charset}` : label === "wrong-header" ? "text/html; charset=utf-8" : "text/html";
  return { status: 200, type, body };
}

/** Start serving a test web on 127.0.0.1:`port` (0 = any free port). */
export async function startTestWeb(opts: { seed: number; pages: number; port?: number; keepLog?: boolean; hostile?: boolean; latencyMs?: number }): Promise<TestWebServer> {
  const web = generateTestWeb(opts);
  if (opts.hostile) await gzipBomb();
  const log: RequestLogEntry[] = [];
  const edits: Edits = new Map();
  const editPage = (host: string, path: string) => {
    const n = (edits.get(`${host}${path}`) ?? 0) + 1;
    edits.set(`${host}${path}`, n);
    return n;
  };
  const recent: { at: number; host: string; path: string }[] = [];
  const open = new Map<string, number>();
  const peakOpen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const now = (open.get(host) ?? 0) + 1;
    open.set(host, now);
    if (now > (peakOpen.get(host) ?? 0)) peakOpen.set(host, now);
    res.once("close", () => open.set(host, (open.get(host) ?? 1) - 1));
    const path = (req.url ?? "/").split("?")[0];
    if (path === TESTWEB_REQUESTS_PATH && req.method === "GET") {
      const since = Number(new URL(req.url ?? "/", "http://x").searchParams.get("since") ?? 0);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(recent.filter((r) => r.at >= since)));
      return;
    }
    recent.push({ at: Date.now(), host, path });
    if (recent.length > RECENT_REQUESTS) recent.splice(0, recent.length - RECENT_REQUESTS);
    if (opts.hostile && HOSTILE_HOSTS.has(host)) {
      if (opts.keepLog) log.push({ at: Date.now(), host, path: req.url ?? "/", status: 0 });
      serveHostile(host, path, req, res);
      return;
    }
    // The site whose text JavaScript writes: what a job in browser mode is for (a plain fetch finds no text there).
    if (host === JS_SITE) {
      if (opts.keepLog) log.push({ at: Date.now(), host, path, status: 0 });
      serveJsSite(path, res);
      return;
    }
    if (path === TESTWEB_CONTROL_PATH && req.method === "POST") {
      const q = new URL(req.url ?? "/", "http://x").searchParams;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ revisions: editPage(q.get("host") ?? "", q.get("path") ?? "/") }));
      return;
    }
    const r = respond(web, host, path, edits);
    // A validator per content, so that a conditional request of an unchanged page is answered 304.
    const etag = r.status === 200 ? `"${createHash("sha1").update(r.body).digest("hex").slice(0, 16)}"` : undefined;
    const isNotModified = etag !== undefined && req.headers["if-none-match"] === etag;
    if (opts.keepLog) log.push({ at: Date.now(), host, path, status: isNotModified ? 304 : r.status });
    const send = () => {
      if (isNotModified) {
        res.writeHead(304, { etag }).end();
        return;
      }
      res.writeHead(r.status, { "content-type": r.type, "content-length": r.body.length, ...(etag ? { etag } : {}) });
      res.end(r.body);
    };
    if (opts.latencyMs) setTimeout(send, opts.latencyMs);
    else send();
  });
  const { port, url, close } = await listenOnLoopback(server, opts.port);
  return { web, port, log, peakOpen, url, close, editPage };
}
