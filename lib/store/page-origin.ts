/** Where a stored page was found, and whether its raw body was kept (for the page view). */
import type { Sql } from "../db/sql";

/** The page that linked to this one (null for a seed), the anchor text, and the kept raw body's presence and headers. */
export async function findPageOrigin(sql: Sql, jobId: number, pageId: string) {
  const [r] = await sql<{ parentId: string | null; parentUrl: string | null; parentTitle: string | null; anchor: string | null; hasBody: boolean; responseHeaders: Record<string, string> | null }[]>`
    select f.parent_page_id as "parentId", pp.final_url as "parentUrl", pp.title as "parentTitle", f.anchor_text as anchor,
      b.page_id is not null as "hasBody", b.response_headers as "responseHeaders"
    from pages p join frontier f on f.id = p.frontier_id
    left join pages pp on pp.id = f.parent_page_id and pp.job_id = p.job_id
    left join page_bodies b on b.page_id = p.id
    where p.id = ${pageId} and p.job_id = ${jobId}`;
  return r ?? null;
}
