/**
 * The link-priority strategy interface (docs/ALGORITHMS.md §2). The frontier serves the highest
 * priority first (ties: lower depth, then older). A strategy scores the new links of each
 * fetched page; it may also recompute every queued URL's priority over the job's link graph
 * (PageRank family, HITS) and change how URLs are selected (Tianwang's random turns).
 */
import type { ExtractedLink } from "../rules/parse";
import type { TopicScorer } from "../topic/topic";

/** What a strategy knows about the page the links were found on. */
export interface ParentPage {
  url: string; host: string; depth: number; relevance: number; isRelevant: boolean;
  /** The priority the page had in the frontier when it was claimed (its cash, score, rank…). */
  priority: number;
  /** What kind of page it is (classifyPageKind): a home page, a hub (list) or content. */
  kind?: "home" | "hub" | "content";
  /** What the strategy recorded when it queued the page (its priority detail), when known. */
  detail?: Record<string, unknown> | null;
}

/** A link to score, with the metadata the page gave it. */
export type CandidateLink = Pick<ExtractedLink, "url" | "host" | "anchor"> & Partial<ExtractedLink>;

/** Crawl state some strategies read (loaded only when `needs` asks for it). */
export interface JobState {
  /** Fetched and relevant pages of the whole job so far. */
  jobFetched: number; jobRelevant: number;
  /** The same per host, for the hosts of the links being scored. */
  hosts: Map<string, { fetched: number; relevant: number }>;
  /** Relevant fetched pages linking to each link's URL (before this page). */
  relevantBacklinks: Map<string, number>;
  /** Fetched pages linking to each link's URL (before this page). */
  backlinks: Map<string, number>;
}

/** Everything a strategy gets to score one page's links. */
export interface ScoreInput<P = Record<string, unknown>> {
  parent: ParentPage;
  links: CandidateLink[];
  topic: TopicScorer;
  params: P;
  state: JobState;
}

/** A link's priority (null: do not queue it) and what made it, for the dashboard. */
export interface LinkScore { priority: number | null; detail: Record<string, number | string> }

/** One tunable parameter of a strategy, rendered by the job form. */
export type ParamSpec =
  | { name: string; kind: "number"; default: number; min: number; max: number; integer?: boolean; description: string }
  | { name: string; kind: "choice"; default: string; choices: readonly string[]; description: string };

/**
 * How a link found again merges with its queued copy: keep the first priority, keep the
 * larger, or add them up (cash and score passing: OPIC, partial PageRank).
 */
export type MergeMode = "keep" | "max" | "sum";

/** Batch recomputation over the job's graph, run every `recomputeEvery` fetched pages. */
export type RecomputeKind = "pagerank" | "ipagerank" | "tr-pagerank" | "tr-hits" | "larger-site-first";

/** A strategy: one file under lib/strategy/ plus a line in the registry. */
export interface Strategy<P = Record<string, unknown>> {
  id: string;
  /** One line for the job form. */
  description: string;
  /** Where it comes from (seed paper and section). */
  source: string;
  params: ParamSpec[];
  merge: MergeMode;
  /** State to load before scoring (each costs one query per page). */
  needs?: { hostStats?: boolean; backlinks?: boolean };
  recompute?: RecomputeKind;
  /** Tianwang: N claims by priority, then M at random. */
  selection?: (params: P) => { byPriority: number; random: number };
  scoreLinks(input: ScoreInput<P>): LinkScore[];
}

/** An empty state, for strategies (and tests) that need none. */
export function emptyState(): JobState {
  return { jobFetched: 0, jobRelevant: 0, hosts: new Map(), relevantBacklinks: new Map(), backlinks: new Map() };
}
