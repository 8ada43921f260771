/** Search results merged into candidate seeds: one per host, scored against the topic by title and snippet. */
import type { SearchResult } from "../rules/search-results";
import { scorePage, type TopicScorer } from "../topic/topic";

/** Most candidates offered (seed 004 offers the top 50 results). */
export const MAX_CANDIDATES = 50;
/**
 * The least score a candidate needs to be offered: a title and snippet that share no weighted
 * term with the topic score 0 and say nothing of the site; one shared common word scores a few
 * thousandths. Compared with the score before a class topic weighs it against other fields
 * (docs/ALGORITHMS.md §1.3c): a snippet with one common word and no other field's would be lifted ×4.
 */
export const MIN_CANDIDATE_SCORE = 0.01;

/** A result as found: which provider answered which query with it. */
export interface FoundResult extends SearchResult { provider: string; query: string }

/** A candidate seed: the best-scoring result of its host, its score, and every provider that found the host. */
export interface SeedCandidate extends FoundResult { score: number; providers: string[] }

/**
 * One candidate per host, the result with the best score against the topic (title and snippet
 * scored like a page's title and text), best first; ties go to the host more providers and
 * queries found, then to the order the results came in.
 */
export function mergeCandidates(found: FoundResult[], scorer: TopicScorer, limit = MAX_CANDIDATES): SeedCandidate[] {
  const byHost = new Map<string, { best: SeedCandidate; unweighed: number; hits: number; order: number }>();
  found.forEach((r, order) => {
    const scored = scorePage(scorer, r.title, r.snippet);
    const score = +scored.relevance.toFixed(4);
    const unweighed = scored.field?.before ?? scored.relevance;
    const seen = byHost.get(r.host);
    if (!seen) return void byHost.set(r.host, { best: { ...r, score, providers: [r.provider] }, unweighed, hits: 1, order });
    seen.hits += 1;
    const providers = seen.best.providers.includes(r.provider) ? seen.best.providers : [...seen.best.providers, r.provider];
    if (score > seen.best.score) Object.assign(seen, { best: { ...r, score, providers }, unweighed });
    else seen.best = { ...seen.best, providers };
  });
  return [...byHost.values()]
    .filter((e) => e.unweighed >= MIN_CANDIDATE_SCORE)
    .sort((a, b) => b.best.score - a.best.score || b.hits - a.hits || a.order - b.order)
    .slice(0, limit).map((e) => e.best);
}
