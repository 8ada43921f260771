/**
 * A local server that answers like a SearXNG instance's JSON API, for tests and the e2e run:
 * `/ok/search?q=…&format=json` answers its results, `/empty/search` none, `/fail/search` HTTP 500,
 * `/forbidden/search` 403 (SearXNG's answer when JSON is not enabled), `/html/search` a web page,
 * and `/slow/search` nothing until the server closes. It never reaches the internet.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One result as SearXNG sends it. */
export interface StubResult { url: string; title: string; content: string }

/**
 * Results about the test web's clusters (lib/testweb): computer sites first, then an economics
 * and an art site, and one computer host found twice, so that merging by host shows.
 */
export const STUB_RESULTS: StubResult[] = [
  { url: "http://econ-1.test/", title: "股票 基金 市场 行情", content: "证券 投资 与 金融 市场 分析" },
  { url: "http://tech-1.test/", title: "计算机 软件 与 数据库", content: "数据库 索引 查询 优化 与 软件 工程" },
  { url: "http://tech-2.test/", title: "计算机 网络 与 算法", content: "网络 协议 算法 与 程序 设计" },
  { url: "http://tech-1.test/about", title: "关于", content: "" },
  { url: "http://tech-3.test/", title: "数据库 系统 程序 设计", content: "软件 开发 数据库 算法 计算机" },
  { url: "http://art-1.test/", title: "绘画 与 音乐", content: "艺术 展览" },
];

/** A running stub: its port, every request's path and query, and close(). */
export interface SearxngStub { port: number; url: (path: string) => string; requests: { path: string; q: string | null; at: number }[]; close: () => Promise<void> }

/** Start the stub on 127.0.0.1 (`port` 0 picks a free one). */
export function startSearxngStub(opts: { port?: number; results?: StubResult[] } = {}): Promise<SearxngStub> {
  const results = opts.results ?? STUB_RESULTS;
  const requests: SearxngStub["requests"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push({ path: url.pathname, q: url.searchParams.get("q"), at: Date.now() });
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    switch (url.pathname) {
      case "/ok/search": return json(200, { query: url.searchParams.get("q"), number_of_results: results.length, results });
      case "/empty/search": return json(200, { query: url.searchParams.get("q"), number_of_results: 0, results: [] });
      case "/fail/search": return json(500, { error: "engine crashed" });
      case "/forbidden/search": return res.writeHead(403, { "content-type": "text/html" }).end("<h1>403 Forbidden</h1>");
      case "/html/search": return res.writeHead(200, { "content-type": "text/html" }).end("<html><body>results</body></html>");
      case "/slow/search": return; // never answered: the client's deadline must end it
      default: return json(404, { error: "no such path" });
    }
  });
  return new Promise((resolve) => {
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port, requests, url: (path) => `http://127.0.0.1:${port}${path}`,
        close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
      });
    });
  });
}
