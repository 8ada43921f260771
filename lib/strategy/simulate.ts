/**
 * An in-memory model of the frontier for one worker without politeness: claim the highest
 * priority (ties: lower depth, then earlier discovery), score the page's links with the
 * strategy, merge them as the SQL enqueue does (keep / max / sum). Tests use it to replay the
 * papers' worked examples through the strategies' own code.
 */
import { isRelevantAt, topicScorer, type TopicScorer } from "../topic/topic";
import type { CandidateLink, JobState, Strategy } from "./types";
import { emptyState } from "./types";

/** One URL in the model frontier. */
export interface SimUrl { url: string; priority: number; depth: number; seq: number; status: "pending" | "done"; priorityAtFetch?: number }

/** A crawl step: the URL fetched and every known URL's priority afterwards. */
export interface SimStep { fetched: string; priorities: Map<string, number> }

const hostOf = (url: string) => { try { return new URL(url).host; } catch { return url; } };

/** Crawl `graph` (page → its links, in page order) from `seeds` with `strategy`, at most `steps` fetches. */
export function simulateCrawl(opts: {
  graph: Record<string, string[]>; seeds: string[]; strategy: Strategy; params?: Record<string, unknown>;
  relevance?: Record<string, number>; threshold?: number; steps?: number; topic?: TopicScorer;
  anchors?: Record<string, string>; state?: JobState;
}): { order: string[]; steps: SimStep[]; frontier: Map<string, SimUrl> } {
  const frontier = new Map<string, SimUrl>();
  let seq = 0;
  for (const s of opts.seeds) frontier.set(s, { url: s, priority: 1, depth: 0, seq: seq++, status: "pending" });
  const topic = opts.topic ?? topicScorer({ terms: [] });
  const steps: SimStep[] = [];
  for (let step = 0; step < (opts.steps ?? Infinity); step++) {
    const pending = [...frontier.values()].filter((u) => u.status === "pending");
    if (pending.length === 0) break;
    pending.sort((a, b) => b.priority - a.priority || a.depth - b.depth || a.seq - b.seq);
    const page = pending[0];
    page.status = "done";
    page.priorityAtFetch = page.priority;
    const relevance = opts.relevance?.[page.url] ?? 0;
    const links: CandidateLink[] = (opts.graph[page.url] ?? []).map((url) => ({ url, host: hostOf(url), anchor: opts.anchors?.[url] ?? "" }));
    const scores = opts.strategy.scoreLinks({
      parent: { url: page.url, host: hostOf(page.url), depth: page.depth, relevance, isRelevant: isRelevantAt(relevance, opts.threshold ?? 0.5), priority: page.priority },
      links, topic, params: opts.params ?? {}, state: opts.state ?? emptyState(),
    });
    links.forEach((l, i) => {
      const p = scores[i].priority;
      if (p === null) return;
      const known = frontier.get(l.url);
      if (!known) frontier.set(l.url, { url: l.url, priority: p, depth: page.depth + 1, seq: seq++, status: "pending" });
      else if (opts.strategy.merge === "max" && known.status === "pending" && p > known.priority) known.priority = p;
      else if (opts.strategy.merge === "sum") known.priority += p;
    });
    steps.push({ fetched: page.url, priorities: new Map([...frontier.values()].map((u) => [u.url, u.priority])) });
  }
  return { order: steps.map((s) => s.fetched), steps, frontier };
}
