/** Where a stored page was found, and whether its raw body was kept (for the page view). */
import type { Sql } from "../db/sql";

/** The page that linked to this one (null for a seed), the anchor text, and whether a raw body is kept. */
export async function findPageOrigin(sql: Sql, jobId: number, pageId: string) {
  const [r] = await sql<{ parentId: string | null; parentUrl: string | null; parentTitle: string | null; anchor: string | null; hasBody: boolean }[]>`
    select f.parent_page_id as "parentId", pp.final_url as "parentUrl", pp.title as "parentTitle", f.anchor_text as anchor,
      exists (select 1 from page_bodies b where b.page_id = p.id) as "hasBody"
    from pages p join frontier f on f.id = p.frontier_id
    left join pages pp on pp.id = f.parent_page_id and pp.job_id = p.job_id
    where p.id = ${pageId} and p.job_id = ${jobId}`;
  return r ?? null;
}
