/**
 * Sitemaps in the frontier: a host's sitemap files are queued like URLs (marked by their
 * `sitemap_level`), claimed under the host's politeness, and once read, the pages they list are
 * queued like links, with their `<lastmod>`, and the files an index lists below them.
 */
import { markHostsPending } from "./host-pending";
import { applyHostLimit, countQueued, enqueueLinks, finishLease, recordOutcome, returnPageBudget } from "./frontier";
import { ensureHosts, type HostPoliteness } from "./hosts";
import { holdJobGraphShared } from "./infra/deadlock";
import type { Sql, Tx } from "./infra/sql";
import { applyQueryVariantLimit } from "./query-shapes";
import type { MergeMode } from "../strategy/types";

/** Insert sitemap files of one host at `level` (none already known is queued twice); returns how many are new. */
async function insertSitemaps(tx: Tx | Sql, jobId: number, host: string, urls: string[], level: number, priority: number): Promise<number> {
  if (urls.length === 0) return 0;
  const rows = await tx`
    insert into frontier (job_id, url, url_key, host, depth, priority, sitemap_level)
    select ${jobId}, u, u, ${host}, 0, ${priority}, ${level} from unnest(${urls}::text[]) as t(u)
    on conflict (job_id, url_key) do nothing
    returning id`;
  return rows.length;
}

/**
 * Queue a host's sitemap files (robots.txt's `Sitemap:` lines, or /sitemap.xml) with `priority`,
 * so that they are read early, each under the host's delay; the host is marked as having work.
 */
export async function queueSitemaps(sql: Sql, jobId: number, host: string, urls: string[], priority: number): Promise<number> {
  return sql.begin(async (tx) => {
    const added = await insertSitemaps(tx, jobId, host, urls, 0, priority);
    if (added > 0) await markHostsPending(tx, jobId, [host]);
    return added;
  });
}

/** What reading one sitemap file gave. */
export interface SitemapRecord {
  jobId: number; frontierId: string; workerId: string; host: string; answeredAt: Date; bytes: number;
  /** Pages to queue, scored like links, each with its lastmod; a skip reason stores it as skipped. */
  pages: { url: string; host: string; anchor: string; priority: number; detail?: Record<string, unknown>; skipReason?: string | null; lastmod: Date | null }[];
  /** Sitemap files an index lists, one level below this one, with the priority they are read at. */
  sitemaps: { urls: string[]; level: number; priority: number };
  politeness: HostPoliteness; merge: MergeMode; isGraphRecomputed: boolean; maxPagesPerHost: number; maxQueryVariants: number;
}

/**
 * Store a sitemap file read: its pages queued (depth 1, as links of the host's front page) under
 * the job's trap limits, their lastmod recorded, the files below it queued, and its own row done.
 * A sitemap is no page: its place in the page budget is given back and it counts as no fetch.
 */
export function storeSitemap(sql: Sql, s: SitemapRecord): Promise<{ enqueued: number; sitemaps: number }> {
  return sql.begin(async (tx) => {
    if (s.isGraphRecomputed) await holdJobGraphShared(tx, s.jobId);
    const queue = await applyHostLimit(tx, s.jobId, await applyQueryVariantLimit(tx, s.jobId, s.pages, s.maxQueryVariants), s.maxPagesPerHost);
    const { enqueued, hosts } = await enqueueLinks(tx, {
      jobId: s.jobId, depth: 1, parentPageId: null, urls: queue.map((p) => p.url), hosts: queue.map((p) => p.host), anchors: queue.map(() => ""),
      priorities: queue.map((p) => p.priority), skipReasons: queue.map((p) => p.skipReason ?? null), details: queue.map((p) => p.detail ?? null), merge: s.merge,
    });
    const dated = s.pages.filter((p) => p.lastmod);
    if (dated.length) {
      await tx`
        update frontier f set lastmod = t.m from unnest(${dated.map((p) => p.url)}::text[], ${dated.map((p) => p.lastmod!.toISOString())}::timestamptz[]) as t(u, m)
        where f.job_id = ${s.jobId} and f.url_key = t.u`;
    }
    const sitemaps = await insertSitemaps(tx, s.jobId, s.host, s.sitemaps.urls, s.sitemaps.level, s.sitemaps.priority);
    await returnPageBudget(tx, s.jobId);
    await finishLease(tx, { id: s.frontierId, workerId: s.workerId, status: "done" });
    await ensureHosts(tx, s.jobId, queue.filter((p) => !p.skipReason).map((p) => p.host), s.politeness);
    await recordOutcome(tx, { jobId: s.jobId, host: s.host, fetched: 0, relevant: 0, failed: 0, enqueued: enqueued + sitemaps, bytes: s.bytes, answeredAt: s.answeredAt });
    if (s.maxPagesPerHost > 0) await countQueued(tx, s.jobId, hosts);
    await markHostsPending(tx, s.jobId, sitemaps > 0 ? [...hosts, s.host] : hosts);
    return { enqueued, sitemaps };
  });
}
