/**
 * One crawl worker process for the heavy benchmark: crawls the given jobs until they end, then
 * prints one JSON line with its wall time and peak RSS. Its own process, so that its RSS and
 * CPU profile (--cpu-prof) are the worker's alone.
 *   node --import tsx bench/heavy/worker-run.ts --db URL --job ID [--concurrency 32] [--pages N (for the RSS timeline)]
 */
import { parseArgs } from "node:util";
import v8 from "node:v8";
import { ownThreadCpuSeconds } from "./proc-stats";
import { createCrawlWorker } from "../../lib/crawl/worker";
import { openClaimSql, openSql } from "../../lib/store/infra/sql";

const { values } = parseArgs({ options: { db: { type: "string" }, job: { type: "string", multiple: true }, concurrency: { type: "string" }, pages: { type: "string" }, threads: { type: "string" } } });
if (!values.db || !values.job?.length) throw new Error("--db URL and --job ID are required");
const concurrency = Number(values.concurrency ?? 32);
const sql = openSql(values.db, { max: concurrency + 4, isAsyncCommit: true });
const claimSql = openClaimSql(values.db, "focuscrawl-bench");
const worker = createCrawlWorker({
  sql, claimSql, concurrency, leaseMs: 120_000, heartbeatMs: 2_000, staleAfterMs: 30_000, idlePollMs: 50,
  analysisThreads: values.threads === undefined ? undefined : Number(values.threads),
  userAgent: "FocusCrawl-bench", allowPrivate: true, jobIds: values.job.map(Number), exitWhenJobsEnd: true, log: () => {},
});
let peakRss = 0;
/** V8's heap and the memory outside it when RSS peaked (MB). */
let atPeak: Record<string, number> = {};
/** RSS (MB) each time another tenth of the pages is stored: flat means nothing is kept per page. */
const rssByPages: Record<number, number> = {};
const tenth = Math.max(1, Math.round(Number(values.pages ?? 0) / 10));
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  const rss = m.rss;
  if (rss > peakRss) {
    atPeak = { heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
    for (const sp of v8.getHeapSpaceStatistics()) atPeak[`${sp.space_name} (used)`] = sp.space_used_size;
  }
  peakRss = Math.max(peakRss, rss);
  const mark = Math.floor(worker.counts.stored / tenth) * tenth;
  if (values.pages && mark > 0 && !(mark in rssByPages)) rssByPages[mark] = Math.round(rss / 2 ** 20);
}, 100);
// Read while the crawl runs: the analysis threads end with it.
let threadsAtEnd = ownThreadCpuSeconds();
const started = performance.now();
const watchThreads = setInterval(() => { threadsAtEnd = ownThreadCpuSeconds(); }, 500);
await worker.run();
clearInterval(watchThreads);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await Promise.all([sql.end(), claimSql.end()]);
const { user, system } = process.cpuUsage(); // all the process's threads
console.log(JSON.stringify({ seconds, cpuMs: (user + system) / 1000, threadCpuMs: Object.fromEntries(Object.entries(threadsAtEnd).map(([k, v]) => [k, Math.round(v * 1000)])), peakRssMb: Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20), counts: worker.counts, rssByPages,
  atPeakMb: Object.fromEntries(Object.entries(atPeak).map(([k, v]) => [k, Math.round(v / 2 ** 20)])) }));
