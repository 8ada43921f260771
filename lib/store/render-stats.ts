/** What rendering pages in the browser cost a job: the job page's account of it. */
import type { Sql } from "./infra/sql";

/** Pages rendered, their time, the requests they made, those at their time budget, and the requests the guard refused (how many, and the first 20). */
export interface RenderStats { pages: number; totalMs: number; requests: number; timedOut: number; blockedTotal: number; blocked: { page: string; url: string }[] }

/** Read a job's rendering cost from its pages' `render` records. */
export async function readRenderStats(sql: Sql, jobId: number): Promise<RenderStats> {
  const [s] = await sql<{ pages: number; ms: string; requests: number; timedOut: number; blockedTotal: number }[]>`
    select count(*)::int as pages, coalesce(sum((render->>'ms')::bigint), 0)::text as ms, coalesce(sum((render->>'requests')::int), 0)::int as requests,
      count(*) filter (where (render->>'isTimedOut')::boolean)::int as "timedOut",
      coalesce(sum(jsonb_array_length(coalesce(render->'blocked', '[]')) + coalesce((render->>'blockedMore')::int, 0)), 0)::int as "blockedTotal"
    from pages where job_id = ${jobId} and render is not null`;
  const blocked = s.pages === 0 ? [] : await sql<{ page: string; url: string }[]>`
    select p.url as page, b.url from pages p cross join lateral jsonb_array_elements_text(p.render->'blocked') as b(url)
    where p.job_id = ${jobId} and p.render is not null order by p.id limit 20`;
  return { pages: s.pages, totalMs: Number(s.ms), requests: s.requests, timedOut: s.timedOut, blockedTotal: s.blockedTotal, blocked: [...blocked] };
}
