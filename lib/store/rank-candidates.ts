/**
 * The pages a ranked search orders by match: the matching pages the topic scores highest.
 *
 * Finding them is "the top N by relevance among the pages that contain a word". PostgreSQL can
 * either walk the (job_id, relevance) index and test each page for the word, which reads each
 * page's search vector (stored out of line, several blocks a page), or collect every match from
 * the search index and sort them, which reads every matching row. For a word on a few percent of
 * a million pages both read tens of thousands of rows: seconds (bench/RESULTS.md).
 *
 * Bounding the search to a relevance floor lets PostgreSQL intersect the two indexes first
 * (a BitmapAnd) and read only the matching rows above the floor. The floor is set from how many
 * pages the planner expects to match and a sample of the job's relevance: about twice as many
 * matches as needed should lie above it. When fewer are found there, a lower floor is tried and
 * finally none, so the result is exactly the top N whatever the estimates say.
 */
import type { Fragment, Sql } from "./infra/sql";

/** Jobs with at most this many stored pages are searched without a floor: both plans are fast. */
export const FLOOR_FROM_PAGES = 50_000;
/** Pages of the job the relevance sample holds, about. */
const SAMPLE_PAGES = 4_000;
/** A sample is used again for this long, unless the job has grown by a quarter meanwhile. */
const SAMPLE_TTL_MS = 5 * 60_000;
/** Matches aimed for above the floor, as a multiple of the candidates needed. */
const FLOOR_MARGIN = 2;
/** A floor that would keep more than this share of the job's pages is no help: search without. */
const MAX_FLOOR_SHARE = 0.5;
/** Jobs whose samples are kept (the oldest sample goes first). */
const SAMPLES_KEPT = 50;

interface RelevanceSample { stored: number; at: number; descending: number[] }
const samples = new Map<number, RelevanceSample>();

/**
 * The relevance of about SAMPLE_PAGES of the job's pages, highest first: a block sample of the
 * pages table (TABLESAMPLE SYSTEM, seeded per job so the floors do not move between screens).
 */
async function relevanceSample(sql: Sql, jobId: number, stored: number): Promise<number[]> {
  const cached = samples.get(jobId);
  if (cached && Date.now() - cached.at < SAMPLE_TTL_MS && stored <= cached.stored * 1.25) return cached.descending;
  const percent = Math.min(100, (100 * SAMPLE_PAGES) / Math.max(stored, 1));
  const rows = await sql<{ r: number }[]>`
    select relevance as r from pages tablesample system (${percent}) repeatable (${jobId})
    where job_id = ${jobId} order by relevance desc`;
  const descending = rows.map((x) => x.r);
  samples.delete(jobId);
  if (samples.size >= SAMPLES_KEPT) samples.delete(samples.keys().next().value!);
  samples.set(jobId, { stored, at: Date.now(), descending });
  return descending;
}

/** How many rows PostgreSQL expects `where` to match (its plan's estimate, no rows read). */
async function estimateMatches(sql: Sql, where: Fragment): Promise<number> {
  const [row] = await sql<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>`
    explain (format json) select 1 from pages p where ${where}`;
  return row["QUERY PLAN"][0].Plan["Plan Rows"];
}

/**
 * The relevance floors to try, highest first, ending with null (no floor), from a sample of the
 * job's relevance (highest first) when about `expected` of its pages match and `needed` are wanted.
 */
export function relevanceFloors(descending: readonly number[], expected: number, needed: number): (number | null)[] {
  const floors: (number | null)[] = [];
  for (let share = (FLOOR_MARGIN * needed) / Math.max(expected, 1); share <= MAX_FLOOR_SHARE && descending.length; share *= 4) {
    const floor = descending[Math.min(descending.length - 1, Math.floor(share * descending.length))];
    if (floors.at(-1) !== floor) floors.push(floor);
  }
  return [...floors, null];
}

/**
 * Ids of the `needed` pages matching `where` (a view of job `jobId`, search included) that the
 * topic scores highest, by relevance then id, descending.
 */
export async function findRankCandidates(sql: Sql, jobId: number, where: Fragment, needed: number,
  opts: { floorFromPages?: number } = {}): Promise<string[]> {
  const [job] = await sql<{ stored: number }[]>`select pages_fetched as stored from jobs where id = ${jobId}`;
  const stored = job?.stored ?? 0;
  const floors = stored <= (opts.floorFromPages ?? FLOOR_FROM_PAGES)
    ? [null]
    : relevanceFloors(await relevanceSample(sql, jobId, stored), await estimateMatches(sql, where), needed);
  for (const floor of floors) {
    const rows = await sql<{ id: string }[]>`
      select p.id from pages p where ${where} ${floor === null ? sql`` : sql`and p.relevance >= ${floor}`}
      order by p.relevance desc, p.id desc limit ${needed}`;
    if (rows.length >= needed || floor === null) return rows.map((r) => r.id);
  }
  return [];
}
