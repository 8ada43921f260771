/**
 * A workflow's re-run goes on discovering where the previous run stopped: the URLs that run had
 * queued but not fetched (its budget or time ran out first) are queued again on the new run, with
 * their depths and the strategy's priorities, under the new run's scope, trap and per-host limits.
 * Without them a run that stopped at its page budget was followed by runs that only revisited its
 * pages ("pages 0, unchanged 120, frontier-empty" every minute).
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
 * The best `limit` URLs of each host (`urls` best first; 0 = no limit): a carried-over URL is a
 * link the previous run queued, so it takes a place under the job's per-host limit as a link does
 * (`applyHostLimit` in frontier.ts counts the same `hosts.urls_queued`).
 */
export function keepPerHost<T extends { host: string }>(urls: T[], limit: number): T[] {
  if (limit <= 0) return urls;
  const taken = new Map<string, number>();
  return urls.filter((u) => {
    const n = taken.get(u.host) ?? 0;
    taken.set(u.host, n + 1);
    return n < limit;
  });
}

/**
 * Queue on re-run `jobId` (inside the transaction that creates it, after its seeds and revisits)
 * the pending URLs of run `prev` that its scope and depth allow; a URL already queued (a seed, a
 * revisit) keeps its row. Returns how many were queued.
 */
export async function queuePreviousFrontier(tx: PrismaTx, jobId: number, prev: PreviousRun,
  p: { maxPages: number; minDelayMs: number; maxHostConnections: number; maxPagesPerHost: number } & RevisitBounds): Promise<number> {
  const limit = Math.min(MAX_CARRIED_URLS, p.maxPages * CARRIED_URLS_PER_PAGE);
  const pending = keepPerHost(keepAllowed(await readPendingUrls(tx, prev, limit), p), p.maxPagesPerHost);
  if (pending.length === 0) return 0;
  const rows = JSON.stringify(pending.map((u) => ({ ...u, detail: u.detail ?? null, lastmod: u.lastmod?.toISOString() ?? null })));
  await addRowHosts(tx, jobId, rows, p);
  // The URLs queued count on their hosts as queued links do (the per-host limit reads them).
  const [{ n }] = await tx.$queryRaw<{ n: number }[]>`
    with queued as (
      insert into frontier (job_id, url, url_key, host, depth, priority, base_priority, anchor_text, priority_detail, lastmod)
      select ${jobId}::int, r.url, r.url, r.host, r.depth, r.priority, r.priority, r.anchor, r.detail, r.lastmod
      from jsonb_to_recordset(${rows}::jsonb) as r(url text, host text, depth int, priority float8, anchor text, detail jsonb, lastmod timestamptz)
      order by r.url
      on conflict (job_id, url_key) do nothing
      returning host
    ), per_host as (
      select host, count(*)::int as n from queued group by host
    ), counted as (
      update hosts h set urls_queued = h.urls_queued + per_host.n from per_host where h.job_id = ${jobId} and h.host = per_host.host
    )
    select count(*)::int as n from queued`;
  return n;
}
