/** Naive best-first / radius-1 (seed 001 baseline): a link inherits the relevance of the page it was found on. */
import type { Strategy } from "./types";

export const bestFirst: Strategy = {
  id: "best-first",
  description: "Best-first: links of the most relevant pages first",
  scoreLinks: (parent, links) => links.map(() => parent.relevance),
};
