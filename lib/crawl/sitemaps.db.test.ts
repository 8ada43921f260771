/**
 * Sitemaps feeding the frontier, against a real HTTP server on loopback: robots.txt's Sitemap:
 * line, an index, a gzip file, lastmod, the bounds (pages per file, index nesting), /sitemap.xml
 * when robots.txt names none, and nothing of it when the job does not read sitemaps.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let server: http.Server;
let port = 0;
const log: string[] = [];

const urlset = (paths: string[]) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${
  paths.map((p, i) => `<url><loc>http://site.test${p}</loc>${i % 2 === 0 ? `<lastmod>2026-11-0${i + 1}</lastmod>` : ""}</url>`).join("")}</urlset>`;
const index = (paths: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<sitemap><loc>http://site.test${p}</loc></sitemap>`).join("")}</sitemapindex>`;
const ARTICLES = Array.from({ length: 8 }, (_, i) => `/a/${i + 1}.html`);

/** site.test: robots.txt names an index of a gzip urlset and of an index nested two deeper; plain.test: no sitemap at all. */
function answer(host: string, path: string): { type: string; body: string | Buffer } | null {
  if (path === "/robots.txt") return { type: "text/plain", body: host === "site.test" ? "User-agent: *\nSitemap: http://site.test/sitemap_index.xml\n" : "User-agent: *\n" };
  if (host !== "site.test") return path === "/" ? { type: "text/html", body: "<html><head><title>首页</title></head><body><p>数据库</p></body></html>" } : null;
  if (path === "/sitemap_index.xml") return { type: "application/xml", body: index(["/s1.xml.gz", "/nested.xml"]) };
  if (path === "/s1.xml.gz") return { type: "application/gzip", body: zlib.gzipSync(urlset(ARTICLES)) };
  if (path === "/nested.xml") return { type: "application/xml", body: index(["/deep.xml"]) };
  if (path === "/deep.xml") return { type: "application/xml", body: index(["/too-deep.xml"]) };
  if (path === "/too-deep.xml") return { type: "application/xml", body: urlset(["/never.html"]) };
  if (path === "/" || path.startsWith("/a/")) {
    return { type: "text/html; charset=utf-8", body: `<html><head><title>数据库 ${path}</title></head><body><article><p>关系数据库的索引与查询优化，数据库系统的事务处理。</p></article></body></html>` };
  }
  return null;
}

before(async () => {
  db = await createTestDatabase();
  server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    log.push(`${host}${req.url}`);
    const a = answer(host, req.url ?? "/");
    if (!a) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res.writeHead(200, { "content-type": a.type }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  server.close();
  await db.drop();
});

async function crawl(raw: Record<string, unknown>) {
  const job = await makeJob(db.url, { keywords: "数据库,索引", resolve: [`*=127.0.0.1:${port}`], minDelayMs: 0, maxPages: 50, ...raw });
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 2, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  return job.id;
}

test("robots.txt's sitemap index, a gzip urlset and lastmod feed the frontier, within the bounds", async () => {
  log.length = 0;
  const jobId = await crawl({ seeds: "http://site.test/", sitemaps: "on", maxSitemapUrls: 5 });
  const rows = await db.sql<{ url: string; status: string; sitemap_level: number | null; lastmod: Date | null; depth: number }[]>`
    select url, status::text, sitemap_level, lastmod, depth from frontier where job_id = ${jobId} order by url`;
  const sitemaps = rows.filter((r) => r.sitemap_level !== null).map((r) => [r.url.replace("http://site.test", ""), r.sitemap_level, r.status]);
  assert.deepEqual(sitemaps, [["/deep.xml", 2, "done"], ["/nested.xml", 1, "done"], ["/s1.xml.gz", 1, "done"], ["/sitemap_index.xml", 0, "done"]]);
  // At most maxSitemapUrls pages of a file, queued as links of the front page, with the lastmod the file gave.
  const pages = rows.filter((r) => r.sitemap_level === null && r.url.includes("/a/"));
  assert.deepEqual(pages.map((r) => r.url.replace("http://site.test", "")), ARTICLES.slice(0, 5));
  assert.ok(pages.every((r) => r.status === "done" && r.depth === 1));
  assert.deepEqual(pages.map((r) => r.lastmod?.toISOString().slice(0, 10) ?? null), ["2026-11-01", null, "2026-11-03", null, "2026-11-05"]);
  // Three levels of index are the bound: the fourth file is never asked for.
  assert.ok(!log.includes("site.test/too-deep.xml"), log.join(" "));
  const [job] = await db.sql`select pages_fetched, pages_relevant from jobs where id = ${jobId}`;
  assert.equal(job.pages_fetched, 6, "the front page and five articles: sitemap files are no pages");
  assert.ok(job.pages_relevant >= 5);
});

test("robots.txt naming none: /sitemap.xml is tried, and its absence is a skip, not a failure", async () => {
  log.length = 0;
  const jobId = await crawl({ seeds: "http://plain.test/", sitemaps: "on" });
  const [row] = await db.sql`select status::text, skip_reason from frontier where job_id = ${jobId} and sitemap_level = 0`;
  assert.deepEqual([row.status, row.skip_reason], ["skipped", "sitemap-http-404"]);
  assert.ok(log.includes("plain.test/sitemap.xml"));
  const [job] = await db.sql`select pages_failed from jobs where id = ${jobId}`;
  assert.equal(job.pages_failed, 0);
});

test("a job that does not read sitemaps asks for none", async () => {
  log.length = 0;
  const jobId = await crawl({ seeds: "http://site.test/" });
  assert.deepEqual(log.filter((l) => l.includes("sitemap") || l.includes(".xml")), []);
  const [n] = await db.sql`select count(*)::int as n from frontier where job_id = ${jobId}`;
  assert.equal(n.n, 1);
});
