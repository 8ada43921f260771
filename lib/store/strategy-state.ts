/** The crawl state a strategy asks for before scoring a page's links (one or two queries). */
import type { JobState } from "../strategy/types";
import { emptyState } from "../strategy/types";
import type { Sql } from "./infra/sql";

/** Job and per-host harvest counters, and backlink counts of the given URLs, as `needs` asks. */
export async function loadStrategyState(
  sql: Sql, jobId: number, links: { url: string; host: string }[], needs: { hostStats?: boolean; backlinks?: boolean },
): Promise<JobState> {
  const state = emptyState();
  if (links.length === 0) return state;
  if (needs.hostStats) {
    const hosts = [...new Set(links.map((l) => l.host))];
    const [[job], rows] = await Promise.all([
      sql<{ fetched: number; relevant: number }[]>`select pages_fetched as fetched, pages_relevant as relevant from jobs where id = ${jobId}`,
      sql<{ host: string; fetched: number; relevant: number }[]>`
        select host, pages_fetched as fetched, pages_relevant as relevant from hosts where job_id = ${jobId} and host = any(${hosts}::text[])`,
    ]);
    state.jobFetched = job?.fetched ?? 0;
    state.jobRelevant = job?.relevant ?? 0;
    for (const r of rows) state.hosts.set(r.host, { fetched: r.fetched, relevant: r.relevant });
  }
  if (needs.backlinks) {
    const rows = await sql<{ url: string; n: number; relevant: number }[]>`
      select l.to_url_key as url, count(*)::int as n, count(*) filter (where p.is_relevant)::int as relevant
      from links l join pages p on p.id = l.from_page_id
      where l.job_id = ${jobId} and l.to_url_key = any(${links.map((l) => l.url)}::text[])
      group by l.to_url_key`;
    for (const r of rows) {
      state.backlinks.set(r.url, r.n);
      state.relevantBacklinks.set(r.url, r.relevant);
    }
  }
  return state;
}
