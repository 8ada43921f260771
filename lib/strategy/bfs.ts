/** Breadth-first baseline: every link gets the same priority, so the frontier's (depth, age) order decides. */
import type { Strategy } from "./types";

export const bfs: Strategy = {
  id: "bfs",
  description: "Breadth-first: pages closest to the seeds first",
  source: "baseline (seeds 001, 004)",
  params: [],
  merge: "keep",
  scoreLinks: ({ links, parent }) => links.map(() => ({ priority: 0, detail: { depth: parent.depth + 1 } })),
};
