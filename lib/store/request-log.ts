/**
 * The request log of a job: every fetch, written in batches (one unnest insert for many
 * requests, so the crawl's hot path pays one statement a second, not one a fetch), trimmed to
 * the job's last requestLogKeep rows, and read newest first with filters for the job page.
 */
import type { Sql, Tx } from "./infra/sql";

/** How a request ended, as the log names it. */
export const REQUEST_OUTCOMES = ["stored", "retry", "failed", "skipped", "robots"] as const;
/** A status class the list filters by ("none": no answer). */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx", "none"] as const;
/** Most rows one read returns. */
export const MAX_REQUEST_ROWS = 200;

/** One request as a worker records it. */
export interface RequestEntry {
  jobId: number; at: Date; url: string; host: string; status: number | null; bytes: number; durationMs: number;
  outcome: (typeof REQUEST_OUTCOMES)[number]; reason: string | null;
  /** A key unique to this row, given when it is buffered: written again, it is not added twice. */
  key?: string;
}

/** The list's filters (from the URL); ids are the log's own, for reading only what came after. */
export interface RequestFilters { host?: string; statusClass?: (typeof STATUS_CLASSES)[number]; outcome?: (typeof REQUEST_OUTCOMES)[number]; afterId?: string; limit: number }

/** Filters from query parameters, or the first bad one with what it takes. */
export function parseRequestFilters(q: URLSearchParams): { ok: true; value: RequestFilters } | { ok: false; param: string; message: string } {
  const host = q.get("host")?.trim().toLowerCase() || undefined;
  if (host && host.length > 253) return { ok: false, param: "host", message: "host must be a host name of at most 253 characters, e.g. example.com" };
  const statusClass = q.get("status") || undefined;
  if (statusClass && !(STATUS_CLASSES as readonly string[]).includes(statusClass)) return { ok: false, param: "status", message: `status must be one of: ${STATUS_CLASSES.join(", ")}` };
  const outcome = q.get("outcome") || undefined;
  if (outcome && !(REQUEST_OUTCOMES as readonly string[]).includes(outcome)) return { ok: false, param: "outcome", message: `outcome must be one of: ${REQUEST_OUTCOMES.join(", ")}` };
  const after = q.get("after") || undefined;
  if (after && !/^\d{1,18}$/.test(after)) return { ok: false, param: "after", message: "after must be the id of a request in the log, e.g. 1024" };
  const rawLimit = q.get("limit");
  const limit = rawLimit === null ? 100 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_REQUEST_ROWS) return { ok: false, param: "limit", message: `limit must be a whole number from 1 to ${MAX_REQUEST_ROWS}` };
  return { ok: true, value: { host, statusClass: statusClass as RequestFilters["statusClass"], outcome: outcome as RequestFilters["outcome"], afterId: after, limit } };
}

/**
 * Store a batch of requests in one statement. A row whose key is already stored is left out: a
 * batch written again after its commit's answer was lost (a database outage) adds nothing twice.
 */
export async function insertRequests(sql: Sql | Tx, rows: RequestEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into request_log (job_id, at, url, host, status, bytes, duration_ms, outcome, reason, entry_key)
    select * from unnest(${rows.map((r) => r.jobId)}::int[], ${rows.map((r) => r.at.toISOString())}::timestamptz[], ${rows.map((r) => r.url)}::text[],
      ${rows.map((r) => r.host)}::text[], ${rows.map((r) => r.status) as number[]}::int[], ${rows.map((r) => r.bytes)}::int[],
      ${rows.map((r) => r.durationMs)}::int[], ${rows.map((r) => r.outcome)}::text[], ${rows.map((r) => r.reason) as string[]}::text[],
      ${rows.map((r) => r.key ?? null) as string[]}::text[])
    on conflict (entry_key) do nothing`;
}

/** Keep job `jobId`'s newest `keep` requests; returns how many older ones were deleted. */
export async function trimRequests(sql: Sql, jobId: number, keep: number): Promise<number> {
  const r = await sql`
    delete from request_log where job_id = ${jobId} and id <= coalesce(
      (select id from request_log where job_id = ${jobId} order by id desc offset ${keep} limit 1), 0)`;
  return r.count;
}

/** A row of the list. */
export interface RequestRow { id: string; at: Date; url: string; host: string; status: number | null; bytes: number; durationMs: number; outcome: string; reason: string | null }

/**
 * Job `jobId`'s requests, newest answer first, filtered; with `afterId`, only those logged after
 * it. A batch holds the requests of several fetches in the order they were added, which is not
 * always the order they were answered in: the list is by time, and `afterId` by log order.
 */
export async function listRequests(sql: Sql, jobId: number, f: RequestFilters): Promise<RequestRow[]> {
  const range: Record<string, [number, number]> = { "2xx": [200, 299], "3xx": [300, 399], "4xx": [400, 499], "5xx": [500, 599] };
  const cls = f.statusClass && f.statusClass !== "none" ? range[f.statusClass] : null;
  return sql<RequestRow[]>`
    select id::text, at, url, host, status, bytes, duration_ms as "durationMs", outcome, reason from request_log
    where job_id = ${jobId}
      ${f.host ? sql`and host = ${f.host}` : sql``}
      ${f.outcome ? sql`and outcome = ${f.outcome}` : sql``}
      ${f.statusClass === "none" ? sql`and status is null` : cls ? sql`and status between ${cls[0]} and ${cls[1]}` : sql``}
      ${f.afterId ? sql`and id > ${f.afterId}` : sql``}
    order by at desc, id desc limit ${f.limit}`;
}
