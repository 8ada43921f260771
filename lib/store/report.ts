/** The crawl report: totals, a row per 100 fetched pages, and every fetched URL (CLI `--report`). */
import type { Sql } from "./infra/sql";

/** One fetched URL in fetch order. */
export interface ReportUrl {
  url: string; status: string; httpStatus: number | null; relevance: number | null; isRelevant: boolean; depth: number; reason: string | null;
}
/** Progress after every `every` stored pages. */
export interface ReportRow { fetched: number; relevant: number; harvestRate: number; frontierSize: number; elapsedMs: number }

/** Build the report of job `jobId` from the database. */
export async function buildReport(sql: Sql, jobId: number, every = 100) {
  const [job] = await sql`
    select id, name, status::text, finish_reason, strategy, max_pages, pages_fetched, pages_relevant, pages_failed,
      links_found, started_at, finished_at from jobs where id = ${jobId}`;
  if (!job) throw new Error(`job ${jobId} does not exist`);
  const finished = await sql<(ReportUrl & { at: Date })[]>`
    select f.url, f.status::text, p.http_status as "httpStatus", p.relevance, coalesce(p.is_relevant, false) as "isRelevant", f.depth,
      coalesce(f.last_error, f.skip_reason) as reason, f.updated_at as at
    from frontier f left join pages p on p.frontier_id = f.id
    where f.job_id = ${jobId} and f.status in ('done', 'failed', 'skipped') and f.attempts > 0
    order by f.updated_at, f.id`;
  const discovered = (await sql<{ at: Date }[]>`
    select discovered_at as at from frontier where job_id = ${jobId} order by discovered_at`).map((r) => r.at.getTime());

  const started = new Date(job.started_at).getTime();
  const rows: ReportRow[] = [];
  let fetched = 0;
  let relevant = 0;
  let known = 0;
  finished.forEach((u, i) => {
    if (u.status !== "done") return;
    fetched++;
    if (u.isRelevant) relevant++;
    if (fetched % every !== 0) return;
    const t = u.at.getTime();
    while (known < discovered.length && discovered[known] <= t) known++;
    rows.push({ fetched, relevant, harvestRate: relevant / fetched, frontierSize: known - (i + 1), elapsedMs: t - started });
  });
  return {
    job: { id: job.id, name: job.name, status: job.status, finishReason: job.finish_reason, strategy: job.strategy },
    totals: {
      fetched: job.pages_fetched, relevant: job.pages_relevant, failed: job.pages_failed, linksQueued: job.links_found,
      harvestRate: job.pages_fetched ? job.pages_relevant / job.pages_fetched : 0,
      elapsedMs: job.finished_at ? new Date(job.finished_at).getTime() - started : null,
    },
    rows,
    urls: finished.map(({ at: _at, ...u }) => u),
  };
}
