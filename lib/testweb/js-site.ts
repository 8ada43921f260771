/**
 * A small site whose text JavaScript writes, for tests and the browser bench: its HTML carries
 * only an empty `#app` and scripts; `/app.js` writes the front page's links or an article about
 * databases. `/probe.html` also asks a server on 127.0.0.2 (another private address) for a
 * secret, `/hang.html` holds a script that never loads, `/store.html` writes what the site's local
 * storage held when it was opened (and stores a mark there). Nothing leaves loopback. The test web
 * (`npm run testweb`) serves it too, as the host js.test, so that browser mode can be tried locally.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The site's host name (tests point it at the server with a host override). */
export const JS_SITE = "js.test";
/** Articles the front page links to. */
export const JS_ARTICLES = 12;

const APP_JS = `document.addEventListener("DOMContentLoaded", function () {
  var b = document.body, app = document.getElementById("app"), n = b.getAttribute("data-n");
  if (b.getAttribute("data-page") === "front") {
    var html = "<h1>技术文章</h1><ul>";
    for (var i = 1; i <= ${JS_ARTICLES}; i++) html += '<li><a href="/article/' + i + '.html">数据库 第 ' + i + ' 篇</a></li>';
    app.innerHTML = html + "</ul>";
    return;
  }
  document.title = "数据库索引与查询优化 " + (n || "");
  app.innerHTML = "<article><h1>数据库索引与查询优化 " + (n || "") + "</h1><p>关系数据库用 B 树索引加速查询，查询优化器为每条 SQL 语句选择执行计划。" +
    "事务的隔离级别决定并发读写时看到的数据，数据库系统用日志保证崩溃后恢复。索引、查询、事务与存储引擎是数据库课程的核心内容。</p></article>";
});`;

const page = (attrs: string, extra = "") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>加载中</title><script src="/app.js"></script><script src="/vendor.js"></script>${extra}</head>` +
  `<body ${attrs}><div id="app"></div><noscript>需要 JavaScript</noscript></body></html>`;

/** A running site: its port, the private server's URL and how often it was asked, and close(). */
export interface JsSite { port: number; secretUrl: string; secretHits: () => number; close: () => Promise<void> }

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((r) => server.listen(0, host, () => r((server.address() as AddressInfo).port)));
}

/**
 * Answer one request of the site. `secretUrl` is what /probe.html asks for (a private address in
 * tests); `hanging` collects the answers /hang.js never sends, for the caller to end.
 */
export function serveJsSite(path: string, res: http.ServerResponse, opts: { secretUrl?: string; hanging?: http.ServerResponse[] } = {}): void {
  const html = (body: string): void => void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  const article = /^\/article\/(\d+)\.html$/.exec(path);
  if (path === "/robots.txt") return void res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\n");
  if (path === "/app.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(APP_JS);
  if (path === "/vendor.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end("window.vendor = 1;");
  if (path === "/") return html(page('data-page="front"'));
  if (article) return html(page(`data-page="article" data-n="${article[1]}"`));
  if (path === "/probe.html" && opts.secretUrl) return html(page('data-page="article"', `<script>fetch(${JSON.stringify(opts.secretUrl)}).catch(function () {});</script>`));
  if (path === "/store.html") {
    return html(page('data-page="store"', `<script>document.addEventListener("DOMContentLoaded", function () { var v = localStorage.getItem("fc");
      localStorage.setItem("fc", "已访问"); var p = document.createElement("p"); p.className = "stored"; p.textContent = "本站存储：" + (v || "空");
      document.getElementById("app").appendChild(p); });</script>`));
  }
  if (path === "/hang.html" && opts.hanging) return html(page('data-page="article"').replace("</body>", '<script async src="/hang.js"></script></body>'));
  if (path === "/hang.js" && opts.hanging) return void opts.hanging.push(res); // never answered
  res.writeHead(404, { "content-type": "text/plain" }).end("not found");
}

/** Start the site on 127.0.0.1 and its private neighbour on 127.0.0.2. */
export async function startJsSite(): Promise<JsSite> {
  let hits = 0;
  const secret = http.createServer((_req, res) => { hits += 1; res.end("secret"); });
  const secretPort = await listen(secret, "127.0.0.2");
  const secretUrl = `http://127.0.0.2:${secretPort}/secret`;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => serveJsSite((req.url ?? "/").split("?")[0], res, { secretUrl, hanging }));
  const port = await listen(server, "127.0.0.1");
  return {
    port, secretUrl, secretHits: () => hits,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      secret.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => secret.close(r))]);
    },
  };
}
