/**
 * The maxQueryVariants trap rule, counted per job in the database (lib/rules/traps.ts has the
 * query shape): a path may take at most `limit` distinct query shapes, across every worker
 * process of the job. Each path's row is locked while its shapes are counted and added, so two
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
  // Rows created and locked in path order, as every page does, so pages never wait on each other in a cycle.
  await tx`
    insert into query_paths (job_id, path) select ${jobId}, p from unnest(${paths}::text[]) as t(p) order by p
    on conflict (job_id, path) do nothing`;
  const rows = await tx<{ path: string; shapes: string[] }[]>`
    select path, shapes from query_paths where job_id = ${jobId} and path = any(${paths}::text[]) order by path for update`;
  const shapesOf = new Map(rows.map((r) => [r.path, new Set(r.shapes)]));
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
