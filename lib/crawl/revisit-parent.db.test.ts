import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { createPrisma, type PrismaClient } from "../store/infra/prisma";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { FRESH_LINK_BOOST, REVISIT_PRIORITY_BASE } from "../rules/revisit";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let prisma: PrismaClient;
let server: http.Server;
let base = "";
let edition = 0;

before(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  // A home page whose text changes on every visit, linking to two articles; no robots.txt.
  server = http.createServer((req, res) => {
    if (req.url !== "/") return void res.writeHead(404).end();
    edition += 1;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<html><head><title>计算机新闻</title></head><body>
      <p>计算机网络软件的新闻，第 ${edition} 版：今天的计算机和网络消息汇总在这里。</p><a href="/a.html">计算机</a> <a href="/b.html">网络</a></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await prisma.$disconnect();
  await db.drop();
});

async function crawl(jobId: number): Promise<void> {
  const worker = createCrawlWorker({
    sql: db.sql, concurrency: 2, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [jobId], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
}

test("a revisited page passes its links a seed's cash, not the revisit's place in the queue (OPIC)", async () => {
  const made = await createWorkflow(prisma, "cash", { keywords: "计算机,网络", seeds: `${base}/`, maxPages: 1, minDelayMs: 0, strategy: "opic" });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(prisma, made.workflow.id);
  assert.ok(first.ok);
  await crawl(first.job.id);
  const [seed] = await db.sql<{ id: string }[]>`select id::text from pages where job_id = ${first.job.id}`;
  const firstChildren = await db.sql<{ priority: number }[]>`select priority from frontier where job_id = ${first.job.id} and parent_page_id = ${seed.id}`;
  assert.equal(firstChildren.length, 2);
  // A re-run also takes over the URLs the first run left (lib/crawl/rerun-discovery.db.test.ts);
  // left out here, so that the home page's links are queued by that page alone.
  await db.sql`update frontier set status = 'skipped', skip_reason = 'test:not-carried' where job_id = ${first.job.id} and status = 'pending'`;

  const second = await runWorkflow(prisma, made.workflow.id);
  assert.ok(second.ok);
  await crawl(second.job.id);
  const [home] = await db.sql<{ id: string; mark: string }[]>`select id::text, mark from pages where job_id = ${second.job.id}`;
  assert.equal(home.mark, "changed");
  const children = await db.sql<{ priority: number }[]>`select priority from frontier where job_id = ${second.job.id} and parent_page_id = ${home.id} order by url`;
  // The same cash as the first run's links, raised as links of a changed page are.
  assert.deepEqual(children.map((c) => c.priority), firstChildren.map((c) => c.priority + FRESH_LINK_BOOST));
  assert.ok(children.every((c) => c.priority < REVISIT_PRIORITY_BASE / 2), "new URLs stay below the revisits");
});
