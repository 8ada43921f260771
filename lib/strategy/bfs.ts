/** Breadth-first baseline: every link gets the same priority, so the frontier's (depth, age) order decides. */
import type { Strategy } from "./types";

export const bfs: Strategy = {
  id: "bfs",
  description: "Breadth-first: pages closest to the seeds first",
  scoreLinks: (_parent, links) => links.map(() => 0),
};
