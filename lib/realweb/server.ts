/**
 * Serves the realistic web on 127.0.0.1: every live host by its Host header (crawl with
 * --resolve "*=127.0.0.1:PORT"), GBK sites encoded as such, 404 for unknown paths, and the
 * connection dropped at once for every other host, as a host that refuses connections would.
 */
import { listenOnLoopback } from "../testweb/listen";
import http from "node:http";
import iconv from "iconv-lite";
import { canonicalizeUrl } from "../rules/url";
import type { RealHost, RealWeb } from "./build";

/** A running realistic web. */
export interface RealWebServer {
  web: RealWeb; port: number; url: string;
  /** Requests answered (by status) and connections refused, for the lab's log. */
  counts: { answered: number; refused: number; notFound: number };
  close(): Promise<void>;
}

function respond(web: RealWeb, host: RealHost, rawPath: string): { status: number; type: string; body: Buffer; location?: string } {
  if (rawPath === "/robots.txt") return { status: 200, type: "text/plain; charset=utf-8", body: Buffer.from("User-agent: *\nDisallow:\n") };
  const c = canonicalizeUrl(`http://${host.name}${rawPath}`);
  const page = c.ok ? web.pages.get(c.url) : undefined;
  if (!page) {
    // A snapshot's directory asked for without its slash: redirect as static hosts do.
    const dir = c.ok && !c.url.endsWith("/") ? web.pages.get(`${c.url}/`) : undefined;
    if (dir && c.ok) return { status: 301, type: "text/html; charset=utf-8", body: Buffer.alloc(0), location: `${c.url}/` };
    return { status: 404, type: "text/html; charset=utf-8", body: Buffer.from("<!doctype html><title>404 页面不存在</title><p>页面不存在</p>") };
  }
  if ("file" in page) return { status: 200, type: page.type, body: page.file };
  const html = page.html();
  if (host.charset === "gbk") {
    return { status: 200, type: host.charsetLabel === "header" ? "text/html; charset=gbk" : "text/html", body: iconv.encode(html.replace(/charset=utf-8/gi, "charset=gbk"), "gbk") };
  }
  return { status: 200, type: "text/html; charset=utf-8", body: Buffer.from(html) };
}

/** Start serving `web` on 127.0.0.1:`port` (0 = any free port). */
export async function startRealWeb(web: RealWeb, opts: { port?: number; latencyMs?: number } = {}): Promise<RealWebServer> {
  const byName = new Map(web.hosts.map((h) => [h.name, h]));
  const counts = { answered: 0, refused: 0, notFound: 0 };
  const server = http.createServer((req, res) => {
    const name = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const host = byName.get(name);
    if (!host) {
      counts.refused++;
      req.socket.destroy();
      return;
    }
    const r = respond(web, host, req.url ?? "/");
    if (r.status === 404) counts.notFound++;
    else counts.answered++;
    const send = () => {
      res.writeHead(r.status, { "content-type": r.type, "content-length": r.body.length, ...(r.location ? { location: r.location } : {}) });
      res.end(r.body);
    };
    if (opts.latencyMs) setTimeout(send, opts.latencyMs);
    else send();
  });
  // TLS handshakes (https:// links) and other garbage end the connection too.
  server.on("clientError", (_err, socket) => socket.destroy());
  const { port, url, close } = await listenOnLoopback(server, opts.port);
  return { web, port, counts, url, close };
}
