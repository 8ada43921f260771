/** Backlink count (seed 002): URLs linked from the most fetched pages first; each page adds 1. */
import type { Strategy } from "./types";

export const backlinks: Strategy = {
  id: "backlinks",
  description: "Backlinks: URLs linked from the most fetched pages first",
  source: "seed 002",
  params: [],
  merge: "sum",
  scoreLinks: ({ links }) => links.map(() => ({ priority: 1, detail: { backlinkFromParent: 1 } })),
};
