/**
 * A crawl worker process: claims URLs of running jobs until told to stop.
 * First SIGTERM/SIGINT: stop claiming and finish what is in flight. Second: exit at once.
 * One Ctrl-C in a terminal reaches the whole process group; a second signal within a second of
 * the first is taken as the same one.
 */
import { openDatabase } from "../lib/store/infra/connect";
import { openClaimSql, openSql } from "../lib/store/infra/sql";
import { guardWorkerProcess } from "../lib/crawl/url-faults";
import { createCrawlWorker } from "../lib/crawl/worker";
import { parseResolveMap } from "../lib/rules/resolve-map";
import { loadEnv } from "../lib/env";

// An error escaping one URL's handling fails that URL, not the process (lib/crawl/url-faults.ts).
guardWorkerProcess((l) => console.log(`[worker] ${l}`));

// Until the worker holds anything (while it starts: database, migrations), a signal ends it at once.
let onSignal: (signal: string) => void = (signal) => {
  console.log(`[worker] ${signal} while starting: stopped before claiming anything`);
  process.exit(0);
};
process.on("SIGINT", () => onSignal("SIGINT"));
process.on("SIGTERM", () => onSignal("SIGTERM"));

const env = loadEnv();
/** A worker (re)started while its database restarts waits this long for it before giving up. */
const DATABASE_WAIT_MS = 120_000;
const db = await openDatabase(env, (l) => console.log(`[worker] ${l}`), { waitMs: DATABASE_WAIT_MS });
const sql = openSql(db.url, { max: Math.min(30, env.WORKER_CONCURRENCY + 4), app: "focuscrawl-worker", isAsyncCommit: true });
const claimSql = openClaimSql(db.url, "focuscrawl-worker");
const worker = createCrawlWorker({
  sql,
  claimSql,
  concurrency: env.WORKER_CONCURRENCY,
  analysisThreads: env.WORKER_ANALYSIS_THREADS,
  leaseMs: env.WORKER_LEASE_MS,
  heartbeatMs: env.WORKER_HEARTBEAT_MS,
  staleAfterMs: env.WORKER_STALE_AFTER_MS,
  idlePollMs: env.WORKER_IDLE_POLL_MS,
  userAgent: env.CRAWL_USER_AGENT,
  allowPrivate: env.ALLOW_PRIVATE_NETWORKS,
  privateAllowList: env.PRIVATE_NETWORK_ALLOW,
  resolve: parseResolveMap(env.CRAWL_RESOLVE),
  browser: env.BROWSER_PATH ? { executablePath: env.BROWSER_PATH, maxPages: env.BROWSER_PAGES, pageBudgetMs: env.BROWSER_PAGE_BUDGET_MS,
    heapMb: env.BROWSER_HEAP_MB, userAgent: env.CRAWL_USER_AGENT } : undefined,
});

let signals = 0;
let firstSignalAt = 0;
onSignal = (signal: string) => {
  if (signals > 0 && Date.now() - firstSignalAt < 1_000) return;
  firstSignalAt ||= Date.now();
  if (++signals > 1) {
    console.log(`[worker] ${signal} again: exiting without draining`);
    process.exit(1);
  }
  worker.drain();
};

console.log(`[worker] ${worker.workerId} started, concurrency ${env.WORKER_CONCURRENCY}`);
await worker.run();
await Promise.all([sql.end({ timeout: 5 }), claimSql.end({ timeout: 5 })]);
// A worker never stops the embedded PostgreSQL, not even one it started: the dashboard and
// other workers may be using it (npm start owns it and stops it with everything else).
if (db.isEmbedded) console.log("[worker] the embedded PostgreSQL keeps running for the dashboard and other workers");
console.log(`[worker] stopped after storing ${worker.counts.stored} page(s)`);
