/** What a worker needs to know about a job to process its URLs, loaded once and cached briefly. */
import type { Sql } from "../store/infra/sql";
import { topicScorer, type TopicScorer, type TopicVector } from "../topic/topic";
import { getStrategy, parseStrategyParams } from "../strategy/registry";
import type { Strategy } from "../strategy/types";
import { parseResolveMap, type ResolveMap } from "../rules/resolve-map";
import type { HostPoliteness } from "../store/hosts";
import { readCrawlSettings, type CrawlSettings } from "../jobs/settings";
import { createScope, type ScopeDecision } from "../rules/scope";

/** A job's crawl settings as the worker uses them. */
export interface JobContext {
  id: number;
  topic: TopicScorer;
  topicRevision: number;
  strategy: Strategy;
  /** The strategy's parameters, defaults filled in. */
  strategyParams: Record<string, unknown>;
  maxDepth: number;
  pageThreshold: number;
  resolve: ResolveMap;
  politeness: HostPoliteness;
  /** Whether the job's priorities learn from hosts (jobs.priority_feedback; docs/ALGORITHMS.md §2.8). */
  priorityFeedback: boolean;
  /** Every crawl setting, defaults filled in. */
  settings: CrawlSettings;
  /** Whether a URL is within the job's scope. */
  inScope: (url: string) => ScopeDecision;
}

const CACHE_TTL_MS = 10_000;
/** A job not asked for this long (it ended, or this worker no longer claims its URLs) is forgotten, its scorer with it. */
export const JOB_IDLE_FORGET_MS = 10 * 60_000;

/**
 * A per-worker cache of job contexts, refreshed every 10 s so topic or setting changes reach
 * workers; a job unused for JOB_IDLE_FORGET_MS is dropped, so a worker that runs for months over
 * thousands of jobs keeps only those it works on. `now` is the clock (a test's own).
 */
export function createJobContextCache(sql: Sql, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const cache = new Map<number, { at: number; ctx: Promise<JobContext> }>();
  // A job's scorer is kept while its topic revision stays: analysis threads are sent each scorer
  // object once (lib/crawl/analysis/pool.ts), and a class topic's carries the field rivals' index.
  const scorers = new Map<number, { revision: number; scorer: TopicScorer }>();
  /** When each job was last asked for. */
  const lastUsed = new Map<number, number>();
  let prunedAt = now();
  function forgetIdle(t: number): void {
    if (t - prunedAt < CACHE_TTL_MS) return;
    prunedAt = t;
    for (const [id, at] of lastUsed) {
      if (t - at < JOB_IDLE_FORGET_MS) continue;
      lastUsed.delete(id);
      cache.delete(id);
      scorers.delete(id);
    }
  }
  function scorerOf(id: number, snapshot: TopicVector, revision: number): TopicScorer {
    const kept = scorers.get(id);
    if (kept && kept.revision === revision) return kept.scorer;
    const scorer = topicScorer(snapshot);
    scorers.set(id, { revision, scorer });
    return scorer;
  }
  async function load(id: number): Promise<JobContext> {
    const [row] = await sql<{ topicSnapshot: TopicVector; topicRevision: number; strategy: string; strategyParams: unknown; maxDepth: number; pageThreshold: number; settings: unknown; seeds: string[]; priorityFeedback: boolean }[]>`
      select topic_snapshot as "topicSnapshot", topic_revision as "topicRevision", strategy, strategy_params as "strategyParams", max_depth as "maxDepth",
        page_threshold as "pageThreshold", settings, seeds, priority_feedback as "priorityFeedback"
      from jobs where id = ${id}`;
    if (!row) throw new Error(`job ${id} vanished`);
    const settings = readCrawlSettings(row.settings);
    return {
      id,
      topic: scorerOf(id, row.topicSnapshot, row.topicRevision),
      topicRevision: row.topicRevision,
      strategy: getStrategy(row.strategy),
      strategyParams: parseStrategyParams(row.strategy, row.strategyParams),
      maxDepth: row.maxDepth,
      pageThreshold: row.pageThreshold,
      resolve: parseResolveMap(settings.resolve),
      politeness: { minDelayMs: settings.minDelayMs, maxConnections: settings.maxHostConnections },
      priorityFeedback: row.priorityFeedback,
      settings,
      inScope: createScope({ mode: settings.scope, allow: settings.allow, deny: settings.deny }, row.seeds),
    };
  }
  const contextOf = (id: number): Promise<JobContext> => {
    const t = now();
    forgetIdle(t);
    lastUsed.set(id, t);
    const hit = cache.get(id);
    if (hit && t - hit.at < CACHE_TTL_MS) return hit.ctx;
    const ctx = load(id);
    ctx.catch(() => cache.delete(id));
    cache.set(id, { at: t, ctx });
    return ctx;
  };
  /** How many jobs the cache holds (contexts, scorers), for tests and diagnostics. */
  contextOf.held = () => ({ contexts: cache.size, scorers: scorers.size });
  return contextOf;
}
