/** Every strategy the crawler offers, by id. Adding one = one file + one line here. */
import { DEFAULT_FOCUS_HOLD_BACK, isFocusedStrategy } from "../rules/focus";
import { z } from "zod";
import { backlinks } from "./backlinks";
import { bestFirst } from "./best-first";
import { bfs } from "./bfs";
import { cmscrawler } from "./cmscrawler";
import { opic, opicNutch } from "./opic";
import { ipagerank, largerSiteFirst, pagerank, trHits, trPagerank } from "./pagerank";
import { partialPagerank } from "./partial-pagerank";
import { rw } from "./rw";
import { tianwang } from "./tianwang";
import type { ParamSpec, Strategy } from "./types";

export const STRATEGY_IDS = [
  "bfs", "tianwang", "best-first", "rw", "pagerank", "partial-pagerank", "ipagerank", "opic", "opic-nutch",
  "backlinks", "larger-site-first", "tr-pagerank", "tr-hits", "cmscrawler",
] as const;
/** A known strategy id. */
export type StrategyId = (typeof STRATEGY_IDS)[number];

const STRATEGIES: Record<StrategyId, Strategy<never>> = {
  bfs, tianwang, "best-first": bestFirst, rw, pagerank, "partial-pagerank": partialPagerank, ipagerank, opic,
  "opic-nutch": opicNutch, backlinks, "larger-site-first": largerSiteFirst, "tr-pagerank": trPagerank, "tr-hits": trHits, cmscrawler,
};

/**
 * The strategy a job gets when it names none (API, CLI, form): the topic-aware strategy the lab
 * measured best on the realistic web under default politeness (bench/LAB.md, "Priorities that learn
 * from hosts"). bfs, the default before, puts no focus in the link order at all.
 */
export const DEFAULT_STRATEGY: StrategyId = "best-first";

/**
 * The lab's figure behind DEFAULT_STRATEGY, for the job form: harvest at the end of a 1,000-page
 * budget against bfs's, mean over the six classes (bench/LAB.md, "Six classes with subclass words,
 * four-fold class thresholds and meta-refresh links"; best-first's repeats since are within 0.003).
 */
export const DEFAULT_STRATEGY_FIGURE = { harvest: 0.254, bfsHarvest: 0.047, classes: "TP, R, F, S, G, K" } as const;

/** The strategy named `id`; throws with the allowed values when unknown. */
export function getStrategy(id: string): Strategy {
  const s = STRATEGIES[id as StrategyId];
  if (!s) throw new Error(`unknown strategy "${id}": use one of ${STRATEGY_IDS.join(", ")}`);
  // Each strategy's parameters are validated by its own schema (parseStrategyParams) before use.
  return s as unknown as Strategy;
}

function specSchema(spec: ParamSpec) {
  if (spec.kind === "choice") {
    return z.enum(spec.choices as [string, ...string[]], { error: `${spec.name} must be one of: ${spec.choices.join(", ")}` }).default(spec.default);
  }
  const range = `${spec.name} must be ${spec.integer ? "a whole number" : "a number"} from ${spec.min} to ${spec.max}`;
  let n = z.number({ error: range }).min(spec.min, range).max(spec.max, range);
  if (spec.integer) n = n.int(range);
  return z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v), n).default(spec.default);
}

/** The validator of a strategy's parameters (defaults filled in, unknown names refused). */
export function strategyParamsSchema(id: string) {
  const s = getStrategy(id);
  return z.strictObject(Object.fromEntries(s.params.map((p) => [p.name, specSchema(p)])), {
    error: (issue) => issue.code === "unrecognized_keys"
      ? `strategy ${id} has no parameter ${issue.keys.join(", ")}; its parameters: ${s.params.map((p) => p.name).join(", ") || "none"}`
      : undefined,
  });
}

/** Validate `raw` parameters of strategy `id`; throws a readable error. */
export function parseStrategyParams(id: string, raw: unknown): Record<string, unknown> {
  const r = strategyParamsSchema(id).safeParse(raw ?? {});
  if (!r.success) throw new Error(r.error.issues.map((i) => i.message).join("; "));
  return r.data;
}

/**
 * What the frontier's claim and the maintenance loop take from a job's strategy, fixed when the
 * job is created (stored in jobs.claim_by_priority, claim_random, claim_hold_back,
 * recompute_every): its selection (Tianwang's N claims by priority, then M at random; others
 * always by priority), the share of the best soon-ready priority below which a URL waits (only
 * strategies whose priorities predict relevance, lib/rules/focus.ts) and how often its graph is
 * recomputed (null: never).
 */
export interface StrategyPolicy {
  claimByPriority: number; claimRandom: number; claimHoldBack: number; recomputeEvery: number | null;
  /** Whether priorities learn from their host's harvest (docs/ALGORITHMS.md §2.8; topic-aware strategies only). */
  priorityFeedback: boolean;
}

/**
 * The policy of strategy `id` with parameters `rawParams` (defaults filled in), the job's
 * focusHoldBack (percent) and whether its priorities learn from their hosts (priorityFeedback).
 */
export function strategyPolicy(id: string, rawParams: unknown, focusHoldBack = DEFAULT_FOCUS_HOLD_BACK, priorityFeedback = true): StrategyPolicy {
  const s = getStrategy(id);
  const params = parseStrategyParams(id, rawParams);
  const selection = s.selection?.(params) ?? { byPriority: 1, random: 0 };
  const isFocused = isFocusedStrategy(id);
  return {
    claimByPriority: selection.byPriority, claimRandom: selection.random,
    claimHoldBack: isFocused ? focusHoldBack / 100 : 0,
    recomputeEvery: s.recompute ? Number(params.recomputeEvery) : null,
    priorityFeedback: isFocused && priorityFeedback,
  };
}

/** Every strategy with its parameters, for the job form and the API. */
export function describeStrategies() {
  return STRATEGY_IDS.map((id) => {
    const s = getStrategy(id);
    return { id, description: s.description, source: s.source, params: s.params };
  });
}
