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

/** A per-worker cache of job contexts, refreshed every 10 s so topic or setting changes reach workers. */
export function createJobContextCache(sql: Sql) {
  const cache = new Map<number, { at: number; ctx: Promise<JobContext> }>();
  // A job's scorer is kept while its topic revision stays: analysis threads are sent each scorer
  // object once (lib/crawl/analysis/pool.ts), and a class topic's carries the field rivals' index.
  const scorers = new Map<number, { revision: number; scorer: TopicScorer }>();
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
  return (id: number): Promise<JobContext> => {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.ctx;
    const ctx = load(id);
    ctx.catch(() => cache.delete(id));
    cache.set(id, { at: Date.now(), ctx });
    return ctx;
  };
}
