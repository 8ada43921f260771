/** Storing fetched pages with their links and queued children: one transaction per batch of pages. */
import { markHostsPending } from "./host-pending";
import { applyHostLimit, countQueued, enqueueLinks, finishLease, finishLeases, recordOutcome, returnPageBudget, type Outcome } from "./frontier";
import { ensureHosts, type HostPoliteness } from "./hosts";
import { NEAR_DUPLICATE_BITS, simhashBlocks } from "../rules/simhash";
import type { Sql, Tx } from "./infra/sql";
import type { MergeMode } from "../strategy/types";
import { holdJobGraphShared, holdJobKeys, withDeadlockRetry } from "./infra/deadlock";
import { searchVectorSql, segmentForIndex, type SearchDocument } from "./search-vector";
import { storeRawBody, type RawBody } from "./page-bodies";
import { capPageText } from "./page-text";
import { applyQueryVariantLimit } from "./query-shapes";
import { FRESH_LINK_BOOST } from "../rules/revisit";
import { insertRequests, type RequestEntry } from "./request-log";

/** Everything the pipeline learned about one page. */
export interface PageRecord {
  jobId: number; frontierId: string; workerId: string; url: string; finalUrl: string; host: string; depth: number;
  httpStatus: number; contentType: string | null; charset: string; charsetSource: string; title: string; mainText: string;
  relevance: number; isRelevant: boolean; explanation: unknown; topicRevision: number; pageKind: string; checksum: string;
  /** SimHash of the main text (signed 64-bit). */
  simhash: bigint; contentBytes: number;
  isTruncated: boolean;
  /** Why the page is truncated: its body passed maxBodyBytes ("body"), or its HTML MAX_PARSE_CHARS ("parse"). */
  truncation?: "body" | "parse" | null;
  etag: string | null; lastModified: string | null; fetchMs: number;
  /** URLs redirected through, first to last. */
  redirects: string[];
  /** Links not queued because of where they were found, counted by reason. */
  linksRejected: Record<string, number> | null;
  /** The job's per-host page limit (0 = none). */
  maxPagesPerHost: number;
  /** The job's limit of query shapes per path (lib/store/query-shapes.ts). */
  maxQueryVariants: number;
  /** How a link already queued takes this page's priority for it (the strategy's merge mode). */
  merge: MergeMode;
  /** The job's strategy rewrites priorities over its graph: the store then takes the job's graph lock shared. */
  isGraphRecomputed: boolean;
  links: { url: string; host: string; anchor: string }[];
  /** Links to queue (a subset of `links`) with their priorities; those with a skip reason are stored as skipped. */
  queue: { url: string; host: string; anchor: string; priority: number; detail?: Record<string, unknown>; skipReason?: string | null }[];
  redirectTarget?: { url: string; host: string };
  /** Politeness settings for hosts first seen on this page. */
  politeness: HostPoliteness;
  /** When the host answered the request (its delay counts from then, see `releaseHost`). */
  answeredAt: Date;
  /** The response body to keep (the job's "keep raw HTML" setting), compressed. */
  rawBody?: RawBody | null;
  /** What rendering the page in the browser cost (lib/crawl/browser.ts), when it was rendered. */
  render?: { ms: number; requests: number; blocked: string[]; blockedMore?: number; isTimedOut: boolean } | null;
  /** A revisit of a workflow's re-run: the previous run's page of this URL (its mark and history follow from it). */
  revisitOf?: string | null;
  /** Title and main text already segmented as the search index segments them (else the store does it). */
  searchDocument?: SearchDocument;
  /** The fetch's row of the request log, written with the page (null: the job keeps no log). */
  request?: RequestEntry | null;
}

/**
 * The original of the earliest page of the job that `pageId` duplicates exactly or, for content
 * pages, nearly: that page, or the page it is itself a duplicate of, so that a copy of a copy
 * joins the first copy's group (one original and its duplicates, as the results page groups them).
 * Hub and home pages are only checked for exact copies: list pages of one site share their
 * template and anchor vocabulary, and on the test web 30 of 250 hubs came out within 3 bits of
 * another hub while listing different pages, whose links would then have been lost.
 */
async function findDuplicate(tx: Tx, p: PageRecord, pageId: string, b: number[]) {
  const { jobId, checksum, simhash } = p;
  // One round trip: the near-duplicate search runs only when no exact copy came first (Append
  // reads its branches in order and the limit stops it). Sent unprepared, so it is planned with
  // its values each time: a prepared statement keeps the plan PostgreSQL made when the job had
  // a handful of pages (its job_id index alone, the fastest way through 20 rows), and every page
  // then read all the job's pages: 11 ms at 20,000 pages instead of 0.1 (bench/PERFORMANCE.md).
  const [original] = await tx.unsafe<{ id: string }[]>(DUPLICATE_SQL,
    [jobId, checksum, pageId, p.pageKind === "content", b[0], b[1], b[2], b[3], simhash.toString(), NEAR_DUPLICATE_BITS]);
  return original;
}

const DUPLICATE_SQL = `
  (select coalesce(duplicate_of, id) as id from pages where job_id = $1::int and checksum = $2::text and id <> $3::bigint order by id limit 1)
  union all
  (select coalesce(duplicate_of, id) as id from pages
  where $4::boolean and job_id = $1::int and id <> $3::bigint
    and (simhash_b0 = $5::int or simhash_b1 = $6::int or simhash_b2 = $7::int or simhash_b3 = $8::int)
    and page_kind = 'content'
    and bit_count((simhash # $9::bigint)::bit(64)) <= $10::int
  order by id limit 1)
  limit 1`;

/** The page's out-links (every one found, queued or not). */
async function insertLinks(tx: Tx, p: PageRecord, pageId: string): Promise<void> {
  if (!p.links.length) return;
  await tx`
    insert into links (job_id, from_page_id, to_url, to_url_key, anchor_text)
    select ${p.jobId}, ${pageId}, u, u, a from unnest(${p.links.map((l) => l.url)}::text[], ${p.links.map((l) => l.anchor)}::text[]) as t(u, a)`;
}

/** The redirect's target was fetched as part of this URL: mark it known so it is not fetched again. */
async function insertRedirectTarget(tx: Tx, p: PageRecord, pageId: string): Promise<void> {
  if (!p.redirectTarget) return;
  await tx`
    insert into frontier (job_id, url, url_key, host, depth, status, skip_reason, parent_page_id)
    values (${p.jobId}, ${p.redirectTarget.url}, ${p.redirectTarget.url}, ${p.redirectTarget.host}, ${p.depth}, 'skipped', 'fetched-via-redirect', ${pageId})
    on conflict (job_id, url_key) do nothing`;
}

/**
 * A page's mark and change history against the previous run's copy (`revisitOf`): changed when
 * its main text differs, unchanged when not; new without one. Read in the insert itself, so the
 * mark is stored once and never recomputed.
 */
function revisitColumnsSql(tx: Tx, p: PageRecord) {
  const prev = p.revisitOf ?? null;
  return tx`
    coalesce((select case when q.checksum is not distinct from ${p.checksum} then 'unchanged' else 'changed' end from pages q where q.id = ${prev}::bigint), 'new'),
    coalesce((select q.visits + 1 from pages q where q.id = ${prev}::bigint), 1),
    coalesce((select q.changes + (q.checksum is distinct from ${p.checksum})::int from pages q where q.id = ${prev}::bigint), 0),
    (select coalesce(q.tracked_since, q.fetched_at) from pages q where q.id = ${prev}::bigint)`;
}

/** Links found on a page that changed since the previous run go first among new URLs (seed 002: new pages come from changed hubs). */
function boostFreshLinks<T extends { priority: number }>(queue: T[], mark: string): T[] {
  return mark === "changed" ? queue.map((l) => ({ ...l, priority: l.priority + FRESH_LINK_BOOST })) : queue;
}

/** Persist a page; throws LeaseLostError (and writes nothing) if the lease was lost. Returns links queued. */
export async function storePage(sql: Sql, page: PageRecord): Promise<{ pageId: string; enqueued: number }> {
  return (await storePages(sql, [page]))[0];
}

/**
 * Persist pages of one job, found by one worker, in one transaction: each page with its body,
 * links and queued children, then the job's, the minute's and each host's counters once for them
 * all. A transaction per page locked the job row (and a one-host crawl's host row) per page:
 * with 32 pages in flight, 4 or 5 stores at a time waited for it (bench/PERFORMANCE.md).
 * Throws LeaseLostError naming a page whose lease was lost, and then writes nothing.
 */
export async function storePages(sql: Sql, pages: PageRecord[]): Promise<{ pageId: string; enqueued: number }[]> {
  const capped = pages.map(capPageText);
  const first = capped[0];
  if (capped.some((p) => p.jobId !== first.jobId || p.workerId !== first.workerId)) throw new Error("storePages: pages of one job and one worker only");
  const docs = capped.map((p) => p.searchDocument ?? segmentForIndex(p.title, p.mainText));
  return withDeadlockRetry(() => sql.begin(async (tx) => {
    if (capped.some((p) => p.isGraphRecomputed)) await holdJobGraphShared(tx, first.jobId);
    // Pages with the same main text are stored one after the other, so the second finds the
    // first (below) and is marked its duplicate instead of both being kept as originals. All
    // the batch's keys are taken at once, in order, so two batches never wait for each other's.
    await holdJobKeys(tx, "checksum", first.jobId, capped.map((p) => p.checksum));
    const stored: Awaited<ReturnType<typeof insertPage>>[] = [];
    // URLs the batch queued per host: the hosts' counts are updated once, at the end.
    const queuedInBatch = new Map<string, number>();
    for (let i = 0; i < capped.length; i++) {
      const s = await insertPage(tx, capped[i], docs[i], queuedInBatch);
      for (const h of s.hosts) queuedInBatch.set(h, (queuedInBatch.get(h) ?? 0) + 1);
      stored.push(s);
    }
    // The leases are finished last: updating our own frontier row writes a new entry in its
    // unique index, and a page enqueueing a link to us would wait on it while we wait on its
    // links (hubs linking each other deadlocked this way). A lost lease still rolls all back.
    // These go out together (pipelined, run in this order): from recordOutcome on, the job's
    // and the hosts' rows are locked until the commit.
    const queuedHosts = stored.flatMap((s) => s.hosts);
    await Promise.all([
      finishLeases(tx, capped.map((p) => p.frontierId), first.workerId),
      ensureHosts(tx, first.jobId, stored.flatMap((s) => s.linkHosts), first.politeness),
      ...outcomesByHost(capped, stored).map((o) => recordOutcome(tx, o)),
      // After the job row is locked (recordOutcome), as the claim locks it before the hosts it updates.
      first.maxPagesPerHost > 0 ? countQueued(tx, first.jobId, queuedHosts) : undefined,
      markHostsPending(tx, first.jobId, queuedHosts),
      // Each page's "stored" row of the request log commits with it: never one without the other.
      insertRequests(tx, capped.flatMap((p) => (p.request ? [p.request] : []))),
    ]);
    return stored.map(({ pageId, enqueued }) => ({ pageId, enqueued }));
  }));
}

/**
 * The batch's counters, one outcome per host in host order (the order the claim locks hosts in):
 * each host frees a connection per page, and its run of irrelevant pages restarts after the last
 * relevant one.
 */
function outcomesByHost(pages: PageRecord[], stored: { enqueued: number }[]): Outcome[] {
  const byHost = new Map<string, Outcome & { leases: number; runAfterRelevant: number }>();
  pages.forEach((p, i) => {
    let o = byHost.get(p.host);
    if (!o) byHost.set(p.host, (o = { jobId: p.jobId, host: p.host, fetched: 0, relevant: 0, failed: 0, enqueued: 0, bytes: 0, leases: 0, runAfterRelevant: 0 }));
    o.fetched++;
    o.leases++;
    o.enqueued += stored[i].enqueued;
    o.bytes += p.contentBytes;
    if (p.isRelevant) o.relevant++;
    o.runAfterRelevant = p.isRelevant ? 0 : o.runAfterRelevant + 1;
    if (!o.answeredAt || p.answeredAt > o.answeredAt) o.answeredAt = p.answeredAt;
  });
  return [...byHost.values()].sort((a, b) => (a.host! < b.host! ? -1 : 1));
}

/**
 * Insert one page of a batch with its body, links and queued children. Returns the hosts of the
 * URLs it newly queued (`hosts`, one per URL) and of every link it queued past the limits
 * (`linkHosts`: known or new, whose hosts must exist).
 */
async function insertPage(
  tx: Tx, p: PageRecord, doc: SearchDocument, queuedInBatch: ReadonlyMap<string, number>,
): Promise<{ pageId: string; enqueued: number; hosts: string[]; linkHosts: string[] }> {
  const blocks = simhashBlocks(p.simhash);
  const [{ id, mark }] = await tx<{ id: string; mark: string }[]>`
    insert into pages (job_id, frontier_id, url, final_url, http_status, content_type, charset, charset_source, title,
      main_text, relevance, is_relevant, explanation, page_kind, checksum, content_bytes, is_truncated, truncation, out_links, depth,
      etag, last_modified, fetch_ms, topic_revision, simhash, simhash_b0, simhash_b1, simhash_b2, simhash_b3, redirects, links_rejected,
      host, search_vector, render, mark, visits, changes, tracked_since)
    values (${p.jobId}, ${p.frontierId}, ${p.url}, ${p.finalUrl}, ${p.httpStatus}, ${p.contentType}, ${p.charset},
      ${p.charsetSource}, ${p.title}, ${p.mainText}, ${p.relevance}, ${p.isRelevant}, ${tx.json(p.explanation as never)},
      ${p.pageKind}, ${p.checksum}, ${p.contentBytes}, ${p.isTruncated}, ${p.truncation ?? null}, ${p.links.length}, ${p.depth}, ${p.etag},
      ${p.lastModified}, ${p.fetchMs}, ${p.topicRevision}, ${p.simhash.toString()}, ${blocks[0]}, ${blocks[1]}, ${blocks[2]}, ${blocks[3]},
      ${p.redirects}::text[], ${p.linksRejected ? tx.json(p.linksRejected) : null},
      ${p.host}, ${searchVectorSql(tx, doc)}, ${p.render ? tx.json(p.render as never) : null}, ${revisitColumnsSql(tx, p)})
    returning id, mark`;
  const pageId = String(id);
  // Statements that only need the page's id go out together (pipelined; the server runs them
  // in this order): one round trip instead of four.
  const [, original] = await Promise.all([
    p.rawBody ? storeRawBody(tx, p.jobId, pageId, p.rawBody) : undefined,
    // A duplicate (same main text, or a SimHash within 3 bits, of a page already stored) is
    // kept, marked, and its links are not followed again: they were followed from the first copy.
    findDuplicate(tx, p, pageId, blocks),
    insertLinks(tx, p, pageId),
    insertRedirectTarget(tx, p, pageId),
  ]);
  if (original) await tx`update pages set duplicate_of = ${original.id} where id = ${pageId}`;
  const queue = original ? [] : await applyHostLimit(tx, p.jobId,
    await applyQueryVariantLimit(tx, p.jobId, boostFreshLinks(p.queue, mark), p.maxQueryVariants), p.maxPagesPerHost, queuedInBatch);
  const { enqueued, hosts } = await enqueueLinks(tx, {
    jobId: p.jobId, depth: p.depth + 1, parentPageId: pageId,
    urls: queue.map((l) => l.url), hosts: queue.map((l) => l.host), anchors: queue.map((l) => l.anchor),
    priorities: queue.map((l) => l.priority), skipReasons: queue.map((l) => l.skipReason ?? null),
    details: queue.map((l) => l.detail ?? null), merge: p.merge,
  });
  return { pageId, enqueued, hosts, linkHosts: queue.filter((l) => !l.skipReason).map((l) => l.host) };
}

/**
 * Finish a URL that yields no page (final failure or skip). A URL skipped without being
 * fetched (robots.txt) gives its place in the page budget back; the others keep it spent.
 */
export async function storeNonPage(
  sql: Sql,
  o: {
    jobId: number; frontierId: string; workerId: string; host: string; status: "failed" | "skipped"; reason: string; isFetched: boolean; answeredAt?: Date;
    /** A URL to queue in its place (the target of a redirect to another host), with its host's politeness. */
    follow?: { url: string; host: string; depth: number; priority: number; politeness: HostPoliteness; isGraphRecomputed: boolean };
  },
): Promise<void> {
  await sql.begin(async (tx) => {
    if (o.follow) {
      const f = o.follow;
      if (f.isGraphRecomputed) await holdJobGraphShared(tx, o.jobId);
      await enqueueLinks(tx, { jobId: o.jobId, depth: f.depth, parentPageId: null, urls: [f.url], hosts: [f.host], anchors: [""], priorities: [f.priority] });
      await ensureHosts(tx, o.jobId, [f.host], f.politeness);
    }
    if (!o.isFetched) await returnPageBudget(tx, o.jobId, o.host);
    await finishLease(tx, {
      id: o.frontierId, workerId: o.workerId, status: o.status,
      error: o.status === "failed" ? o.reason : undefined, skipReason: o.status === "skipped" ? o.reason : undefined,
    });
    await recordOutcome(tx, { jobId: o.jobId, host: o.host, fetched: 0, relevant: 0, failed: o.status === "failed" ? 1 : 0, enqueued: 0, bytes: 0, answeredAt: o.answeredAt });
    // After the job row is locked (recordOutcome), as the claim locks it before the hosts it flags.
    if (o.follow) await markHostsPending(tx, o.jobId, [o.follow.host]);
  });
}
