/**
 * The evaluation lab: one isolated job per strategy with identical topic, seeds and settings,
 * each crawled to its end by an in-process worker, then measured (metrics.ts) from the stored
 * fetch log. Used by `focuscrawl eval` and the dashboard's Compare page reads the same measures.
 */
import { STALL_WINDOW_MS } from "../store/stall";
import type { PrismaClient } from "../generated/prisma/client";
import { createJob } from "../store/jobs";
import type { Sql } from "../store/infra/sql";
import { createCrawlWorker } from "../crawl/worker";
import type { ResolveMap } from "../rules/resolve-map";
import type { JobInput } from "../jobs/input";
import { readTopicLearning, type TopicLearning } from "../store/measures";
import { measureJob } from "./measure";
import type { Checkpoint, Labels, TimePoint } from "./metrics";

/** One strategy's result. */
export interface StrategyResult {
  strategy: string; jobId: number; checkpoints: Checkpoint[];
  /** Harvest rate and recall every `curveEvery` pages, for the charts. */
  curve: { pages: number; harvestRate: number; recall: number | null }[];
  filter: { precision: number; recall: number; f1: number } | null;
  /** Relevant pages found by 1, 2, 5 and 10 minutes, and as a curve against minutes (lib/eval/metrics.ts relevantByTime). */
  byTime: TimePoint[]; timeCurve: TimePoint[];
  finishReason: string | null;
  topicLearning: TopicLearning;
}

/** What the lab runs. */
export interface LabOptions {
  /** The workers' connection for claims (WorkerOptions.claimSql). */
  claimSql?: Sql;
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
      sql, claimSql: opts.claimSql, concurrency: opts.concurrency, leaseMs: 120_000, heartbeatMs: 1_000, staleAfterMs: 30_000, idlePollMs: 50,
      userAgent: opts.userAgent, allowPrivate: opts.allowPrivate, resolve: opts.resolve, jobIds: [job.id], exitWhenJobsEnd: true, failOnStallMs: STALL_WINDOW_MS,
      log: (l) => (/error|failed/.test(l) ? opts.log(`[${strategy}] ${l}`) : undefined),
    });
    await worker.run();
    const [{ finishReason }] = await sql<{ finishReason: string | null }[]>`select finish_reason as "finishReason" from jobs where id = ${job.id}`;
    const m = await measureJob(sql, job.id, opts);
    const last = m.checkpoints[m.checkpoints.length - 1];
    opts.log(`${strategy}: ${last?.pages ?? 0} pages in ${((Date.now() - started) / 1000).toFixed(1)} s, harvest rate ${last?.harvestRate.toFixed(3) ?? "-"}` +
      (last?.recall != null ? `, recall ${last.recall.toFixed(3)}` : "") + ` (${finishReason})`);
    results.push({ strategy, jobId: job.id, finishReason, topicLearning: await readTopicLearning(sql, job.id), ...m });
  }
  return results;
}
