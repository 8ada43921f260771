/**
 * Graph recompute at scale: a job whose crawled graph has E links (default 1,000,000) between
 * 100,000 fetched pages and 100,000 queued URLs; each graph strategy's recompute is timed
 * (load, compute, write) with the worker's peak RSS.
 *   npm run bench:recompute -- [--edges 1000000] [--pages 100000] [--queued 100000]
 */
import { parseArgs } from "node:util";
import { withBenchDatabase } from "./bench-db";
import { recomputePriorities } from "../lib/maintenance/recompute";
import { makeJob } from "../lib/testing/fixtures";

const { values } = parseArgs({ options: { edges: { type: "string" }, pages: { type: "string" }, queued: { type: "string" } } });
const EDGES = Number(values.edges ?? 1_000_000);
const PAGES = Number(values.pages ?? 100_000);
const QUEUED = Number(values.queued ?? 100_000);

await withBenchDatabase("recompute", async (url, sql) => {
  const job = await makeJob(url, { keywords: "计算机,网络,数据库", seeds: "http://h0.test/", maxPages: 10_000_000 });
  const t = performance.now();
  const total = PAGES + QUEUED;
  await sql`insert into frontier (job_id, url, url_key, host, depth, priority, status)
    select ${job.id}, u, u, 'h' || (g % 500) || '.test', 1, 0, case when g <= ${PAGES} then 'done'::frontier_status else 'pending'::frontier_status end
    from generate_series(1, ${total}) g, lateral (select 'http://h' || (g % 500) || '.test/p' || g as u) x`;
  await sql`insert into pages (job_id, frontier_id, url, final_url, http_status, depth, is_relevant, out_links)
    select job_id, id, url, url, 200, 1, random() < 0.3, ${Math.round(EDGES / PAGES)} from frontier where job_id = ${job.id} and status = 'done'`;
  // Each page links to random URLs; the anchors name topic words now and then (IPageRank weighs them).
  await sql`insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text)
    select ${job.id}, p.id, u, u, case when random() < 0.2 then '网络数据库' else '链接' end
    from pages p, generate_series(1, ${Math.round(EDGES / PAGES)}) k,
      lateral (select 'http://h' || (t % 500) || '.test/p' || t as u from (select 1 + floor(random() * ${total})::int as t offset 0) r) x
    where p.job_id = ${job.id}`;
  await sql`analyze`;
  const [{ n }] = await sql`select count(*)::int as n from links where job_id = ${job.id}`;
  console.log(`graph: ${PAGES} fetched pages, ${QUEUED} queued URLs, ${n} links, built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  let peak = 0;
  const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  for (const strategy of ["pagerank", "ipagerank", "tr-pagerank", "tr-hits", "larger-site-first"]) {
    await sql`update jobs set strategy = ${strategy}, strategy_params = '{}' where id = ${job.id}`;
    // Each rewrite leaves 100,000 dead rows behind; autovacuum clears them in a real crawl.
    await sql`vacuum analyze frontier`;
    const t0 = performance.now();
    const s = await recomputePriorities(sql, job.id);
    const ms = Math.round(performance.now() - t0);
    console.log(JSON.stringify({ strategy, edges: s.edges, updated: s.updated, totalMs: ms, loadMs: s.loadMs, computeMs: s.computeMs, writeMs: s.writeMs }));
  }
  clearInterval(sample);
  console.log(`peak RSS ${Math.round(peak / 1024 / 1024)} MB`);
});
