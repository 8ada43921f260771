/**
 * Tianwang URL weight (seed 000): shallow, query-free URLs first; the selection alternates N
 * URLs by weight with M at random so that low-weight URLs still get their turn.
 */
import type { Strategy } from "./types";

type Params = { initialWeight: number; byWeight: number; random: number };

const count = (s: string, sub: string) => s.split(sub).length - 1;

/** w(url) of seed 000: 10 − slashes − "?" − "&" − 2 × (search + proxy + gate), floored at 0. */
export function tianwangWeight(url: string, initial = 10): number {
  const u = new URL(url);
  let local = `${u.pathname}${u.search}`.toLowerCase();
  if (local === "/") local = "";
  const penalty = count(local, "/") + count(local, "?") + count(local, "&") +
    2 * (count(local, "search") + count(local, "proxy") + count(local, "gate"));
  return Math.max(0, initial - penalty);
}

export const tianwang: Strategy<Params> = {
  id: "tianwang",
  description: "Tianwang: short, query-free URLs first, with random turns",
  source: "seed 000",
  params: [
    { name: "initialWeight", kind: "number", default: 10, min: 1, max: 100, description: "weight of the shortest URL" },
    { name: "byWeight", kind: "number", default: 1, min: 1, max: 1000, integer: true, description: "N: claims by weight in a row" },
    { name: "random", kind: "number", default: 1, min: 0, max: 1000, integer: true, description: "M: random claims after them" },
  ],
  merge: "keep",
  selection: (p) => ({ byPriority: p.byWeight, random: p.random }),
  scoreLinks: ({ links, params }) => links.map((l) => {
    const w = tianwangWeight(l.url, params.initialWeight);
    return { priority: w, detail: { weight: w } };
  }),
};
