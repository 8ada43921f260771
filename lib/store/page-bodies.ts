/**
 * Raw response bodies, gzip-compressed, in their own table (page_bodies) so that the hot pages
 * table stays small: read only for a page's snapshot and for WARC export. gzip because Node 20's
 * zlib has no zstd.
 */
import { STATUS_CODES } from "node:http";
import { promisify } from "node:util";
import { gunzip, gzip, gzipSync } from "node:zlib";
import type { Sql, Tx } from "./infra/sql";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * gzip level for kept bodies. Level 4 takes about 30 % less CPU than zlib's default 6 (0.42 against
 * 0.59 ms on a 30 KB page) for 5 % more bytes on real Chinese pages (bench/PERFORMANCE.md).
 */
const RAW_BODY_GZIP_LEVEL = 4;

/** A response body ready to keep, with what a WARC response and request record need. */
export interface RawBody {
  gzip: Buffer; bytes: number; statusLine: string;
  responseHeaders: Record<string, string>;
  /** Headers the crawler sent (never credentials or cookies). */
  requestHeaders: Record<string, string>;
}

/** Whether a job with these settings keeps a body of `bytes` bytes. */
export function isRawBodyKept(settings: { keepRawHtml: boolean; rawHtmlMaxBytes: number }, bytes: number): boolean {
  return settings.keepRawHtml && bytes > 0 && bytes <= settings.rawHtmlMaxBytes;
}

/**
 * A body compressed as it is kept, at once: for an analysis thread, which compresses the body it
 * was sent anyway. zlib's asynchronous gzip (a stream on libuv's threads) cost about 0.3 ms of CPU
 * more a 30 KB page than this (0.85–1.0 against 0.56–0.64 ms, bench/PERFORMANCE.md).
 */
export function gzipRawBody(body: Uint8Array): Buffer {
  return gzipSync(body, { level: RAW_BODY_GZIP_LEVEL });
}

/**
 * Compress a fetched body to keep, or null when the job keeps none or it is over the cap.
 * `gzipped`: the body already compressed by `gzipRawBody` (on an analysis thread).
 */
export async function prepareRawBody(
  settings: { keepRawHtml: boolean; rawHtmlMaxBytes: number },
  r: { status: number; body: Buffer; headers: Record<string, string>; finalUrl: string; userAgent: string },
  gzipped?: Uint8Array,
): Promise<RawBody | null> {
  if (!isRawBodyKept(settings, r.body.length)) return null;
  return {
    gzip: gzipped ? Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength) : await gzipAsync(r.body, { level: RAW_BODY_GZIP_LEVEL }),
    bytes: r.body.length,
    statusLine: `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ""}`.trimEnd(),
    responseHeaders: r.headers,
    requestHeaders: { host: new URL(r.finalUrl).host, "user-agent": r.userAgent },
  };
}

/** Keep a page's raw body (inside the page's own transaction). */
export async function storeRawBody(tx: Tx, jobId: number, pageId: string, b: RawBody): Promise<void> {
  await tx`
    insert into page_bodies (page_id, job_id, body_gzip, body_bytes, status_line, response_headers, request_headers)
    values (${pageId}, ${jobId}, ${b.gzip}, ${b.bytes}, ${b.statusLine}, ${tx.json(b.responseHeaders)}, ${tx.json(b.requestHeaders)})`;
}

/** A kept body, decompressed, with its headers. */
export interface KeptBody { body: Buffer; statusLine: string; responseHeaders: Record<string, string>; requestHeaders: Record<string, string> }

/** Decompress a kept body row. */
export async function inflateBody(row: { bodyGzip: Buffer; statusLine: string; responseHeaders: unknown; requestHeaders: unknown }): Promise<KeptBody> {
  return {
    body: await gunzipAsync(row.bodyGzip), statusLine: row.statusLine,
    responseHeaders: row.responseHeaders as Record<string, string>, requestHeaders: row.requestHeaders as Record<string, string>,
  };
}

/** The kept body of a job's page, or null when none was kept. */
export async function readRawBody(sql: Sql, jobId: number, pageId: string): Promise<KeptBody | null> {
  const [row] = await sql<{ bodyGzip: Buffer; statusLine: string; responseHeaders: unknown; requestHeaders: unknown }[]>`
    select body_gzip as "bodyGzip", status_line as "statusLine", response_headers as "responseHeaders", request_headers as "requestHeaders"
    from page_bodies where page_id = ${pageId} and job_id = ${jobId}`;
  return row ? inflateBody(row) : null;
}

/** Bytes kept for a job's raw bodies (compressed and original) and how many pages have one. */
export async function measureRawBodies(sql: Sql, jobId: number) {
  const [r] = await sql<{ pages: number; stored: string; original: string }[]>`
    select count(*)::int as pages, coalesce(sum(octet_length(body_gzip)), 0)::bigint as stored, coalesce(sum(body_bytes), 0)::bigint as original
    from page_bodies where job_id = ${jobId}`;
  return { pages: r.pages, storedBytes: Number(r.stored), originalBytes: Number(r.original) };
}
