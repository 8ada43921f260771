import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { createPrisma, type PrismaClient } from "../store/infra/prisma";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { CARRIED_URLS_PER_PAGE } from "../store/rerun-frontier";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let prisma: PrismaClient;
let web: TestWebServer;
let server: http.Server;
let base = "";

/** A small site that answers If-None-Match with 304: a home page linking to two articles, and a sitemap listing two more. */
const SITE: Record<string, string> = {
  "/": `<html><head><title>计算机新闻</title></head><body><p>计算机网络软件的新闻：今天的计算机和网络消息汇总在这里。</p>
    <a href="/a.html">计算机</a> <a href="/b.html">网络</a></body></html>`,
  "/a.html": "<html><head><title>计算机 A</title></head><body><p>计算机网络软件的文章 A，讲计算机和网络。</p></body></html>",
  "/b.html": "<html><head><title>计算机 B</title></head><body><p>计算机网络软件的文章 B，讲计算机和网络。</p></body></html>",
  "/s1.html": "<html><head><title>计算机 S1</title></head><body><p>计算机网络软件的文章 S1，讲计算机和网络。</p></body></html>",
  "/s2.html": "<html><head><title>计算机 S2</title></head><body><p>计算机网络软件的文章 S2，讲计算机和网络。</p></body></html>",
};

before(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  web = await startTestWeb({ seed: 5, pages: 400 });
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/robots.txt") return void res.writeHead(200, { "content-type": "text/plain" }).end(`User-agent: *\nSitemap: ${base}/sitemap.xml\n`);
    if (path === "/sitemap.xml") {
      return void res.writeHead(200, { "content-type": "application/xml" }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${base}/s1.html</loc></url><url><loc>${base}/s2.html</loc></url></urlset>`);
    }
    const body = SITE[path];
    if (!body) return void res.writeHead(404).end();
    const etag = `"v1-${path}"`;
    if (req.headers["if-none-match"] === etag) return void res.writeHead(304, { etag }).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await web.close();
  await prisma.$disconnect();
  await db.drop();
});

/** Crawl job `jobId` with a real worker until it ends. */
async function crawl(jobId: number): Promise<void> {
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 4, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [jobId], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
}

const marksOf = async (jobId: number) => Object.fromEntries((await db.sql<{ mark: string; n: number }[]>`
  select mark, count(*)::int as n from pages where job_id = ${jobId} group by mark`).map((r) => [r.mark, r.n]));

test("a re-run of a run that stopped at its budget takes over its pending URLs and stores new pages on the unchanged site", async () => {
  const made = await createWorkflow(prisma, "go on", {
    keywords: "计算机,软件,网络", seeds: web.web.portal, maxPages: 12, maxDepth: 4, minDelayMs: 0, strategy: "bfs", resolve: [`*=127.0.0.1:${web.port}`],
  });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(prisma, made.workflow.id);
  assert.ok(first.ok);
  await crawl(first.job.id);
  const [ended] = await db.sql`select finish_reason from jobs where id = ${first.job.id}`;
  assert.equal(ended.finish_reason, "max-pages");
  const left = await db.sql<{ url: string; depth: number; priority: number }[]>`
    select url, depth, coalesce(base_priority, priority) as priority from frontier
    where job_id = ${first.job.id} and status = 'pending' and sitemap_level is null order by priority desc, depth, id limit ${12 * CARRIED_URLS_PER_PAGE}`;
  assert.ok(left.length > 0, "the first run left URLs it had no budget for");

  const second = await runWorkflow(prisma, made.workflow.id);
  assert.ok(second.ok);
  const carried = await db.sql<{ url: string; depth: number; priority: number }[]>`
    select url, depth, priority from frontier where job_id = ${second.job.id} and revisit_page_id is null and url = any(${left.map((l) => l.url)}::text[])`;
  assert.equal(carried.length, left.length, "every URL the first run left is queued again");
  const byUrl = new Map(left.map((l) => [l.url, l]));
  for (const c of carried) assert.deepEqual([c.depth, c.priority], [byUrl.get(c.url)!.depth, byUrl.get(c.url)!.priority], c.url);
  // They count on their hosts as queued links, which the per-host limit reads.
  const [counted] = await db.sql`select coalesce(sum(urls_queued), 0)::int as n from hosts where job_id = ${second.job.id}`;
  assert.equal(counted.n, carried.length);

  await crawl(second.job.id);
  const marks = await marksOf(second.job.id);
  assert.ok((marks.unchanged ?? 0) > 0, JSON.stringify(marks));
  assert.ok((marks.new ?? 0) > 0, `the re-run found pages the first did not store: ${JSON.stringify(marks)}`);
  const [fromLeft] = await db.sql`select count(*)::int as n from pages where job_id = ${second.job.id} and mark = 'new' and url = any(${left.map((l) => l.url)}::text[])`;
  assert.ok(fromLeft.n > 0, "new pages include URLs the first run left");
});

test("a page answered 304 has its links read from the stored copy and queued, as a fetched page's", async () => {
  const made = await createWorkflow(prisma, "links of 304", { keywords: "计算机,网络", seeds: `${base}/`, maxPages: 1, minDelayMs: 0, strategy: "bfs" });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(prisma, made.workflow.id);
  assert.ok(first.ok);
  await crawl(first.job.id);
  assert.deepEqual((await db.sql`select url from pages where job_id = ${first.job.id}`).map((p) => p.url), [`${base}/`]);
  // Its links are not left pending (as if skipped): only the 304's stored copy can give them.
  await db.sql`update frontier set status = 'skipped', skip_reason = 'trap:max-pages-per-host' where job_id = ${first.job.id} and status = 'pending'`;

  const second = await runWorkflow(prisma, made.workflow.id);
  assert.ok(second.ok);
  await crawl(second.job.id);
  const [home] = await db.sql<{ id: string; mark: string }[]>`select id::text, mark from pages where job_id = ${second.job.id} and url = ${`${base}/`}`;
  assert.equal(home.mark, "unchanged");
  const children = await db.sql<{ url: string; depth: number }[]>`
    select url, depth from frontier where job_id = ${second.job.id} and parent_page_id = ${home.id} order by url`;
  assert.deepEqual(children.map((c) => [c.url, c.depth]), [[`${base}/a.html`, 1], [`${base}/b.html`, 1]]);
  const links = await db.sql`select to_url from links where from_page_id = ${home.id} order by to_url`;
  assert.deepEqual(links.map((l) => l.to_url), [`${base}/a.html`, `${base}/b.html`], "the copy keeps its links in the run's graph");
  const marks = await marksOf(second.job.id);
  assert.deepEqual(marks, { unchanged: 1, new: 1 }, "the 304 cost no page; the budget went to a new one");
  const [job] = await db.sql`select links_found from jobs where id = ${second.job.id}`;
  assert.ok(job.links_found >= 2);
});

test("a re-run reads the host's sitemaps again, as a first run does", async () => {
  const made = await createWorkflow(prisma, "sitemaps again", { keywords: "计算机,网络", seeds: `${base}/`, maxPages: 1, minDelayMs: 0, strategy: "bfs", sitemaps: true });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(prisma, made.workflow.id);
  assert.ok(first.ok);
  await crawl(first.job.id);
  await db.sql`update frontier set status = 'skipped', skip_reason = 'trap:max-pages-per-host' where job_id = ${first.job.id} and status = 'pending'`;
  const second = await runWorkflow(prisma, made.workflow.id);
  assert.ok(second.ok);
  await crawl(second.job.id);
  const [sitemap] = await db.sql`select status::text from frontier where job_id = ${second.job.id} and url = ${`${base}/sitemap.xml`}`;
  assert.equal(sitemap?.status, "done", "the sitemap was read again");
  const listed = await db.sql`select url from frontier where job_id = ${second.job.id} and priority_detail->>'sitemap' = '1' order by url`;
  assert.deepEqual(listed.map((l) => l.url), [`${base}/s1.html`, `${base}/s2.html`]);
});
