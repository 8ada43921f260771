/**
 * The job page's queries on a large job: N pages over H hosts (bulk inserted with generate_series,
 * as a long crawl leaves them: most URLs fetched, some pending, a few failed), each query the page
 * runs timed R times; prints each query's median and p95 and the p95 of the slowest panel.
 *   npm run bench:job-page -- [--pages 1000000] [--hosts 10000] [--runs 20]
 */
import { parseArgs } from "node:util";
import { withBenchDatabase } from "./bench-db";
import { makeJob } from "../lib/testing/fixtures";
import { createPrisma } from "../lib/store/infra/prisma";
import { getJobProgress } from "../lib/store/jobs";
import { listPages } from "../lib/store/page-queries";
import { listQueued } from "../lib/store/frontier-queries";
import { readErrorSeries, readMinuteSeries, readRelevanceHistogram } from "../lib/store/monitor-charts";
import { readJobTiming } from "../lib/store/job-timing";
import { countFrontier } from "../lib/store/frontier-counts";
import { listJobHosts, parseHostQuery } from "../lib/store/monitor-hosts";
import { diagnoseJob } from "../lib/store/diagnostics";
import { listJobEvents } from "../lib/store/events";
import { beat } from "../lib/store/workers";

const { values } = parseArgs({ options: { pages: { type: "string" }, hosts: { type: "string" }, runs: { type: "string" } } });
const PAGES = Number(values.pages ?? 1_000_000);
const HOSTS = Number(values.hosts ?? 10_000);
const RUNS = Number(values.runs ?? 20);
const PENDING = Math.round(PAGES / 5);
const FAILED = Math.round(PAGES / 20);
const MINUTES = 600;

await withBenchDatabase("job-page", async (url, sql) => {
  const job = await makeJob(url, { keywords: "计算机", seeds: "http://h1.test/", maxPages: PAGES * 2, minDelayMs: 1000 });
  let t = performance.now();
  await sql`update jobs set pages_fetched = ${PAGES}, pages_relevant = ${Math.round(PAGES * 0.3)}, pages_failed = ${FAILED},
    pages_reserved = ${PAGES + FAILED}, started_at = now() - ${MINUTES} * interval '1 minute' where id = ${job.id}`;
  await sql`insert into hosts (job_id, host, min_delay_ms, max_connections, robots_state, pages_fetched, pages_relevant, errors, urls_queued, next_fetch_at)
    select ${job.id}, 'h' || g || '.test', 1000, 2, case when g % 50 = 0 then 'unreachable' else 'allow-all' end,
      ${Math.round(PAGES / HOSTS)}::int, ${Math.round(PAGES / HOSTS)}::int * (g % 10) / 10, g % 7, ${Math.round((PAGES + PENDING) / HOSTS)}::int,
      now() + (g % 60) * interval '1 second'
    from generate_series(1, ${HOSTS}) g on conflict (job_id, host) do nothing`;
  // Fetched URLs (with pages), then pending and failed ones; hosts round-robin.
  await sql`insert into frontier (job_id, url, url_key, host, depth, priority, status, last_error, updated_at, next_attempt_at)
    select ${job.id}, u, u, 'h' || (g % ${HOSTS} + 1) || '.test', 1 + g % 7, random(),
      case when g <= ${PAGES} then 'done' when g <= ${PAGES + PENDING} then 'pending' else 'failed' end::frontier_status,
      case when g > ${PAGES + PENDING} then (array['http-404', 'timeout', 'http-500', 'dns'])[g % 4 + 1] end,
      now() - (g % ${MINUTES}) * interval '1 minute', now() - interval '1 minute'
    from generate_series(1, ${PAGES + PENDING + FAILED}) g, lateral (select 'http://h' || (g % ${HOSTS} + 1) || '.test/p' || g as u) x`;
  await sql`insert into pages (job_id, frontier_id, url, final_url, http_status, relevance, is_relevant, depth, fetched_at, host)
    select job_id, id, url, url, 200, r, r >= 0.3, depth, now() - (id % ${MINUTES}) * interval '1 minute', host
    from frontier f, lateral (select random() ^ 2 as r) x where f.job_id = ${job.id} and f.status = 'done'`;
  await sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed, enqueued, bytes)
    select ${job.id}, date_trunc('minute', now()) - g * interval '1 minute', ${Math.round(PAGES / MINUTES)}::int,
      ${Math.round(PAGES / MINUTES * 0.3)}::int, ${Math.round(FAILED / MINUTES)}::int, 0, 0
    from generate_series(0, ${MINUTES - 1}) g`;
  await sql`insert into job_events (job_id, kind, message) select ${job.id}, 'recomputed', 'pagerank: ' || g || ' URLs' from generate_series(1, 1000) g`;
  await sql`vacuum analyze`;
  console.log(`job with ${PAGES} pages, ${PENDING} pending and ${FAILED} failed URLs on ${HOSTS} hosts built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await beat(sql, { workerId: "bench", hostname: "bench", pid: process.pid, status: "running", inFlight: 0, fetchedTotal: 0 });

  const prisma = createPrisma(url);
  const queries: [string, () => Promise<unknown>][] = [
    ["progress (getJobProgress)", () => getJobProgress(prisma, job.id)],
    ["pages screen 1 (listPages)", () => listPages(prisma, job.id, 1)],
    ["queue (listQueued)", () => listQueued(prisma, job.id, 20)],
    ["chart: minutes", () => readMinuteSeries(sql, job.id)],
    ["chart: relevance histogram", () => readRelevanceHistogram(sql, job.id)],
    ["chart: frontier by status", () => countFrontier(sql, job.id)],
    ["chart: errors by reason", () => readErrorSeries(sql, job.id)],
    ["budget, rate and ETA (readJobTiming)", () => readJobTiming(sql, job.id)],
    ["hosts: default sort", () => listJobHosts(sql, job.id, parseHostQuery({}))],
    ["hosts: by harvest", () => listJobHosts(sql, job.id, parseHostQuery({ hsort: "harvest" }))],
    ["hosts: search, screen 3", () => listJobHosts(sql, job.id, parseHostQuery({ hq: "h1", hpage: "3" }))],
    ["diagnostics", () => diagnoseJob(sql, job.id)],
    ["events", () => listJobEvents(sql, job.id, 50)],
  ];
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];
  let worst = 0;
  for (const [name, run] of queries) {
    await run(); // warm
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    worst = Math.max(worst, pct(times, 0.95));
    console.log(`${name.padEnd(30)} median ${pct(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(times, 0.95).toFixed(1).padStart(7)} ms`);
  }
  console.log(`slowest query p95: ${worst.toFixed(1)} ms (target < 300 ms)`);
  await prisma.$disconnect();
});
