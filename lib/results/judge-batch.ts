/**
 * Which pages to ask a person to judge next ("judge these", docs/ALGORITHMS.md §1.6a): those
 * whose judgment teaches the topic most. Uncertainty sampling: the pages nearest the job's
 * threshold, just over and just under it in turn, since a page far above or below it only
 * confirms what the filter already decides (judging the 30 best-scoring pages lowered F1 on two
 * classes, bench/RELEVANCE.md). Spread: the pages nearest the threshold are often one site's
 * template pages at one score; a batch holds at most MAX_PER_HOST pages of a site and at most
 * half of one kind (content, list, home) while others are at hand, so each judgment says
 * something new.
 */

/** A page that could be judged: its site, kind and relevance (score against the topic). */
export interface JudgeCandidate { id: string; host: string; kind: string; relevance: number }

/** Pages in one batch: few enough to judge in a minute and see the topic learn. */
export const JUDGE_BATCH_SIZE = 5;
/** Pages of one site in a batch at most (one first, a second only when the batch is not full otherwise). */
export const MAX_PER_HOST = 2;
/** Most pages a batch may hold. */
export const MAX_JUDGE_BATCH_SIZE = 50;

/** The rounds of the pick: each allows more pages of a site and of a kind than the one before. */
function rounds(size: number): { perHost: number; perKind: number }[] {
  const half = Math.ceil(size / 2);
  return [
    { perHost: 1, perKind: half }, { perHost: 1, perKind: size },
    { perHost: MAX_PER_HOST, perKind: half }, { perHost: MAX_PER_HOST, perKind: size }, { perHost: size, perKind: size },
  ];
}

/**
 * The next batch of up to `size` pages to judge from `candidates` (unjudged pages; any order):
 * nearest `threshold` first, taken over and under it in turn, at most one page of a site and
 * half the batch of one kind, then any kind, then MAX_PER_HOST of a site (half, then any kind); only a
 * crawl of fewer sites than that fills the batch beyond MAX_PER_HOST of a site.
 * Returned in the order taken (nearest the threshold first).
 */
export function pickJudgeBatch<C extends JudgeCandidate>(candidates: readonly C[], threshold: number, size = JUDGE_BATCH_SIZE): C[] {
  const byDistance = (a: C, b: C) => Math.abs(a.relevance - threshold) - Math.abs(b.relevance - threshold) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sides = [candidates.filter((c) => c.relevance >= threshold).sort(byDistance), candidates.filter((c) => c.relevance < threshold).sort(byDistance)];
  const batch: C[] = [];
  const taken = new Set<string>();
  const perHost = new Map<string, number>();
  const perKind = new Map<string, number>();
  // Start on the side whose best page is nearer the threshold, then alternate (across rounds too).
  let side = sides[1].length && (!sides[0].length || byDistance(sides[1][0], sides[0][0]) < 0) ? 1 : 0;
  for (const limit of rounds(size)) {
    let stuck = 0;
    while (batch.length < size && stuck < 2) {
      const next = sides[side].find((c) => !taken.has(c.id) && (perHost.get(c.host) ?? 0) < limit.perHost && (perKind.get(c.kind) ?? 0) < limit.perKind);
      if (next) {
        batch.push(next);
        taken.add(next.id);
        perHost.set(next.host, (perHost.get(next.host) ?? 0) + 1);
        perKind.set(next.kind, (perKind.get(next.kind) ?? 0) + 1);
        stuck = 0;
      } else stuck++;
      side = 1 - side;
    }
    if (batch.length >= size) break;
  }
  return batch;
}
