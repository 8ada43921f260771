/** Naive best-first / radius-1 (seed 001 baseline): a link inherits the relevance of the page it was found on. */
import { r4 } from "./terms";
import type { Strategy } from "./types";

export const bestFirst: Strategy = {
  id: "best-first",
  description: "Best-first: links of the most relevant pages first",
  source: "seed 001, baseline",
  params: [],
  // Found again on a more relevant page, a link moves up.
  merge: "max",
  scoreLinks: ({ links, parent }) => links.map(() => ({ priority: parent.relevance, detail: { parentRelevance: r4(parent.relevance) } })),
};
