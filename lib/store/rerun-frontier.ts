/**
 * A workflow's re-run goes on discovering where the previous run stopped: the URLs that run had
 * queued but not fetched (its budget or time ran out first) are queued again on the new run, with
 * their depths and the strategy's priorities, under the new run's scope and trap limits. Without
 * them a run that stopped at its page budget was followed by runs that only revisited its pages
 * (issue 39: "pages 0, unchanged 120, frontier-empty" every minute).
 */
import type { PrismaClient } from "../generated/prisma/client";
import { REVISIT_PRIORITY_BASE } from "../rules/revisit";
import { addRowHosts, keepAllowed, type PreviousRun, type RevisitBounds } from "./revisits";

type PrismaTx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Pending URLs taken over per page of the new run's budget. A run fetches at most its budget, so
 * ten times as many best URLs is more than it reaches; the rest of a large frontier would only
 * lengthen the transaction that creates the run (it runs under Prisma's 5 s limit).
 */
export const CARRIED_URLS_PER_PAGE = 10;
/** Most pending URLs one re-run takes over, whatever its budget. */
export const MAX_CARRIED_URLS = 50_000;

/** A pending URL of the previous run as it is queued again. */
interface PendingUrl { url: string; host: string; depth: number; priority: number; detail: unknown; anchor: string | null; lastmod: Date | null }

/**
 * The previous run's pending URLs, best first: page URLs only (its sitemap files are read again
 * from robots.txt). A revisit it did not reach is queued as a plain URL at its chance of change
 * (its priority less REVISIT_PRIORITY_BASE): its copy belongs to a run before the previous one.
 * Each takes its priority before its host's feedback (base_priority): the new run's hosts have none yet.
 */
async function readPendingUrls(tx: PrismaTx, prev: PreviousRun, limit: number): Promise<PendingUrl[]> {
  return tx.$queryRaw<PendingUrl[]>`
    select f.url, f.host, f.depth, f.anchor_text as anchor, f.lastmod, f.priority_detail as detail,
      case when f.revisit_page_id is not null then f.priority - ${REVISIT_PRIORITY_BASE}::float8 else coalesce(f.base_priority, f.priority) end as priority
    from frontier f
    where f.job_id = ${prev.id} and f.status = 'pending' and f.sitemap_level is null
    order by f.priority desc, f.depth, f.id
    limit ${limit}`;
}

/**
 * Queue on re-run `jobId` (inside the transaction that creates it, after its seeds and revisits)
 * the pending URLs of run `prev` that its scope and depth allow; a URL already queued (a seed, a
 * revisit) keeps its row. Returns how many were queued.
 */
export async function queuePreviousFrontier(tx: PrismaTx, jobId: number, prev: PreviousRun,
  p: { maxPages: number; minDelayMs: number; maxHostConnections: number } & RevisitBounds): Promise<number> {
  const limit = Math.min(MAX_CARRIED_URLS, p.maxPages * CARRIED_URLS_PER_PAGE);
  const pending = keepAllowed(await readPendingUrls(tx, prev, limit), p);
  if (pending.length === 0) return 0;
  const rows = JSON.stringify(pending.map((u) => ({ ...u, detail: u.detail ?? null, lastmod: u.lastmod?.toISOString() ?? null })));
  await addRowHosts(tx, jobId, rows, p);
  return tx.$executeRaw`
    insert into frontier (job_id, url, url_key, host, depth, priority, base_priority, anchor_text, priority_detail, lastmod)
    select ${jobId}::int, r.url, r.url, r.host, r.depth, r.priority, r.priority, r.anchor, r.detail, r.lastmod
    from jsonb_to_recordset(${rows}::jsonb) as r(url text, host text, depth int, priority float8, anchor text, detail jsonb, lastmod timestamptz)
    order by r.url
    on conflict (job_id, url_key) do nothing`;
}
