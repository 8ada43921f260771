/** Every strategy the crawler offers, by id. Adding one = one file + one line here. */
import { bestFirst } from "./best-first";
import { bfs } from "./bfs";
import type { Strategy } from "./types";

export const STRATEGY_IDS = ["bfs", "best-first"] as const;
/** A known strategy id. */
export type StrategyId = (typeof STRATEGY_IDS)[number];

const STRATEGIES: Record<StrategyId, Strategy> = { bfs, "best-first": bestFirst };

/** The strategy named `id`; throws with the allowed values when unknown. */
export function getStrategy(id: string): Strategy {
  const s = STRATEGIES[id as StrategyId];
  if (!s) throw new Error(`unknown strategy "${id}": use one of ${STRATEGY_IDS.join(", ")}`);
  return s;
}
