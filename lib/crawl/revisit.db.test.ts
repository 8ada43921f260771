import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { createPrisma, type PrismaClient } from "../store/infra/prisma";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { createWorkflow, runWorkflow } from "../store/workflows";
import { FRESH_LINK_BOOST } from "../rules/revisit";
import { createCrawlWorker } from "./worker";

let db: TestDatabase;
let prisma: PrismaClient;
let web: TestWebServer;

before(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  web = await startTestWeb({ seed: 5, pages: 400, keepLog: true });
});
after(async () => {
  await web.close();
  await prisma.$disconnect();
  await db.drop();
});

/** Crawl job `jobId` with a real worker until it ends, `concurrency` URLs at a time. */
async function crawl(jobId: number, concurrency = 4): Promise<void> {
  const worker = createCrawlWorker({
    sql: db.sql, concurrency, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [jobId], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
}

test("a workflow's re-run revisits over HTTP: 304s are stored unchanged for free, the edited page changed, its new links first", async () => {
  const made = await createWorkflow(prisma, "fresh", {
    keywords: "计算机,软件,网络", seeds: web.web.portal, maxPages: 15, maxDepth: 3, minDelayMs: 0, strategy: "bfs", resolve: [`*=127.0.0.1:${web.port}`],
  });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(prisma, made.workflow.id);
  assert.ok(first.ok);
  await crawl(first.job.id);
  const stored = await db.sql<{ id: string; url: string; kind: string; depth: number }[]>`
    select id::text, url, page_kind as kind, depth from pages where job_id = ${first.job.id} order by id`;
  assert.equal(stored.length, 15);
  // Edit a site's home or list page the first run stored: its main text and ETag change (a
  // content page's main text leaves out the line the test web adds).
  const hub = stored.find((p) => p.kind !== "content" && p.depth > 0);
  assert.ok(hub, "the first run stored a site's home or list page");
  const u = new URL(hub.url);
  web.editPage(u.hostname, u.pathname);
  // A re-run also takes over the URLs the first run left (lib/crawl/rerun-discovery.db.test.ts);
  // left out here, so that the edited page's links are queued by that page alone.
  await db.sql`update frontier set status = 'skipped', skip_reason = 'test:not-carried' where job_id = ${first.job.id} and status = 'pending'`;

  const second = await runWorkflow(prisma, made.workflow.id);
  assert.ok(second.ok);
  const logFrom = web.log.length;
  // One URL at a time, so that the claim's order alone decides: revisits (priority 1000 and up)
  // before the edited page's new links (100). With several at a time, a host whose revisits are
  // done fetches new pages beside another host's revisits, and on a busy machine the budget of 15
  // could be spent before the last revisit was claimed.
  await crawl(second.job.id, 1);
  const marks = Object.fromEntries((await db.sql<{ mark: string; n: number }[]>`
    select mark, count(*)::int as n from pages where job_id = ${second.job.id} group by mark`).map((r) => [r.mark, r.n]));
  assert.equal(marks.changed, 1, JSON.stringify(marks));
  assert.equal(marks.unchanged, 14, JSON.stringify(marks));
  const notModified = web.log.slice(logFrom).filter((r) => r.status === 304).length;
  assert.equal(notModified, 14, "each unchanged page was a conditional request answered 304");
  const [job] = await db.sql`select pages_fetched, pages_reserved, max_pages, finish_reason from jobs where id = ${second.job.id}`;
  assert.equal(job.pages_fetched, 15, "the budget went to the changed page and new ones, none to the 304s");
  assert.equal(marks.new, 14);
  const [edited] = await db.sql`select id, mark from pages where job_id = ${second.job.id} and url = ${hub.url}`;
  assert.equal(edited.mark, "changed");
  // The edited page's links no run had stored were queued above the strategy's own priorities (bfs: 0).
  const children = await db.sql<{ priority: number }[]>`
    select f.priority from frontier f where f.job_id = ${second.job.id} and f.parent_page_id = ${edited.id} and f.revisit_page_id is null and f.status <> 'skipped'`;
  assert.ok(children.length > 0 && children.every((c) => c.priority >= FRESH_LINK_BOOST), JSON.stringify(children));
  // The unchanged copies are whole: text, score and a kept body each.
  const [copies] = await db.sql`select count(*)::int as n, count(*) filter (where main_text <> '' and exists (select 1 from page_bodies b where b.page_id = p.id))::int as whole
    from pages p where job_id = ${second.job.id} and mark = 'unchanged'`;
  assert.equal(copies.whole, copies.n);
});
