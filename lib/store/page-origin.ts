/** Where a stored page was found, and whether its raw body was kept (for the page view). */
import type { Sql } from "./infra/sql";

/** The page that linked to this one (null for a seed), the anchor text, and the kept raw body's presence and headers. */
export async function findPageOrigin(sql: Sql, jobId: number, pageId: string) {
  const [r] = await sql<{ parentId: string | null; parentUrl: string | null; parentTitle: string | null; anchor: string | null; hasBody: boolean;
    responseHeaders: Record<string, string> | null; revisitOf: string | null; revisitJobId: number | null }[]>`
    select f.parent_page_id as "parentId", pp.final_url as "parentUrl", pp.title as "parentTitle", f.anchor_text as anchor,
      b.page_id is not null as "hasBody", b.response_headers as "responseHeaders",
      -- A workflow re-run's revisit: the previous run's copy (its run may have been deleted since).
      f.revisit_page_id::text as "revisitOf", (select q.job_id from pages q where q.id = f.revisit_page_id) as "revisitJobId"
    from pages p join frontier f on f.id = p.frontier_id
    left join pages pp on pp.id = f.parent_page_id and pp.job_id = p.job_id
    left join page_bodies b on b.page_id = p.id
    where p.id = ${pageId} and p.job_id = ${jobId}`;
  return r ?? null;
}

/** Longest path from a seed followed back, in links. */
const MAX_PATH_LINKS = 50;

/** The pages from a seed to this one, seed first, each with the anchor text of the link to the next. */
export async function findSeedPath(sql: Sql, jobId: number, pageId: string) {
  const rows = await sql<{ id: string; title: string; url: string; anchor: string | null; step: number }[]>`
    with recursive up as (
      select p.id, p.title, p.final_url as url, f.anchor_text as anchor, f.parent_page_id as parent, 0 as step
      from pages p join frontier f on f.id = p.frontier_id where p.id = ${pageId} and p.job_id = ${jobId}
      union all
      select p.id, p.title, p.final_url, f.anchor_text, f.parent_page_id, up.step + 1
      from up join pages p on p.id = up.parent and p.job_id = ${jobId} join frontier f on f.id = p.frontier_id
      where up.step < ${MAX_PATH_LINKS})
    select id, title, url, anchor, step from up order by step desc`;
  return rows;
}

/** Pages of the job that link to this one (at most `limit`), with their anchor text. */
export async function findInlinks(sql: Sql, jobId: number, pageId: string, limit = 20) {
  return sql<{ id: string; title: string; url: string; anchor: string | null }[]>`
    select p.id, p.title, p.final_url as url, l.anchor_text as anchor
    from pages me join frontier f on f.id = me.frontier_id
    join links l on l.job_id = ${jobId} and l.to_url_key = f.url_key
    join pages p on p.id = l.from_page_id
    where me.id = ${pageId} and me.job_id = ${jobId} and p.id <> me.id
    order by p.relevance desc, p.id limit ${limit}`;
}

/** One link of a page and what became of its target in this job. */
export interface Outlink {
  url: string; anchor: string | null;
  /** The target's frontier status (null when the link was never queued: refused where it was found). */
  status: "pending" | "leased" | "done" | "failed" | "skipped" | null;
  reason: string | null; pageId: string | null; title: string | null; isRelevant: boolean | null;
}

/** The page's links in the order found (at most `limit`), each with its target's fate, and how many there are. */
export async function findOutlinks(sql: Sql, jobId: number, pageId: string, limit = 50): Promise<{ links: Outlink[]; total: number }> {
  const [links, [{ total }]] = await Promise.all([
    sql<Outlink[]>`
      select l.to_url as url, l.anchor_text as anchor, f.status::text as status, coalesce(f.skip_reason, f.last_error) as reason,
        p.id as "pageId", p.title, p.is_relevant as "isRelevant"
      from links l
      left join frontier f on f.job_id = l.job_id and f.url_key = l.to_url_key
      left join pages p on p.frontier_id = f.id
      where l.from_page_id = ${pageId} and l.job_id = ${jobId}
      order by l.id limit ${limit}`,
    sql<{ total: number }[]>`select count(*)::int as total from links where from_page_id = ${pageId} and job_id = ${jobId}`,
  ]);
  return { links, total };
}
