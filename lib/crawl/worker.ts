/**
 * The crawl worker loop: keep up to `concurrency` URLs in flight, claimed in batches; beat,
 * reclaim dead workers' leases and end finished jobs on a timer; drain on request.
 */
import os from "node:os";
import { randomBytes } from "node:crypto";
import { hasClassTopicJob } from "../store/jobs";
import { finishJobs, LeaseLostError, reclaimExpiredLeases, retryLater } from "../store/frontier";
import { claimUrls, type ClaimedUrl } from "../store/claim/claim";
import { retryWithBackoff } from "../store/infra/backoff";
import { createCutTries } from "./cut-tries";
import type { Sql } from "../store/infra/sql";
import { rescoreBatch } from "../maintenance/rescore";
import { recomputeDueJobs } from "../maintenance/recompute";
import { adaptDueTopics } from "../maintenance/refine";
import { beat } from "../store/workers";
import { CLAIM_BUCKETS_S, FETCH_BUCKETS_S, newHistogram, observe, type WorkerLatency } from "../store/worker-latency";
import { projectPath } from "../project-root";
import fs from "node:fs";
import { createFetcher, type Fetcher, type FetcherOptions } from "./fetch";
import { createJobContextCache, type JobContext } from "./job-context";
import { processUrl, type UrlResult } from "./process-url";
import { defaultAnalysisThreads, pageAnalyser } from "./analysis/pool";
import { createPageWriter } from "./page-writer";
import { createBrowserPool, type BrowserOptions } from "./browser";
import { createRequestLog } from "./request-log-buffer";
import type { ResolveMap } from "../rules/resolve-map";
import { warmUpTextPipeline } from "../topic/topic";
import { warmUpFieldRivals } from "../topic/field-rivals";
import { warmUpFieldPosterior } from "../topic/field-posterior";
import { repairHostsPending } from "../store/host-pending";
import { skipUrlsOfSetAsideHosts } from "../store/host-controls";
import { findStalledJobs, recordStall } from "../store/stall";
import { storeNonPage } from "../store/pages";
import { handleAsUrl, UrlFaultError, WORKER_FAULT } from "./url-faults";

/** Worker settings; every duration in milliseconds. */
export interface WorkerOptions {
  sql: Sql;
  /**
   * A pool of one connection for the worker's claims (openSql with max 1), apart from `sql`: on
   * it the claim statement is prepared once and PostgreSQL keeps its plan. Claims taking any of
   * the pool's connections planned the large statement anew on each one's first runs, and a
   * worker's claims waited 34–50 ms at the 95th percentile (docs/SCALING.md). Default: `sql`.
   */
  claimSql?: Sql;
  concurrency: number;
  leaseMs: number;
  heartbeatMs: number;
  staleAfterMs: number;
  idlePollMs: number;
  userAgent: string;
  allowPrivate: boolean;
  /** Private networks or hosts crawlable all the same (PRIVATE_NETWORK_ALLOW). */
  privateAllowList?: string[];
  /** Deployment-wide host overrides; a job's own entries win. */
  resolve?: ResolveMap;
  /** The browser for jobs in browser or auto mode (none: every page over HTTP). */
  browser?: BrowserOptions;
  /** Only crawl these jobs (the CLI runs one job in-process). */
  jobIds?: number[];
  /** Drain by itself once every job in `jobIds` has ended. */
  exitWhenJobsEnd?: boolean;
  /**
   * With `jobIds`: when nothing was claimed for this long while one of the jobs had a URL due on
   * a host ready all that time, record the stall on the job and make `run()` reject (StallError).
   */
  failOnStallMs?: number;
  /** Threads that decode, parse and score pages (default: defaultAnalysisThreads(); 0: the main thread does it). */
  analysisThreads?: number;
  log?: (line: string) => void;
  /** The pipeline for one URL (default processUrl; a test puts one in whose handling faults). */
  processUrl?: typeof processUrl;
}

/** The version a worker reports with its heartbeat (package.json's). */
function readVersion(): string {
  try {
    return String(JSON.parse(fs.readFileSync(projectPath("package.json"), "utf8")).version ?? "");
  } catch {
    return "";
  }
}

/** Pages a minute are measured over the heartbeats of this window. */
const RATE_WINDOW_MS = 60_000;

/** Time per maintenance tick given to re-scoring pages after a topic change. */
const RESCORE_SLICE_MS = 1_000;

/**
 * A freed slot is not claimed alone while most slots are busy: the claim costs the database about
 * as much for one URL as for eight (bench/PERFORMANCE.md: one claim per page was a quarter of its
 * time). The worker waits until a quarter of its slots are free, or this long since its last claim.
 */
const CLAIM_GATHER_MS = 50;

/** Slots to gather before claiming while URLs are still in flight (see CLAIM_GATHER_MS). */
export function claimRoom(concurrency: number, inFlight: number, msSinceClaim: number): number {
  const room = concurrency - inFlight;
  if (room <= 0) return 0;
  const gather = Math.max(1, Math.floor(concurrency / 4));
  return inFlight === 0 || room >= gather || msSinceClaim >= CLAIM_GATHER_MS ? room : 0;
}

/** Thrown by `run()` when a job stalled (see WorkerOptions.failOnStallMs). */
export class StallError extends Error {}

/** A unique id per process: host, pid and a random suffix so restarts never reuse one. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/** Create a worker; `run()` resolves once it has drained. */
export function createCrawlWorker(opts: WorkerOptions) {
  const workerId = newWorkerId();
  const log = opts.log ?? ((line: string) => console.log(`[worker ${workerId}] ${line}`));
  const inFlight = new Set<Promise<void>>();
  const fetchers = new Map<string, Fetcher>();
  const jobContext = createJobContextCache(opts.sql);
  const counts: Record<UrlResult | "errors", number> = { stored: 0, retry: 0, failed: 0, skipped: 0, "robots-fetched": 0, "sitemap-read": 0, errors: 0 };
  let isDraining = false;
  let wake: (() => void) | undefined;
  let lastFinishCheck = 0;
  const version = readVersion();
  const latency: WorkerLatency = { fetch: newHistogram(FETCH_BUCKETS_S), claim: newHistogram(CLAIM_BUCKETS_S) };
  /** (time, pages stored) at recent heartbeats, oldest first, for the pages-a-minute rate. */
  const storedSamples: [number, number][] = [];
  function pagesPerMinute(): number {
    const now = Date.now();
    storedSamples.push([now, counts.stored]);
    while (storedSamples.length > 2 && storedSamples[1][0] <= now - RATE_WINDOW_MS) storedSamples.shift();
    const [t0, n0] = storedSamples[0];
    return now - t0 > 0 ? ((counts.stored - n0) * 60_000) / (now - t0) : 0;
  }
  const report = (status: "running" | "stopped") => ({
    workerId, hostname: os.hostname(), pid: process.pid, status, inFlight: status === "running" ? inFlight.size : 0,
    fetchedTotal: counts.stored, version, pagesPerMinute: status === "running" ? pagesPerMinute() : 0, latency,
  });

  /** One fetcher (connection pools, DNS cache) per distinct fetch configuration, shared by jobs that agree. */
  const fetcherOfContext = new WeakMap<JobContext, Fetcher>();
  function fetcherFor(ctx: JobContext): Fetcher {
    const known = fetcherOfContext.get(ctx);
    if (known) return known;
    const s = ctx.settings;
    const config: FetcherOptions = {
      userAgent: opts.userAgent, allowPrivate: opts.allowPrivate, privateAllowList: opts.privateAllowList,
      resolve: opts.resolve, jobResolve: ctx.resolve, proxy: s.proxy, siteAuth: s.siteAuth, cookies: s.cookies,
      connectTimeoutMs: s.connectTimeoutMs, headersTimeoutMs: s.headersTimeoutMs, bodyTimeoutMs: s.bodyTimeoutMs, maxBodyBytes: s.maxBodyBytes,
    };
    const key = JSON.stringify(config);
    let f = fetchers.get(key);
    if (!f) {
      const fetcher = createFetcher(config);
      // Every fetch's duration (robots.txt too) goes into the fetch latency histogram.
      f = { ...fetcher, fetchUrl: async (...args) => {
        const outcome = await fetcher.fetchUrl(...args);
        observe(latency.fetch, outcome.fetchMs / 1000);
        return outcome;
      } };
      fetchers.set(key, f);
    }
    fetcherOfContext.set(ctx, f);
    return f;
  }

  const cutTries = createCutTries(opts.sql, workerId, log);
  // One browser for the worker, started by the first page that needs it.
  const browser = opts.browser ? createBrowserPool(opts.browser) : undefined;
  const requestLog = createRequestLog(opts.sql, log);
  const analysisThreads = opts.analysisThreads ?? defaultAnalysisThreads();
  const analyser = pageAnalyser(analysisThreads);
  const deps = { sql: opts.sql, workerId, userAgent: opts.userAgent, jobContext, fetcherFor, browser, robotsCache: new Map(), log, requestLog, analyser,
    pageWriter: createPageWriter(opts.sql) };

  const pipeline = opts.processUrl ?? processUrl;

  /**
   * Fail a URL whose handling an escaping error cut short (lib/crawl/url-faults.ts): failed for
   * good with the error, not retried, as the same page would fault the same way.
   */
  async function failFaulted(item: ClaimedUrl, err: UrlFaultError): Promise<void> {
    const reason = `${WORKER_FAULT}: ${err.message}`.slice(0, 500);
    try {
      await storeNonPage(opts.sql, { jobId: item.jobId, frontierId: item.id, workerId, host: item.host, status: "failed", reason,
        isFetched: true, answeredAt: new Date() });
      const keep = (await jobContext(item.jobId)).settings.requestLogKeep;
      requestLog.add({ jobId: item.jobId, at: new Date(), url: item.url, host: item.host, status: null, bytes: 0, durationMs: 0,
        outcome: "failed", reason }, keep);
    } catch (e) {
      if (e instanceof LeaseLostError) return log(e.message);
      if (!cutTries.noteError(e)) log(`could not fail ${item.url} after its fault: ${(e as Error).message}; its lease will expire`);
    }
  }

  async function handle(item: ClaimedUrl): Promise<void> {
    try {
      counts[await handleAsUrl(item.url, () => pipeline(deps, item))]++;
    } catch (err) {
      counts.errors++;
      if (err instanceof LeaseLostError) return log(err.message);
      if (err instanceof UrlFaultError) return failFaulted(item, err);
      if (cutTries.noteError(err)) {
        // Nothing can be written now: the URL goes back untried, its attempt not counted.
        return log(`database away while on ${item.url} (${(err as Error).message}); it goes back to the queue untried once the database answers`);
      }
      const detail = (err as { detail?: string }).detail; // Postgres errors explain deadlocks and constraint failures here
      log(`error on ${item.url}: ${(err as Error).message}${detail ? ` (${detail.replace(/\s+/g, " ")})` : ""}`);
      // The host may have answered before the failure: its delay counts from now, which is later.
      await retryLater(opts.sql, { id: item.id, workerId, error: `internal: ${(err as Error).message}`, answeredAt: new Date() }).catch(() => {});
    }
  }

  function start(item: ClaimedUrl) {
    cutTries.start(item.id);
    const p = handle(item).finally(() => {
      cutTries.end(item.id);
      inFlight.delete(p);
      wake?.();
    });
    inFlight.add(p);
  }

  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    wake = () => { clearTimeout(t); resolve(); };
  });

  async function endFinishedJobs(): Promise<void> {
    lastFinishCheck = Date.now();
    for (const j of await finishJobs(opts.sql)) log(`job ${j.id} ${j.status}: ${j.finishReason}`);
    if (opts.exitWhenJobsEnd && opts.jobIds) {
      const [{ open }] = await opts.sql<{ open: number }[]>`
        select count(*)::int as open from jobs where id = any(${opts.jobIds}::int[]) and status in ('queued', 'running', 'paused', 'stopping')`;
      if (open === 0) drain();
    }
  }

  let isRivalIndexBuilt = false;
  /**
   * Class topics' scorers are built on this thread (lib/crawl/job-context.ts) with the field rivals'
   * index and the field posterior's: built at the first maintenance (before the first claim) or tick that finds a class
   * topic's job, not inside a job's context with leases in hand (about 1.5 s, once); a worker that
   * crawls keyword topics alone never holds it (about 100 MB of memory).
   */
  async function buildRivalIndexWhenNeeded(): Promise<void> {
    if (isRivalIndexBuilt || !(await hasClassTopicJob(opts.sql, opts.jobIds))) return;
    warmUpFieldRivals();
    warmUpFieldPosterior();
    isRivalIndexBuilt = true;
  }

  async function maintain(): Promise<void> {
    await beat(opts.sql, report("running"));
    await buildRivalIndexWhenNeeded();
    const reclaimed = await reclaimExpiredLeases(opts.sql, opts.staleAfterMs);
    if (reclaimed) log(`reclaimed ${reclaimed} URL(s) from expired leases`);
    const repaired = await repairHostsPending(opts.sql);
    if (repaired) log(`${repaired} host(s) flagged empty had URLs queued meanwhile; flagged again`);
    const late = await skipUrlsOfSetAsideHosts(opts.sql);
    if (late) log(`${late} URL(s) queued on blocked or unreachable hosts as they were set aside; skipped`);
    await endFinishedJobs();
    await rescoreForAWhile();
    if (!isDraining) for (const id of await adaptDueTopics(opts.sql, log)) log(`job ${id}: the topic learned from its pages`);
    recomputeInBackground();
  }

  let recomputing: Promise<unknown> | undefined;
  /** Start the graph recomputes that are due, without holding up heartbeats (one at a time per worker). */
  function recomputeInBackground(): void {
    if (recomputing || isDraining) return;
    recomputing = recomputeDueJobs(opts.sql, log)
      .then((ids) => ids.length && log(`recomputed priorities of job(s) ${ids.join(", ")}`))
      .catch((e) => log(`recompute failed: ${(e as Error).message}`))
      .finally(() => { recomputing = undefined; });
  }

  /** Re-score pages of jobs whose topic changed, for at most a second per maintenance tick. */
  async function rescoreForAWhile(): Promise<void> {
    const until = Date.now() + RESCORE_SLICE_MS;
    while (Date.now() < until && !isDraining) {
      const done = await rescoreBatch(opts.sql);
      if (!done) return;
      if (done.pages) log(`re-scored ${done.pages} page(s) of job ${done.jobId} with its new topic`);
    }
  }

  /** Claim up to `room` URLs, counting the statement's duration in the claim latency histogram. */
  async function timedClaim(room: number): Promise<ClaimedUrl[]> {
    const t0 = performance.now();
    try {
      return await claimUrls(opts.claimSql ?? opts.sql, { workerId, limit: room, leaseMs: opts.leaseMs, jobIds: opts.jobIds });
    } catch (e) {
      cutTries.noteError(e); // a claim whose answer an outage lost may have leased URLs all the same
      log(`claim failed: ${(e as Error).message}`);
      return [];
    } finally {
      observe(latency.claim, (performance.now() - t0) / 1000);
    }
  }

  function drain() {
    if (!isDraining) log(`draining: finishing ${inFlight.size} URL(s) in flight`);
    isDraining = true;
    wake?.();
  }

  async function run(): Promise<void> {
    // Before the first heartbeat and the first lease, when pages are analysed on this thread; with
    // analysis threads the main thread never segments a page, and a topic built here (refinement)
    // loads what it needs then: the dictionary and IDF table are not kept twice.
    if (analysisThreads === 0) warmUpTextPipeline();
    // A worker started while the database is down or still recovering waits for it.
    const isStarted = await retryWithBackoff(async () => (await maintain(), true), {
      sleep, isStopped: () => isDraining,
      onRetry: (e, waitMs) => log(`database unavailable (${(e as Error).message}); trying again in ${waitMs / 1000} s`),
    });
    if (!isStarted) return;
    // A tick that is still running (a long re-scoring slice, a slow database) is not joined by the next.
    let ticking: Promise<void> | undefined;
    const timer = setInterval(() => {
      ticking ??= maintain().catch((e) => log(`maintenance failed: ${(e as Error).message}`)).finally(() => { ticking = undefined; });
    }, opts.heartbeatMs);
    let lastClaimAt = Date.now();
    let lastClaimTry = 0;
    let stall: StallError | undefined;
    try {
      while (!isDraining) {
        // After an outage, the URLs whose tries it cut go back before anything is claimed.
        if (!(await cutTries.giveBackWhenBack())) {
          await sleep(cutTries.waitMs());
          continue;
        }
        const room = claimRoom(opts.concurrency, inFlight.size, Date.now() - lastClaimTry);
        if (room === 0 && inFlight.size < opts.concurrency) {
          await sleep(CLAIM_GATHER_MS - (Date.now() - lastClaimTry));
          continue;
        }
        if (room > 0) lastClaimTry = Date.now();
        const claimed = room > 0 ? await timedClaim(room) : [];
        claimed.forEach(start);
        if (claimed.length > 0) lastClaimAt = Date.now();
        else if (opts.failOnStallMs && opts.jobIds && inFlight.size === 0 && Date.now() - lastClaimAt >= opts.failOnStallMs) {
          const stalled = await findStalledJobs(opts.sql, opts.jobIds, opts.failOnStallMs);
          for (const s of stalled) await recordStall(opts.sql, s, opts.failOnStallMs);
          if (stalled.length) {
            stall = new StallError(`job ${stalled.map((s) => `${s.jobId} (${s.pending} URLs pending on ${s.readyHosts} ready hosts)`).join(", ")}: ` +
              `nothing claimed for ${Math.round(opts.failOnStallMs / 1000)} s; the crawl stalled`);
            log(stall.message);
            drain();
            break;
          }
          lastClaimAt = Date.now();
        }
        // A claim that came back short usually found nothing more claimable now (hosts at their
        // connection limit or within their delay): claiming again at once would find nothing, so
        // the worker waits for a page to finish or a short while (another job, or hosts past the
        // claim's probe, may have more). With four workers sharing a host, the claim at once was
        // half of all claims (docs/SCALING.md).
        const isShort = claimed.length < room;
        if (claimed.length > 0 && !isShort && inFlight.size < opts.concurrency) continue;
        if (claimed.length === 0 && inFlight.size === 0 && Date.now() - lastFinishCheck >= opts.idlePollMs) {
          await endFinishedJobs().catch((e) => log(`finish check failed: ${(e as Error).message}`));
          if (isDraining) break;
        }
        await sleep(claimed.length === 0 ? opts.idlePollMs : isShort ? Math.min(opts.idlePollMs, CLAIM_GATHER_MS) : 1_000);
      }
      await Promise.allSettled([...inFlight]);
      await cutTries.giveBackWhenBack(); // a drain during an outage leaves its cut tries to the lease reclaim
    } finally {
      clearInterval(timer);
      await ticking;
      await recomputing;
      await endFinishedJobs().catch(() => {});
      await requestLog.close();
      await beat(opts.sql, report("stopped")).catch(() => {});
      await Promise.all([...fetchers.values()].map((f) => f.close()));
      await browser?.close();
    }
    if (stall) throw stall;
  }

  return { workerId, run, drain, counts, latency };
}
