/**
 * Link-graph scores over a compact graph (CSR arrays, no per-node objects), so a job's whole
 * graph fits in worker memory: 1,000,000 edges take about 16 MB.
 */

/** A directed graph in compressed sparse rows: the edges of node i are targets[offsets[i] .. offsets[i+1]). */
export interface Graph {
  n: number;
  offsets: Int32Array;
  targets: Int32Array;
  /** Each edge's share of its source's rank (they sum to 1 per source); none = 1 / out-degree. */
  weights?: Float64Array;
}

/** Build a CSR graph from edge lists (sources and targets as node indexes). */
export function buildGraph(n: number, from: ArrayLike<number>, to: ArrayLike<number>, weight?: ArrayLike<number>): Graph {
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < from.length; e++) offsets[from[e] + 1]++;
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
  const cursor = offsets.slice(0, n);
  const targets = new Int32Array(from.length);
  const raw = weight ? new Float64Array(from.length) : undefined;
  for (let e = 0; e < from.length; e++) {
    const at = cursor[from[e]]++;
    targets[at] = to[e];
    if (raw) raw[at] = weight![e];
  }
  if (!raw) return { n, offsets, targets };
  // Normalise per source; a source whose weights sum to 0 spreads evenly (plain PageRank for it).
  for (let i = 0; i < n; i++) {
    const [a, b] = [offsets[i], offsets[i + 1]];
    let sum = 0;
    for (let e = a; e < b; e++) sum += raw[e];
    for (let e = a; e < b; e++) raw[e] = sum > 0 ? raw[e] / sum : 1 / (b - a);
  }
  return { n, offsets, targets, weights: raw };
}

/**
 * PageRank as formula 2 of seed 004 (and, with edge weights, IPageRank, formula 3):
 *   PR(A) = (1 − d)·t(A) + d · Σ PR(T) · w(T→A)
 * t = 1 everywhere by default; Topic-Relevant PageRank passes t(A) = n/|R| for relevant pages
 * and 0 elsewhere, so that random jumps land only on relevant pages with the same total mass.
 */
export function pagerank(g: Graph, opts: { d: number; teleport?: Float64Array; maxIterations?: number; tolerance?: number }): Float64Array {
  const { n, offsets, targets, weights } = g;
  const t = opts.teleport;
  let pr = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  for (let iter = 0; iter < (opts.maxIterations ?? 100); iter++) {
    for (let i = 0; i < n; i++) next[i] = (1 - opts.d) * (t ? t[i] : 1);
    for (let i = 0; i < n; i++) {
      const [a, b] = [offsets[i], offsets[i + 1]];
      if (a === b) continue;
      const even = (opts.d * pr[i]) / (b - a);
      for (let e = a; e < b; e++) next[targets[e]] += weights ? opts.d * pr[i] * weights[e] : even;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i] - pr[i]);
    [pr, next] = [next, pr];
    if (delta < (opts.tolerance ?? 1e-9) * n) break;
  }
  return pr;
}

/**
 * HITS authority scores on the subgraph of edges leaving `isHub` nodes (Topic-Relevant HITS:
 * the relevant pages are the hubs). Scores are L2-normalised each round.
 */
export function hitsAuthority(g: Graph, isHub: Uint8Array, iterations = 30): Float64Array {
  const { n, offsets, targets } = g;
  let hub = new Float64Array(n);
  for (let i = 0; i < n; i++) hub[i] = isHub[i] ? 1 : 0;
  let auth = new Float64Array(n);
  const normalise = (v: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += v[i] * v[i];
    const norm = Math.sqrt(s) || 1;
    for (let i = 0; i < n; i++) v[i] /= norm;
  };
  for (let iter = 0; iter < iterations; iter++) {
    auth = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (!isHub[i] || hub[i] === 0) continue;
      for (let e = offsets[i]; e < offsets[i + 1]; e++) auth[targets[e]] += hub[i];
    }
    normalise(auth);
    hub = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (!isHub[i]) continue;
      let s = 0;
      for (let e = offsets[i]; e < offsets[i + 1]; e++) s += auth[targets[e]];
      hub[i] = s;
    }
    normalise(hub);
  }
  return auth;
}
