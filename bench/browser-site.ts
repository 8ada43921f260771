/**
 * The browser bench's JavaScript site: PAGES pages, each an HTML shell whose text and links a
 * script writes after asking the server for them (`/api/page/N.json`, answered after API_DELAY_MS,
 * as a single-page application asks its API), with what such sites also load and scoring does not
 * need: a stylesheet, a web font and an image per page. Over HTTP a page has no text and no links;
 * only a browser finds the site. Served on 127.0.0.1 only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** How long the server takes to answer a page's API request. */
export const API_DELAY_MS = 30;
/** Links each page's script writes (to pages further on, so that a crawl from `/` reaches them all). */
const LINKS_PER_PAGE = 6;

/** Words a page's sentences are made of: every page says something else about databases, so none is a near-duplicate. */
const SUBJECTS = ["关系数据库", "查询优化器", "存储引擎", "分布式数据库", "列式存储", "事务管理器", "缓冲池", "索引结构", "日志系统", "复制协议", "连接算法", "统计信息"];
const VERBS = ["决定了", "改善了", "依赖于", "限制了", "加速了", "记录了", "协调了", "影响了", "估计了", "保证了"];
const OBJECTS = ["查询的响应时间", "并发事务的隔离", "崩溃后的恢复", "数据页的读写", "执行计划的代价", "节点之间的一致性", "索引的选择性",
  "磁盘的顺序写入", "热点数据的缓存", "大表的连接顺序", "锁的等待时间", "分区的裁剪"];

/** A small deterministic generator per page. */
function rng(seed: number) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n: number) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

const APP_JS = `document.addEventListener("DOMContentLoaded", function () {
  var n = document.body.getAttribute("data-n");
  fetch("/api/page/" + n + ".json").then(function (r) { return r.json(); }).then(function (p) {
    document.title = p.title;
    var links = p.links.map(function (l) { return '<li><a href="/page/' + l + '.html">' + p.anchors[l] + '</a></li>'; }).join("");
    document.getElementById("app").innerHTML = "<article><h1>" + p.title + "</h1><p>" + p.text + "</p></article><ul>" + links + "</ul>";
  });
});`;

const CSS = `@font-face { font-family: Site; src: url(/font.woff2) format("woff2"); } body { font-family: Site, sans-serif; } ${".x{color:#333}".repeat(400)}`;
/** Subresources of a typical size (their bytes matter, not their content). */
const FONT = Buffer.alloc(60_000, 7);
const IMAGE = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(40_000, 1)]);

const shell = (n: number) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>加载中</title><link rel="stylesheet" href="/style.css"><script src="/app.js"></script></head>` +
  `<body data-n="${n}"><div id="app"></div><img src="/img/${n}.png" alt=""><noscript>需要 JavaScript</noscript></body></html>`;

function pageJson(n: number, pages: number): string {
  const r = rng(n + 1);
  const text = Array.from({ length: 14 }, () => `${SUBJECTS[r(SUBJECTS.length)]}${VERBS[r(VERBS.length)]}${OBJECTS[r(OBJECTS.length)]}。`).join("");
  const links = Array.from({ length: LINKS_PER_PAGE }, (_, i) => (n * LINKS_PER_PAGE + i + 1) % pages);
  const anchors = Object.fromEntries(links.map((l) => [l, `数据库笔记 第 ${l} 篇`]));
  return JSON.stringify({ title: `数据库笔记 第 ${n} 篇`, text, links, anchors });
}

/** A running site: where it listens, its requests counted by kind, and close(). */
export interface BrowserSite { port: number; pages: number; requests: Record<string, number>; close: () => Promise<void> }

/** Serve the site of `pages` pages (page 0 is `/`). */
export async function startBrowserSite(pages: number): Promise<BrowserSite> {
  const requests: Record<string, number> = {};
  const count = (kind: string) => { requests[kind] = (requests[kind] ?? 0) + 1; };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const page = /^\/page\/(\d+)\.html$/.exec(path);
    const api = /^\/api\/page\/(\d+)\.json$/.exec(path);
    const send = (kind: string, type: string, body: string | Buffer) => { count(kind); res.writeHead(200, { "content-type": type }).end(body); };
    if (path === "/robots.txt") return send("robots", "text/plain", "User-agent: *\n");
    if (path === "/") return send("page", "text/html; charset=utf-8", shell(0));
    if (page && Number(page[1]) < pages) return send("page", "text/html; charset=utf-8", shell(Number(page[1])));
    if (api && Number(api[1]) < pages) {
      const body = pageJson(Number(api[1]), pages);
      return void setTimeout(() => send("api", "application/json", body), API_DELAY_MS);
    }
    if (path === "/app.js") return send("script", "text/javascript", APP_JS);
    if (path === "/style.css") return send("style", "text/css", CSS);
    if (path === "/font.woff2") return send("font", "font/woff2", FONT);
    if (/^\/img\/\d+\.png$/.test(path)) return send("image", "image/png", IMAGE);
    count("missing");
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  const port = await new Promise<number>((r) => server.listen(0, "127.0.0.1", () => r((server.address() as AddressInfo).port)));
  return {
    port, pages, requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
