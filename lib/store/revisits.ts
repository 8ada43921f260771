/**
 * Revisits of a workflow's re-run (docs/ALGORITHMS.md §4): the previous run's pages are queued
 * with their validators, ordered by the chance they changed (lib/rules/revisit.ts); a 304 stores
 * the page as unchanged from the previous copy without spending the page budget, a 404/410 stores
 * it as gone, and an unchanged page's links are read from the previous copy and queued again, so
 * that a re-run also goes on discovering (with the URLs the previous run left: rerun-frontier.ts).
 * Each copy is a row of its own (text, score, body, links): deleting one run never touches another.
 */
import type { PrismaClient } from "../generated/prisma/client";
import { orderRevisits, revisitPriority } from "../rules/revisit";
import { createScope, type ScopeRules } from "../rules/scope";
import { trapReason, type TrapRules } from "../rules/traps";
import { canonicalizeUrl } from "../rules/url";
import { decodeBody } from "../rules/decode";
import { parseHtml } from "../rules/parse";
import type { MergeMode } from "../strategy/types";
import { applyHostLimit, countQueued, enqueueLinks, finishLease, recordOutcome, returnPageBudget } from "./frontier";
import { markHostsPending } from "./host-pending";
import { ensureHosts, type HostPoliteness } from "./hosts";
import { holdJobGraphShared, holdJobKeys, withDeadlockRetry } from "./infra/deadlock";
import type { Sql, Tx } from "./infra/sql";
import { readRawBody as readKeptBody } from "./page-bodies";
import type { PageRecord } from "./pages";
import { applyQueryVariantLimit } from "./query-shapes";

type PrismaTx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** A page of the previous run as a revisit needs it. */
interface PreviousPage {
  pageId: string; url: string; host: string; depth: number; kind: string; visits: number; changes: number;
  trackedSec: number; fetchedAt: Date; etag: string | null; lastModified: string | null;
}

/** The newest earlier run of a workflow that stored any page, and whether it scored pages as run `jobId` will. */
export interface PreviousRun { id: number; sameScoring: boolean }

/**
 * The run a re-run `jobId` of workflow `workflowId` goes on from: the newest earlier one that
 * stored any page (a run that failed at once has nothing to go on from). Its scoring is the
 * same when its topic and threshold are: a 304 copies the previous score, which another topic would make wrong.
 */
export async function findPreviousRun(tx: PrismaTx, jobId: number, workflowId: number): Promise<PreviousRun | null> {
  const [row] = await tx.$queryRaw<PreviousRun[]>`
    select j.id, j.topic_snapshot = n.topic_snapshot and j.page_threshold = n.page_threshold as "sameScoring"
    from jobs j cross join jobs n
    where n.id = ${jobId} and j.workflow_id = ${workflowId} and j.id < ${jobId} and exists (select 1 from pages p where p.job_id = j.id)
    order by j.id desc limit 1`;
  return row ?? null;
}

/** The pages of run `prev` except those it found gone; validators only when it scored pages as this run will. */
async function readPreviousPages(tx: PrismaTx, prev: PreviousRun): Promise<PreviousPage[]> {
  return tx.$queryRaw<PreviousPage[]>`
    select p.id::text as "pageId", p.url, p.host, p.depth, p.page_kind as kind, p.visits, p.changes,
      extract(epoch from p.fetched_at - coalesce(p.tracked_since, p.fetched_at))::float8 as "trackedSec", p.fetched_at as "fetchedAt",
      case when ${prev.sameScoring} then p.etag end as etag, case when ${prev.sameScoring} then p.last_modified end as "lastModified"
    from pages p
    where p.job_id = ${prev.id} and p.mark <> 'gone'
    order by p.id`;
}

/** What a run may crawl: its scope (with its seeds) and trap limits, as its links are checked. */
export type RevisitBounds = Pick<ScopeRules, "allow" | "deny"> & TrapRules & { scope: ScopeRules["mode"]; seeds: string[] };

/**
 * The previous pages this run may still crawl: an edit of the workflow that narrowed its scope,
 * added a deny pattern or lowered the depth is obeyed by its revisits as by its links.
 */
export function keepAllowed<T extends { url: string; depth: number }>(pages: T[], b: RevisitBounds): T[] {
  const inScope = createScope({ mode: b.scope, allow: b.allow, deny: b.deny }, b.seeds);
  return pages.filter((pg) => inScope(pg.url).allowed && trapReason(pg.url, pg.depth, b) === null);
}

/** The hosts of `rows` (a JSON array of objects with a `host`) added to job `jobId` with its politeness; known hosts keep theirs. */
export async function addRowHosts(tx: PrismaTx, jobId: number, rows: string, p: { minDelayMs: number; maxHostConnections: number }): Promise<void> {
  await tx.$executeRaw`
    insert into hosts (job_id, host, min_delay_ms, max_connections)
    select distinct ${jobId}::int, r.host, ${p.minDelayMs}::int, ${p.maxHostConnections}::int from jsonb_to_recordset(${rows}::jsonb) as r(host text)
    order by 2 on conflict do nothing`;
}

/**
 * Queue the previous run's pages that this run's scope and depth allow on job `jobId` (inside the
 * transaction that creates it), most likely changed first: priority REVISIT_PRIORITY_BASE + 1 −
 * exp(−λt). A seed already queued becomes a revisit. Returns how many.
 */
export async function queueRevisits(tx: PrismaTx, jobId: number, prev: PreviousRun,
  p: { minDelayMs: number; maxHostConnections: number } & RevisitBounds, now = new Date()): Promise<number> {
  const previous = keepAllowed(await readPreviousPages(tx, prev), p);
  if (previous.length === 0) return 0;
  const ordered = orderRevisits(previous.map((pg) => ({
    ...pg, history: { visits: pg.visits, changes: pg.changes, trackedSec: pg.trackedSec, kind: pg.kind }, lastVisitAt: pg.fetchedAt,
  })), now);
  const rows = JSON.stringify(ordered.map(({ item, changeProbability }) => ({
    url: item.url, host: item.host, depth: item.depth, page_id: item.pageId, etag: item.etag, last_modified: item.lastModified,
    priority: revisitPriority(changeProbability), p: Math.round(changeProbability * 1e6) / 1e6,
  })));
  await addRowHosts(tx, jobId, rows, p);
  return tx.$executeRaw`
    insert into frontier (job_id, url, url_key, host, depth, priority, priority_detail, revisit_page_id, revisit_etag, revisit_last_modified)
    select ${jobId}::int, r.url, r.url, r.host, r.depth, r.priority, jsonb_build_object('changeProbability', r.p), r.page_id, r.etag, r.last_modified
    from jsonb_to_recordset(${rows}::jsonb) as r(url text, host text, depth int, priority float8, p float8, page_id bigint, etag text, last_modified text)
    order by r.url
    on conflict (job_id, url_key) do update set priority = excluded.priority, priority_detail = excluded.priority_detail,
      revisit_page_id = excluded.revisit_page_id, revisit_etag = excluded.revisit_etag, revisit_last_modified = excluded.revisit_last_modified`;
}

/** A leased revisit and how its fetch ended. */
export interface RevisitOutcome {
  jobId: number; frontierId: string; workerId: string; host: string; answeredAt: Date; revisitOf: string; fetchMs: number;
}

/**
 * Copy page `revisitOf` into this run as `mark` with `status`: one statement, so the copy is the
 * previous row's own values (text, score, search terms) and its kept body. Returns the new id and
 * whether it duplicates a page stored earlier in this run, or null when that page is no longer
 * there (its run was deleted meanwhile).
 */
async function copyPreviousPage(tx: Tx, o: RevisitOutcome, mark: "unchanged" | "gone", status: number | null): Promise<{ id: string; isDuplicate: boolean } | null> {
  const [prev] = await tx<{ checksum: string | null }[]>`select checksum from pages where id = ${o.revisitOf}`;
  if (!prev) return null;
  if (prev.checksum) await holdJobKeys(tx, "checksum", o.jobId, [prev.checksum]);
  const [row] = await tx<{ id: string; isDuplicate: boolean }[]>`
    insert into pages (job_id, frontier_id, url, final_url, http_status, content_type, charset, charset_source, title, main_text,
      relevance, is_relevant, explanation, page_kind, checksum, simhash, simhash_b0, simhash_b1, simhash_b2, simhash_b3, content_bytes,
      is_truncated, truncation, out_links, depth, etag, last_modified, fetch_ms, redirects, links_rejected, render, topic_revision, host,
      search_vector, mark, visits, changes, tracked_since, duplicate_of)
    select ${o.jobId}, ${o.frontierId}, q.url, q.final_url, coalesce(${status}::int, q.http_status), q.content_type, q.charset, q.charset_source,
      q.title, q.main_text, q.relevance, q.is_relevant, q.explanation, q.page_kind, q.checksum, q.simhash, q.simhash_b0, q.simhash_b1,
      q.simhash_b2, q.simhash_b3, q.content_bytes, q.is_truncated, q.truncation, q.out_links, q.depth, q.etag, q.last_modified, ${o.fetchMs},
      q.redirects, q.links_rejected, q.render, (select topic_revision from jobs where id = ${o.jobId}), q.host, q.search_vector,
      ${mark}, q.visits + 1, q.changes + ${mark === "gone" ? 1 : 0}, coalesce(q.tracked_since, q.fetched_at),
      -- The same text stored earlier in this run: this copy is its duplicate, as storePage would find.
      (select coalesce(d.duplicate_of, d.id) from pages d where d.job_id = ${o.jobId} and d.checksum = q.checksum order by d.id limit 1)
    from pages q where q.id = ${o.revisitOf}
    returning id, duplicate_of is not null as "isDuplicate"`;
  const id = String(row.id);
  await tx`
    insert into page_bodies (page_id, job_id, body_gzip, body_bytes, status_line, response_headers, request_headers)
    select ${id}, ${o.jobId}, body_gzip, body_bytes, status_line, response_headers, request_headers from page_bodies where page_id = ${o.revisitOf}`;
  return { id, isDuplicate: row.isDuplicate };
}

/** What the previous copy of an unchanged page links to, as its links are scored again. */
export interface PreviousLinks {
  finalUrl: string; relevance: number; isRelevant: boolean; kind: string;
  links: { url: string; host: string; anchor: string }[];
}

/**
 * The links of page `pageId` (a revisit's previous copy): from the links table, which holds every
 * link a stored page had; for a copy that has none there though the page had links (an unchanged
 * copy stored before copies kept their links), parsed again from its kept body. Null when the page is gone.
 */
export async function readPreviousLinks(sql: Sql, pageId: string): Promise<PreviousLinks | null> {
  const [page] = await sql<{ jobId: number; finalUrl: string; relevance: number; isRelevant: boolean; kind: string; outLinks: number }[]>`
    select job_id as "jobId", final_url as "finalUrl", relevance, is_relevant as "isRelevant", page_kind as kind, out_links as "outLinks"
    from pages where id = ${pageId}`;
  if (!page) return null;
  const rows = await sql<{ url: string; anchor: string | null }[]>`
    select to_url as url, anchor_text as anchor from links where from_page_id = ${pageId} order by id`;
  let links = rows.flatMap((r) => {
    const c = canonicalizeUrl(r.url);
    return c.ok ? [{ url: c.url, host: c.host, anchor: r.anchor ?? "" }] : [];
  });
  if (links.length === 0 && page.outLinks > 0) {
    const kept = await readKeptBody(sql, page.jobId, pageId);
    if (kept) links = parseHtml(decodeBody(kept.body, kept.responseHeaders["content-type"]).text, page.finalUrl).links;
  }
  return { finalUrl: page.finalUrl, relevance: page.relevance, isRelevant: page.isRelevant, kind: page.kind, links };
}

/** The links of an unchanged page to queue again, scored by the job's strategy as a fetched page's are (lib/crawl/link-queue.ts). */
export interface RevisitLinks {
  links: PageRecord["links"]; queue: PageRecord["queue"]; depth: number; politeness: HostPoliteness; merge: MergeMode;
  isGraphRecomputed: boolean; maxPagesPerHost: number; maxQueryVariants: number;
}

/**
 * The copy's links stored (the run's link graph) and queued under the job's trap limits, as
 * storePages queues a fetched page's (a URL the job knows keeps its row); none for a duplicate,
 * whose links are its original's. Returns the hosts of the URLs newly queued and of every link queued.
 */
async function queueCopyLinks(tx: Tx, jobId: number, pageId: string, l: RevisitLinks) {
  if (l.links.length) {
    await tx`
      insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text)
      select ${jobId}, ${pageId}, u, u, a from unnest(${l.links.map((x) => x.url)}::text[], ${l.links.map((x) => x.anchor)}::text[]) as t(u, a)`;
  }
  const queue = await applyHostLimit(tx, jobId, await applyQueryVariantLimit(tx, jobId, l.queue, l.maxQueryVariants), l.maxPagesPerHost);
  const { enqueued, hosts } = await enqueueLinks(tx, {
    jobId, depth: l.depth + 1, parentPageId: pageId, urls: queue.map((x) => x.url), hosts: queue.map((x) => x.host), anchors: queue.map((x) => x.anchor),
    priorities: queue.map((x) => x.priority), skipReasons: queue.map((x) => x.skipReason ?? null), details: queue.map((x) => x.detail ?? null), merge: l.merge,
  });
  return { enqueued, hosts, linkHosts: queue.filter((x) => !x.skipReason).map((x) => x.host) };
}

/**
 * A revisit answered 304 Not Modified: the page is stored as unchanged, a copy of the previous
 * one, and its place in the page budget is given back (a 304 costs no page). Its links, read from
 * the previous copy, are queued as a fetched page's are (`links`): the URLs the previous run never
 * reached are found again. False when the previous page is gone.
 */
export async function storeUnchanged(sql: Sql, o: RevisitOutcome, links?: RevisitLinks): Promise<boolean> {
  return withDeadlockRetry(() => sql.begin(async (tx) => {
    if (links?.isGraphRecomputed) await holdJobGraphShared(tx, o.jobId);
    const copy = await copyPreviousPage(tx, o, "unchanged", null);
    if (copy === null) return false;
    const queued = links && !copy.isDuplicate ? await queueCopyLinks(tx, o.jobId, copy.id, links) : { enqueued: 0, hosts: [], linkHosts: [] };
    // In storePages' order: the lease, the hosts, then the job's row (budget and counters) and the hosts' counts.
    await finishLease(tx, { id: o.frontierId, workerId: o.workerId, status: "done" });
    if (links) await ensureHosts(tx, o.jobId, queued.linkHosts, links.politeness);
    await returnPageBudget(tx, o.jobId);
    await recordOutcome(tx, { jobId: o.jobId, host: o.host, fetched: 0, relevant: 0, failed: 0, enqueued: queued.enqueued, bytes: 0, answeredAt: o.answeredAt });
    if (links && links.maxPagesPerHost > 0) await countQueued(tx, o.jobId, queued.hosts);
    await markHostsPending(tx, o.jobId, queued.hosts);
    return true;
  }));
}

/**
 * A revisit answered 404 or 410: the page is stored as gone (its last copy, with the new status)
 * and the URL fails as any 404 does. False when the previous page is gone too.
 */
export async function storeGone(sql: Sql, o: RevisitOutcome & { status: number }): Promise<boolean> {
  return sql.begin(async (tx) => {
    const copy = await copyPreviousPage(tx, o, "gone", o.status);
    if (copy === null) return false;
    await finishLease(tx, { id: o.frontierId, workerId: o.workerId, status: "failed", error: `http-${o.status}` });
    await recordOutcome(tx, { jobId: o.jobId, host: o.host, fetched: 0, relevant: 0, failed: 1, enqueued: 0, bytes: 0, answeredAt: o.answeredAt });
    return true;
  });
}

/** Why `since` cannot name a run to compare with: the job is no workflow run, or `since` is not one of its earlier runs (`runs`). */
export interface SinceProblem { reason: "not-a-run" | "not-earlier" | "first-run"; runs: number[]; message: string }

/** Why `since` cannot name a run to compare job `jobId` with (an earlier run, job id, of the same workflow), or null when it can. */
export async function checkSinceRun(sql: Sql, jobId: number, since: number): Promise<SinceProblem | null> {
  const [row] = await sql<{ workflowId: number | null; runs: number[] }[]>`
    select j.workflow_id as "workflowId",
      coalesce((select array_agg(r.id order by r.id desc) from jobs r where r.workflow_id = j.workflow_id and r.id < j.id), '{}') as runs
    from jobs j where j.id = ${jobId}`;
  if (!row) return null; // no such job: its own 404 says so
  if (row.workflowId === null) {
    return { reason: "not-a-run", runs: [], message: `since=${since}: job ${jobId} is not a run of a workflow; "new or changed since run N" needs an earlier run of the same workflow` };
  }
  if (row.runs.includes(since)) return null;
  if (row.runs.length === 0) return { reason: "first-run", runs: [], message: `since=${since}: job ${jobId} is its workflow's first run, so every page is new; leave since out` };
  return { reason: "not-earlier", runs: row.runs, message: `since=${since} is not an earlier run of this job's workflow; use one of ${row.runs.slice(0, 10).join(", ")}` };
}
