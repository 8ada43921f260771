/**
 * The pages of a results view for export, read through a PostgreSQL cursor a batch at a time:
 * memory stays flat however many pages the job has, and the first rows leave at once.
 */
import type { Sql } from "./infra/sql";
import { whereSql, withCustomPlans, type ResultQuery } from "./results";

/** Rows fetched per cursor round trip. */
export const EXPORT_BATCH_ROWS = 500;

/** One exported page. */
export interface ExportRow {
  id: string; url: string; finalUrl: string; title: string; relevance: number; isRelevant: boolean; judgement: string | null;
  host: string; depth: number; fetchedAt: Date; contentType: string | null; charset: string | null; httpStatus: number;
  pageKind: string; topicRevision: number; mainText: string;
  /** What a workflow run found here against the run before: new, changed, unchanged or gone. */
  mark: string; explanation: { terms?: { term: string; share: number }[] } | null;
  /** The kept raw body (WARC only): gzip bytes with the status line and headers. */
  bodyGzip: Buffer | null; statusLine: string | null; responseHeaders: Record<string, string> | null; requestHeaders: Record<string, string> | null;
}

/** Where a part of an export starts and ends: after page `afterId` (a resumed export), up to `throughId`. */
export interface ExportRange { afterId?: string | null; throughId?: string | null }

/**
 * The view's pages in id order, in batches from a cursor; `withBodies` adds the kept raw bodies,
 * `range` bounds the ids (keyset: the primary key finds where a resumed export goes on).
 */
export function readExportRows(sql: Sql, rq: ResultQuery, opts: { withBodies: boolean; batch?: number; range?: ExportRange }): AsyncIterable<ExportRow[]> {
  const bodies = opts.withBodies
    ? sql`b.body_gzip as "bodyGzip", b.status_line as "statusLine", b.response_headers as "responseHeaders", b.request_headers as "requestHeaders"`
    : sql`null::bytea as "bodyGzip", null::text as "statusLine", null::jsonb as "responseHeaders", null::jsonb as "requestHeaders"`;
  return sql<ExportRow[]>`
    select p.id, p.url, p.final_url as "finalUrl", p.title, p.relevance, p.is_relevant as "isRelevant", p.judgement, p.host,
      p.depth, p.fetched_at as "fetchedAt", p.content_type as "contentType", p.charset, p.http_status as "httpStatus",
      p.page_kind as "pageKind", p.topic_revision as "topicRevision", p.main_text as "mainText", p.explanation, p.mark, ${bodies}
    from pages p ${opts.withBodies ? sql`left join page_bodies b on b.page_id = p.id` : sql``}
    where ${whereSql(sql, rq)} ${rangeSql(sql, opts.range)}
    order by p.id`.cursor(opts.batch ?? EXPORT_BATCH_ROWS);
}

function rangeSql(sql: Sql, range: ExportRange = {}) {
  return sql`${range.afterId ? sql`and p.id > ${range.afterId}::bigint` : sql``}
    ${range.throughId ? sql`and p.id <= ${range.throughId}::bigint` : sql``}`;
}

/** How many pages the view has and its largest page id (null when it has none): an export file's extent. */
export async function measureExportView(sql: Sql, rq: ResultQuery): Promise<{ pages: number; lastId: string | null }> {
  const [r] = await withCustomPlans(sql, (tx) => tx<{ pages: number; lastId: string | null }[]>`
    select count(*)::int as pages, max(p.id)::text as "lastId" from pages p where ${whereSql(tx, rq)}`);
  return r;
}
