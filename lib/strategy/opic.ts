/**
 * OPIC (seed 003). Abiteboul et al.: a fetched page hands its cash, split evenly, to its
 * children and keeps none; the frontier serves the richest URL. Nutch 0.9 keeps one score per
 * page, hands the whole of it on and keeps it too, and a page without links loses its score.
 *
 * In a crawl that fetches each URL once the two give children the same shares (a page is
 * fetched once, with all the cash it ever got); they differ in what fetched pages hold
 * afterwards, which the dashboard shows: 0 for OPIC (its history H is the cash it spent), the
 * accumulated score for Nutch. Seeds start with 1 each (Nutch injects 1.0; Abiteboul's 1/n
 * orders the same).
 */
import { r4 } from "./terms";
import type { LinkScore, ScoreInput, Strategy } from "./types";

/** Each child's share of a fetched page's cash: cash / out-degree (nothing without out-links). */
export function cashShare(cash: number, outDegree: number): number {
  return outDegree > 0 ? cash / outDegree : 0;
}

function distribute({ links, parent }: ScoreInput): LinkScore[] {
  const share = cashShare(parent.priority, links.length);
  return links.map(() => ({ priority: share, detail: { cashFromParent: r4(share), parentCash: r4(parent.priority), outLinks: links.length } }));
}

export const opic: Strategy = {
  id: "opic",
  description: "OPIC (Abiteboul): URLs holding the most cash first",
  source: "seed 003 (Abiteboul et al. 2003)",
  params: [],
  merge: "sum",
  scoreLinks: distribute,
};

export const opicNutch: Strategy = {
  id: "opic-nutch",
  description: "OPIC as Nutch 0.9 does it: accumulated scores, never cleared",
  source: "seed 003 (Nutch 0.9 OPICScoringFilter)",
  params: [],
  merge: "sum",
  scoreLinks: distribute,
};
