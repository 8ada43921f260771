/** Test fixtures for results: pages stored through the real page store (storePage). */
import { storePage, type PageRecord } from "../store/pages";
import type { Sql } from "../store/infra/sql";
import { prepareRawBody } from "../store/page-bodies";
import { parseResultFilters, type ResultFilters } from "../results/filters";

/** A results view from query text, throwing (failing the test) on a bad one. */
export function parseView(query: string): ResultFilters {
  const r = parseResultFilters(new URLSearchParams(query));
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

/** What a test says about a page; the rest gets plain defaults. */
export interface TestPage {
  url: string; title: string; mainText: string; relevance?: number; isRelevant?: boolean; depth?: number;
  pageKind?: string; httpStatus?: number; html?: string; checksum?: string; simhash?: bigint; contentType?: string;
  /** Store it on this URL's queued row (a revisit's), leased here, with the revisit's previous page. */
  isQueued?: boolean;
}

let serial = 0;

/** Store a page as the crawl pipeline would (a leased frontier row, then storePage); returns its id. */
export async function storeTestPage(sql: Sql, jobId: number, t: TestPage): Promise<string> {
  const host = new URL(t.url).host;
  const [f] = t.isQueued ? await leaseQueued(sql, jobId, t.url) : await sql<{ id: string; revisitOf: string | null }[]>`
    insert into frontier (job_id, url, url_key, host, depth, status, lease_owner, lease_expires_at)
    values (${jobId}, ${t.url}, ${t.url}, ${host}, ${t.depth ?? 1}, 'leased', 'w-test', now() + interval '1 hour') returning id, null as "revisitOf"`;
  const html = t.html ?? `<html><head><title>${t.title}</title></head><body><p>${t.mainText}</p></body></html>`;
  const body = Buffer.from(html);
  const headers = { "content-type": t.contentType ?? "text/html; charset=utf-8" };
  const record: PageRecord = {
    jobId, frontierId: f.id, workerId: "w-test", url: t.url, finalUrl: t.url, host, depth: t.depth ?? 1,
    httpStatus: t.httpStatus ?? 200, contentType: headers["content-type"], charset: "utf-8", charsetSource: "header",
    title: t.title, mainText: t.mainText, relevance: t.relevance ?? 0, isRelevant: t.isRelevant ?? (t.relevance ?? 0) >= 0.2,
    explanation: { terms: [] }, topicRevision: 1, pageKind: t.pageKind ?? "content",
    checksum: t.checksum ?? `c${++serial}-${t.url}`, simhash: t.simhash ?? BigInt(serial) * 0x9e3779b97f4a7c15n % (1n << 63n),
    contentBytes: body.length, isTruncated: false, etag: null, lastModified: null, fetchMs: 1, redirects: [], linksRejected: null,
    maxPagesPerHost: 0, maxQueryVariants: 100, merge: "keep", isGraphRecomputed: false, links: [], queue: [],
    politeness: { minDelayMs: 0, maxConnections: 2 }, answeredAt: new Date(), revisitOf: f.revisitOf,
    rawBody: await prepareRawBody({ keepRawHtml: true, rawHtmlMaxBytes: 1 << 20 }, { status: t.httpStatus ?? 200, body, headers, finalUrl: t.url, userAgent: "FocusCrawl-test" }),
  };
  return (await storePage(sql, record)).pageId;
}

/** Lease URL `url` already queued on job `jobId` as worker "w-test" would: its row id and the previous page it revisits. */
export async function leaseQueued(sql: Sql, jobId: number, url: string): Promise<{ id: string; revisitOf: string | null }[]> {
  const rows = await sql<{ id: string; revisitOf: string | null }[]>`
    update frontier set status = 'leased', lease_owner = 'w-test', lease_expires_at = now() + interval '1 hour'
    where job_id = ${jobId} and url_key = ${url} and status = 'pending'
    returning id, revisit_page_id::text as "revisitOf"`;
  if (rows.length === 0) throw new Error(`${url} is not queued on job ${jobId}`);
  return rows;
}
