/**
 * The evaluation lab: one isolated job per strategy with identical topic, seeds and settings,
 * each crawled to its end by an in-process worker, then measured (metrics.ts) from the stored
 * fetch log. Used by `focuscrawl eval` and the dashboard's Compare page reads the same measures.
 */
import { STALL_WINDOW_MS } from "../store/stall";
import type { PrismaClient } from "../generated/prisma/client";
import { createJob } from "../db/jobs";
import type { Sql } from "../db/sql";
import { createCrawlWorker } from "../crawler/worker";
import type { ResolveMap } from "../crawler/resolve-map";
import type { JobInput } from "../jobs/input";
import { filterAccuracy, measure, type Checkpoint, type FetchedPage, type Labels, type QueuedUrl } from "./metrics";

/** A job's fetch log: stored pages in fetch order and the URLs it queued. */
export async function fetchLog(sql: Sql, jobId: number): Promise<{ pages: FetchedPage[]; queued: QueuedUrl[]; startedAt: number }> {
  const [job] = await sql<{ startedAt: Date }[]>`select started_at as "startedAt" from jobs where id = ${jobId}`;
  const pages = await sql<{ url: string; isRelevant: boolean; at: number }[]>`
    select url, is_relevant as "isRelevant", extract(epoch from fetched_at)::float8 * 1000 as at
    from pages where job_id = ${jobId} order by fetched_at, id`;
  const queued = await sql<{ url: string; at: number }[]>`
    select url, extract(epoch from discovered_at)::float8 * 1000 as at
    from frontier where job_id = ${jobId} and parent_page_id is not null and status <> 'skipped'`;
  return { pages, queued, startedAt: job.startedAt.getTime() };
}

/** One strategy's result. */
export interface StrategyResult {
  strategy: string; jobId: number; checkpoints: Checkpoint[];
  /** Harvest rate and recall every `curveEvery` pages, for the charts. */
  curve: { pages: number; harvestRate: number; recall: number | null }[];
  filter: { precision: number; recall: number; f1: number } | null;
  finishReason: string | null;
  /** Pages the job had fetched when its topic learned by itself (null: it did not), and how often it put learning off. */
  topicLearning: { learnedAt: number | null; putOff: number };
}

/** Measure a finished (or running) job. */
export async function measureJob(sql: Sql, jobId: number, opts: { checkpoints: number[]; curveEvery: number; labels?: Labels }) {
  const log = await fetchLog(sql, jobId);
  const checkpoints = measure(log.pages, log.queued, { checkpoints: opts.checkpoints, startedAt: log.startedAt, labels: opts.labels });
  const marks = Array.from({ length: Math.floor(log.pages.length / opts.curveEvery) }, (_, i) => (i + 1) * opts.curveEvery);
  const curve = measure(log.pages, [], { checkpoints: marks, startedAt: log.startedAt, labels: opts.labels })
    .map((c) => ({ pages: c.pages, harvestRate: c.harvestRate, recall: c.recall }));
  return { checkpoints, curve, filter: opts.labels ? filterAccuracy(log.pages, opts.labels) : null };
}

/** When job `jobId`'s topic learned by itself (pages fetched by then), and how often it put learning off. */
async function topicLearning(sql: Sql, jobId: number): Promise<StrategyResult["topicLearning"]> {
  const [row] = await sql<{ learnedAt: number | null; putOff: number }[]>`
    select case when e.created_at is null then null
        else (select count(*)::int from pages p where p.job_id = ${jobId} and p.fetched_at <= e.created_at) end as "learnedAt",
      (select count(*)::int from job_events where job_id = ${jobId} and kind = 'topic-adapt-deferred') as "putOff"
    from (select 1) one left join (select created_at from job_events where job_id = ${jobId} and kind = 'topic-adapted' order by id limit 1) e on true`;
  return { learnedAt: row.learnedAt, putOff: row.putOff };
}

/** What the lab runs. */
export interface LabOptions {
  /** The job definition every strategy shares (its `strategy` is replaced per run). */
  input: JobInput;
  strategies: string[];
  strategyParams?: Record<string, Record<string, unknown>>;
  checkpoints: number[];
  curveEvery: number;
  labels?: Labels;
  concurrency: number;
  userAgent: string;
  allowPrivate: boolean;
  resolve?: ResolveMap;
  log: (line: string) => void;
}

/** Run every strategy in turn (one at a time, so that they share the machine alike) and measure each. */
export async function runLab(sql: Sql, prisma: PrismaClient, opts: LabOptions): Promise<StrategyResult[]> {
  const results: StrategyResult[] = [];
  for (const strategy of opts.strategies) {
    const job = await createJob(prisma, {
      ...opts.input, name: `lab · ${strategy}`, strategy: strategy as JobInput["strategy"], strategyParams: opts.strategyParams?.[strategy] ?? {},
    });
    const started = Date.now();
    const worker = createCrawlWorker({
      sql, concurrency: opts.concurrency, leaseMs: 120_000, heartbeatMs: 1_000, staleAfterMs: 30_000, idlePollMs: 50,
      userAgent: opts.userAgent, allowPrivate: opts.allowPrivate, resolve: opts.resolve, jobIds: [job.id], exitWhenJobsEnd: true, failOnStallMs: STALL_WINDOW_MS,
      log: (l) => (/error|failed/.test(l) ? opts.log(`[${strategy}] ${l}`) : undefined),
    });
    await worker.run();
    const [{ finishReason }] = await sql<{ finishReason: string | null }[]>`select finish_reason as "finishReason" from jobs where id = ${job.id}`;
    const m = await measureJob(sql, job.id, opts);
    const last = m.checkpoints[m.checkpoints.length - 1];
    opts.log(`${strategy}: ${last?.pages ?? 0} pages in ${((Date.now() - started) / 1000).toFixed(1)} s, harvest rate ${last?.harvestRate.toFixed(3) ?? "-"}` +
      (last?.recall != null ? `, recall ${last.recall.toFixed(3)}` : "") + ` (${finishReason})`);
    results.push({ strategy, jobId: job.id, finishReason, topicLearning: await topicLearning(sql, job.id), ...m });
  }
  return results;
}
