/**
 * The job page's crawl reports: per seed, per host, per MIME type, per status code and per
 * depth. Each is counted from the rows the job's counters count, so that its columns add up to
 * the job row: a fetched page is a `pages` row whose mark is not `unchanged` (a 304 costs no page)
 * or `gone` (a revisit's 404/410, counted as failed); a failed URL is a `frontier` row in status
 * `failed`; a relevant page is a fetched page with `is_relevant` (re-scoring keeps both in step).
 */
import type { Sql } from "./infra/sql";
import { heldBackCount, holdBackContext } from "./monitor-hosts";

/** The reports, as named in the download's path (`/api/jobs/{id}/reports/{kind}.csv`). */
export const REPORT_KINDS = ["seeds", "hosts", "mime-types", "status-codes", "depths"] as const;
/** One report. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Each report's columns in order: the CSV's header and the panel's table. */
export const REPORT_COLUMNS = {
  seeds: ["seed", "status", "reason", "urls", "fetched", "relevant", "failed", "pending"],
  hosts: ["host", "robots", "fetched", "relevant", "failed", "bytes", "held_back"],
  "mime-types": ["mime_type", "fetched", "relevant", "bytes"],
  "status-codes": ["status", "fetched", "failed"],
  depths: ["depth", "fetched", "relevant", "failed"],
} as const satisfies Record<ReportKind, readonly string[]>;

/** A report's row: its columns' values (null where there is none, e.g. the seed of URLs no seed led to). */
export type ReportRecord = Record<string, string | number | null>;

/** Whether `kind` names a report. */
export function isReportKind(kind: string): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind);
}

/** Report `kind` of job `jobId`, every row (a job has as many hosts as it found: the panel shows the first few). */
export async function readCrawlReport(sql: Sql, jobId: number, kind: ReportKind): Promise<ReportRecord[]> {
  switch (kind) {
    case "seeds": return readSeedReport(sql, jobId);
    case "hosts": return readHostReport(sql, jobId);
    case "mime-types": return readMimeReport(sql, jobId);
    case "status-codes": return readStatusReport(sql, jobId);
    case "depths": return readDepthReport(sql, jobId);
    default: return kind satisfies never;
  }
}

/**
 * Every URL under each seed, by a walk down the frontier's parent chain (a URL's
 * `parent_page_id` is the page it was first found on, so the tree partitions the frontier and
 * every URL is counted under exactly one seed). The walk is one recursive CTE over the job's
 * edges, read once: a pass over them per level of depth, no index needed on `parent_page_id`
 * (which every queued link would pay for). URLs whose chain starts at no seed (queued from a
 * sitemap, or a redirect to another host, whose first URL stores no page) form one last row
 * with no seed, so that the rows add up to the job's counters.
 */
async function readSeedReport(sql: Sql, jobId: number): Promise<ReportRecord[]> {
  const rows = await sql<ReportRecord[]>`
    with recursive edges as materialized (
      select f.id, p.frontier_id as parent from frontier f join pages p on p.id = f.parent_page_id where f.job_id = ${jobId}
    ), tree(id, root) as (
      select id, id from frontier where job_id = ${jobId} and parent_page_id is null
      union all
      select e.id, t.root from tree t join edges e on e.parent = t.id
    ), per_root as (
      select t.root, count(*)::int as urls,
        count(p.id) filter (where p.mark <> all('{unchanged,gone}'))::int as fetched,
        count(p.id) filter (where p.mark <> all('{unchanged,gone}') and p.is_relevant)::int as relevant,
        count(*) filter (where f.status = 'failed')::int as failed,
        count(*) filter (where f.status in ('pending', 'leased'))::int as pending
      from tree t join frontier f on f.id = t.id left join pages p on p.frontier_id = t.id
      group by t.root
    )
    select case when r.depth = 0 then r.url end as seed, case when r.depth = 0 then r.status::text end as status,
      case when r.depth = 0 then coalesce(r.last_error, r.skip_reason) end as reason,
      sum(pr.urls)::int as urls, sum(pr.fetched)::int as fetched, sum(pr.relevant)::int as relevant,
      sum(pr.failed)::int as failed, sum(pr.pending)::int as pending
    from per_root pr join frontier r on r.id = pr.root
    group by 1, 2, 3, case when r.depth = 0 then r.id end
    order by (case when r.depth = 0 then r.id end) nulls last`;
  return [...rows];
}

/** Fetched pages counted as the job's counters count them (see the module's comment). */
const COUNTED = "p.mark <> all('{unchanged,gone}')";

/**
 * Each host the job queued a URL on: its robots.txt state, pages fetched and relevant, URLs
 * failed, bytes of the pages' bodies and URLs the claim holds back now (as the hosts table
 * counts them); most relevant pages first, so it is also the relevant pages' spread by host.
 */
async function readHostReport(sql: Sql, jobId: number): Promise<ReportRecord[]> {
  const counted = sql.unsafe(COUNTED);
  const rows = await sql<ReportRecord[]>`
    with p as (
      select p.host, count(*) filter (where ${counted})::int as fetched, count(*) filter (where ${counted} and p.is_relevant)::int as relevant,
        coalesce(sum(p.content_bytes) filter (where ${counted}), 0)::bigint as bytes
      from pages p where p.job_id = ${jobId} group by p.host
    ), f as (
      select host, count(*)::int as failed from frontier where job_id = ${jobId} and status = 'failed' group by host
    )
    select h.host, h.robots_state as robots, coalesce(p.fetched, 0) as fetched, coalesce(p.relevant, 0) as relevant,
      coalesce(f.failed, 0) as failed, coalesce(p.bytes, 0)::float8 as bytes, ${heldBackCount(sql)} as held_back
    from hosts h cross join ${holdBackContext(sql, jobId)} j
      left join p on p.host = h.host left join f on f.host = h.host
    where h.job_id = ${jobId}
    order by relevant desc, fetched desc, h.host`;
  return [...rows];
}

/** Fetched pages by MIME type (the Content-Type without its parameters, lower case). */
async function readMimeReport(sql: Sql, jobId: number): Promise<ReportRecord[]> {
  const rows = await sql<ReportRecord[]>`
    select nullif(lower(trim(split_part(coalesce(p.content_type, ''), ';', 1))), '') as mime_type,
      count(*)::int as fetched, count(*) filter (where p.is_relevant)::int as relevant, sum(p.content_bytes)::float8 as bytes
    from pages p where p.job_id = ${jobId} and ${sql.unsafe(COUNTED)}
    group by 1 order by fetched desc, 1 nulls last`;
  return [...rows];
}

/**
 * Fetched pages by their HTTP status, and failed URLs by the status that failed them
 * (`http-404`); a failure with no status (a timeout, a refused connection, robots.txt) has none.
 */
async function readStatusReport(sql: Sql, jobId: number): Promise<ReportRecord[]> {
  const rows = await sql<ReportRecord[]>`
    with fetched as (
      select p.http_status as status, count(*)::int as n from pages p where p.job_id = ${jobId} and ${sql.unsafe(COUNTED)} group by 1
    ), failed as (
      select substring(last_error from '^http-([0-9]{3})$')::int as status, count(*)::int as n
      from frontier where job_id = ${jobId} and status = 'failed' group by 1
    )
    select coalesce(a.status, b.status) as status, coalesce(a.n, 0) as fetched, coalesce(b.n, 0) as failed
    from fetched a full join failed b on a.status = b.status
    order by 1 nulls last`;
  return [...rows];
}

/** Fetched and relevant pages and failed URLs by depth (links from the seed): the relevant pages' spread by depth. */
async function readDepthReport(sql: Sql, jobId: number): Promise<ReportRecord[]> {
  const counted = sql.unsafe(COUNTED);
  const rows = await sql<ReportRecord[]>`
    select f.depth, count(p.id) filter (where ${counted})::int as fetched,
      count(p.id) filter (where ${counted} and p.is_relevant)::int as relevant, count(*) filter (where f.status = 'failed')::int as failed
    from frontier f left join pages p on p.frontier_id = f.id
    where f.job_id = ${jobId} and (f.status = 'failed' or p.id is not null)
    group by f.depth order by f.depth`;
  return [...rows];
}
