import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createCrawlWorker } from "../crawl/worker";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { startTestWeb, type TestWebServer } from "../testweb/server";
import { loadJobGraph, recomputeDueJobs, recomputePriorities } from "./recompute";

let db: TestDatabase;
let web: TestWebServer;
before(async () => {
  db = await createTestDatabase();
  // Slow enough (30 ms a response) that maintenance ticks see the crawl running.
  web = await startTestWeb({ seed: 2, pages: 1500, latencyMs: 30 });
});
after(async () => {
  await web.close();
  await db.drop();
});

async function crawl(strategy: string, strategyParams: Record<string, unknown>, maxPages: number) {
  const job = await makeJob(db.url, { keywords: "经济,市场,金融,贸易", seeds: web.web.portal, maxPages, strategy, strategyParams,
    resolve: [`*=127.0.0.1:${web.port}`], minDelayMs: 0 });
  const worker = createCrawlWorker({ sql: db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 200, staleAfterMs: 10_000, idlePollMs: 20,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {} });
  await worker.run();
  return job.id;
}

test("graph strategies recompute the frontier's priorities during the crawl and say so on the job", async () => {
  for (const strategy of ["pagerank", "ipagerank", "tr-pagerank", "tr-hits", "larger-site-first"]) {
    const jobId = await crawl(strategy, { recomputeEvery: 60 }, 200);
    const events = await db.sql`select message from job_events where job_id = ${jobId} and kind = 'recomputed'`;
    const all = await db.sql`select kind, message from job_events where job_id = ${jobId}`;
    assert.ok(events.length >= 1, `${strategy}: no recompute logged: ${JSON.stringify(all)}`);
    // Recompute once more now that the crawl has ended, and check what it wrote.
    await db.sql`update jobs set status = 'running' where id = ${jobId}`;
    const stats = await recomputePriorities(db.sql, jobId);
    await db.sql`update jobs set status = 'done' where id = ${jobId}`;
    assert.ok(stats.updated > 0, `${strategy}: ${JSON.stringify(stats)}`);
    const [row] = strategy === "larger-site-first"
      ? await db.sql`select count(*)::int as n from frontier where job_id = ${jobId} and status = 'pending' and priority_detail ? 'queuedOnHost'`
      : await db.sql`select count(*)::int as n from frontier where job_id = ${jobId} and status = 'pending' and priority_detail->>'recomputed' = ${strategy}`;
    assert.equal(row.n, stats.updated, `${strategy}: every pending URL says its priority was recomputed by ${strategy}`);
  }
});

test("PageRank on the crawled graph: a URL linked from every page outranks one linked once", async () => {
  const jobId = await crawl("pagerank", { recomputeEvery: 1000 }, 120);
  await recomputePriorities(db.sql, jobId);
  const rows = await db.sql<{ priority: number; inlinks: number }[]>`
    select f.priority, (select count(*)::int from links l where l.job_id = f.job_id and l.to_url_key = f.url_key) as inlinks
    from frontier f where f.job_id = ${jobId} and f.status = 'pending' order by inlinks desc`;
  const most = rows[0];
  const least = rows[rows.length - 1];
  assert.ok(most.inlinks > least.inlinks && most.priority > least.priority, `${JSON.stringify(most)} vs ${JSON.stringify(least)}`);
});

test("a recompute that fails keeps the previous priorities and is logged on the job", async () => {
  const jobId = await crawl("pagerank", { recomputeEvery: 1000 }, 80);
  const before = await db.sql`select id, priority from frontier where job_id = ${jobId} order by id`;
  await db.sql`update jobs set status = 'running', pages_fetched = pages_fetched + 5000, strategy_params = '{"d": 7}' where id = ${jobId}`;
  const ran = await recomputeDueJobs(db.sql, () => {});
  await db.sql`update jobs set status = 'done' where id = ${jobId}`;
  assert.deepEqual(ran, [jobId]);
  const [event] = await db.sql`select message from job_events where job_id = ${jobId} and kind = 'recompute-failed'`;
  assert.match(event.message, /previous priorities kept: d must be a number from 0.01 to 0.99/);
  assert.deepEqual(await db.sql`select id, priority from frontier where job_id = ${jobId} order by id`, before);
});

test("the graph is read exactly: every link between known URLs, with its anchor; skipped URLs left out", async () => {
  const job = await makeJob(db.url, { keywords: "经济", seeds: "http://a.test/", maxPages: 100 });
  // a (fetched, relevant) → b, c, s; b (fetched) → a, c; c is queued; s was skipped.
  await db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  await db.sql`insert into frontier (job_id, url, url_key, host, depth, status)
    values (${job.id}, 'http://a.test/b', 'http://a.test/b', 'a.test', 1, 'done'), (${job.id}, 'http://a.test/c', 'http://a.test/c', 'a.test', 1, 'pending'),
      (${job.id}, 'http://a.test/s', 'http://a.test/s', 'a.test', 1, 'skipped')`;
  const f = Object.fromEntries((await db.sql`select url, id from frontier where job_id = ${job.id}`).map((r) => [r.url, r.id]));
  const [a] = await db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, depth, is_relevant)
    values (${job.id}, ${f["http://a.test/"]}, 'http://a.test/', 'http://a.test/', 200, 0, true) returning id`;
  const [b] = await db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, depth, is_relevant)
    values (${job.id}, ${f["http://a.test/b"]}, 'http://a.test/b', 'http://a.test/b', 200, 1, false) returning id`;
  const link = (from: string, to: string, anchor: string | null) =>
    db.sql`insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text) values (${job.id}, ${from}, ${to}, ${to}, ${anchor})`;
  await link(a.id, "http://a.test/b", "经济新闻");
  await link(a.id, "http://a.test/c", "更多");
  await link(a.id, "http://a.test/s", "更多");
  await link(b.id, "http://a.test/", null);
  await link(b.id, "http://a.test/c", "经济新闻");
  const g = await loadJobGraph(db.sql, job.id, true);
  const url = (i: number) => g.urls![i].replace("http://a.test/", "/");
  assert.deepEqual([...g.ids], [f["http://a.test/"], f["http://a.test/b"], f["http://a.test/c"]].map(Number).sort((x, y) => x - y));
  assert.deepEqual(g.urls!.map((_, i) => url(i)), ["/", "/b", "/c"]);
  assert.deepEqual([...g.isPending], [0, 0, 1]);
  assert.deepEqual([...g.isRelevant], [1, 0, 0]);
  const edges = [...g.from].map((x, k) => `${url(x)}→${url(g.to[k])} ${g.anchors[g.anchorOf![k]]}`).sort();
  assert.deepEqual(edges, ["/b→/ ", "/b→/c 经济新闻", "/→/b 经济新闻", "/→/c 更多"]);
  const plain = await loadJobGraph(db.sql, job.id, false);
  assert.equal(plain.urls, null);
  assert.equal(plain.from.length, 4);
});
