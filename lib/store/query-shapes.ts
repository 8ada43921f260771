/**
 * The maxQueryVariants trap rule, counted per job in the database (lib/rules/traps.ts has the
 * query shape): a path may take at most `limit` distinct query shapes, across every worker
 * process of the job. A path's row is locked while a new shape is counted and added, so two
 * pages stored at the same moment cannot both take the last place.
 */
import { queryShape } from "../rules/traps";
import type { Tx } from "./infra/sql";

export const QUERY_VARIANTS_REASON = "trap:query-variants";

/** The path a URL's query shapes are counted on: scheme, host and path; null for a URL without a query. */
function pathKey(url: string): { path: string; shape: string } | null {
  const u = new URL(url);
  return u.search ? { path: `${u.origin}${u.pathname}`, shape: queryShape(u.search) } : null;
}

/** The shapes recorded so far for each of `paths` (no lock: a recorded shape is never taken back). */
async function readShapes(tx: Tx, jobId: number, paths: string[]): Promise<Map<string, Set<string>>> {
  const rows = await tx<{ path: string; shapes: string[] }[]>`
    select path, shapes from query_paths where job_id = ${jobId} and path = any(${paths}::text[])`;
  return new Map(rows.map((r) => [r.path, new Set(r.shapes)]));
}

/** Create and lock the rows of `paths` (sorted), returning their shapes as they are under the lock. */
async function lockShapes(tx: Tx, jobId: number, paths: string[]): Promise<Map<string, Set<string>>> {
  // Rows created and locked in path order, as every page does, so pages never wait on each other in a cycle.
  await tx`
    insert into query_paths (job_id, path) select ${jobId}, p from unnest(${paths}::text[]) as t(p) order by p
    on conflict (job_id, path) do nothing`;
  const rows = await tx<{ path: string; shapes: string[] }[]>`
    select path, shapes from query_paths where job_id = ${jobId} and path = any(${paths}::text[]) order by path for update`;
  return new Map(rows.map((r) => [r.path, new Set(r.shapes)]));
}

/**
 * Mark the links whose path already has `limit` other query shapes with the skip reason
 * `trap:query-variants`, and record the shapes of the others. Links already skipped are left
 * alone and take no place.
 */
export async function applyQueryVariantLimit<T extends { url: string; skipReason?: string | null }>(
  tx: Tx, jobId: number, links: T[], limit: number,
): Promise<T[]> {
  const keyed = links.map((l) => (l.skipReason ? null : pathKey(l.url)));
  const paths = [...new Set(keyed.flatMap((k) => (k ? [k.path] : [])))].sort();
  if (paths.length === 0) return links;
  const shapesOf = await readShapes(tx, jobId, paths);
  // A shape already recorded stays allowed (shapes are only ever added), so only paths that
  // would take a new shape are locked: pages linking known shapes of one busy path (a
  // /view?id=N on every page) no longer wait on each other's whole store.
  const growing = paths.filter((p) => keyed.some((k) => k?.path === p && !shapesOf.get(p)?.has(k.shape)));
  if (growing.length) for (const [p, shapes] of await lockShapes(tx, jobId, growing)) shapesOf.set(p, shapes);
  const grown = new Set<string>();
  const result = links.map((l, i) => {
    const k = keyed[i];
    if (!k) return l;
    const shapes = shapesOf.get(k.path)!;
    if (shapes.has(k.shape)) return l;
    if (shapes.size >= limit) return { ...l, skipReason: QUERY_VARIANTS_REASON };
    shapes.add(k.shape);
    grown.add(k.path);
    return l;
  });
  if (grown.size) {
    // The rows are locked already (above), so the order of these updates does not matter.
    const shapes = Object.fromEntries([...grown].map((p) => [p, [...shapesOf.get(p)!]]));
    await tx`
      update query_paths q set shapes = array(select jsonb_array_elements_text(t.s))
      from jsonb_each(${tx.json(shapes)}) as t(p, s)
      where q.job_id = ${jobId} and q.path = t.p`;
  }
  return result;
}
