/**
 * The captures replay reads: a job's page by its URL, which of a page's link targets the job
 * captured, and the captures of one URL across the runs of the job's workflow (its timeline).
 * URLs are looked up by the frontier's canonical key (`frontier.url_key`, unique per job), the key
 * every captured page has; a page reached by a redirect is also found by where it ended.
 */
import type { Sql } from "./infra/sql";
import { readRawBody } from "./page-bodies";
import { decodeBody } from "../rules/decode";
import { canonicalizeUrl } from "../rules/url";
import { replayLinkTargets, rewriteForReplay, type ReplayDocument } from "../results/replay-rewrite";
import { replayPath } from "../results/replay-path";

/** One capture of a URL: the page stored for it in a job. */
export interface Capture {
  jobId: number; pageId: string; url: string; finalUrl: string; title: string;
  httpStatus: number; fetchedAt: Date; mark: string | null; hasBody: boolean;
}

const CAPTURE_COLUMNS = (sql: Sql) => sql`
  p.job_id as "jobId", p.id::text as "pageId", p.url, p.final_url as "finalUrl", p.title, p.http_status as "httpStatus",
  p.fetched_at as "fetchedAt", p.mark, exists (select 1 from page_bodies b where b.page_id = p.id) as "hasBody"`;

/** Job `jobId`'s capture of `url` (canonical), by the URL it was queued as or, failing that, where it ended. */
export async function readCapture(sql: Sql, jobId: number, url: string): Promise<Capture | null> {
  const [byKey] = await sql<Capture[]>`
    select ${CAPTURE_COLUMNS(sql)} from frontier f join pages p on p.frontier_id = f.id
    where f.job_id = ${jobId} and f.url_key = ${url}`;
  if (byKey) return byKey;
  const [byFinal] = await sql<Capture[]>`
    select ${CAPTURE_COLUMNS(sql)} from pages p where p.job_id = ${jobId} and p.final_url = ${url} order by p.id limit 1`;
  return byFinal ?? null;
}

/** Which of `urls` (canonical) job `jobId` captured: queued and stored as a page. */
export async function capturedAmong(sql: Sql, jobId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await sql<{ url: string }[]>`
    select f.url_key as url from frontier f join pages p on p.frontier_id = f.id
    where f.job_id = ${jobId} and f.url_key = any(${urls}::text[])`;
  return new Set(rows.map((r) => r.url));
}

/** A capture on the timeline, with the run it belongs to (1 = the workflow's first run). */
export interface TimelineEntry extends Capture { run: number | null }

/**
 * The captures of `url` in job `jobId` and in every other run of its workflow, oldest first
 * (a job outside any workflow has only its own). A run's revisit answered 304 is a capture too:
 * it is marked unchanged and keeps no body of its own.
 */
export async function readTimeline(sql: Sql, jobId: number, url: string): Promise<TimelineEntry[]> {
  return sql<TimelineEntry[]>`
    with runs as (
      select j.id, case when j.workflow_id is null then null else row_number() over (partition by j.workflow_id order by j.id) end as run
      from jobs j
      where j.id = ${jobId} or (j.workflow_id is not null and j.workflow_id = (select workflow_id from jobs where id = ${jobId}))
    )
    select ${CAPTURE_COLUMNS(sql)}, r.run::int as run
    from runs r join frontier f on f.job_id = r.id and f.url_key = ${url} join pages p on p.frontier_id = f.id
    order by p.fetched_at, p.id`;
}

/**
 * Capture `c` of job `jobId` ready to replay (lib/results/replay-rewrite.ts), its links leading to
 * the job's captured copies; null when no body was kept for it. `notice` titles the links to
 * pages the job did not capture.
 */
export async function readReplayDocument(sql: Sql, jobId: number, c: Capture, notice: string): Promise<ReplayDocument | null> {
  const kept = await readRawBody(sql, jobId, c.pageId);
  if (!kept) return null;
  const html = decodeBody(kept.body, kept.responseHeaders["content-type"]).text;
  const keyOf = new Map<string, string>();
  for (const target of replayLinkTargets(html, c.finalUrl)) {
    const canonical = canonicalizeUrl(target);
    keyOf.set(target, canonical.ok ? canonical.url : target);
  }
  const captured = await capturedAmong(sql, jobId, [...new Set(keyOf.values())]);
  return rewriteForReplay(html, c.finalUrl, (url) => {
    const key = keyOf.get(url) ?? url;
    return { href: replayPath(jobId, key), isCaptured: captured.has(key) };
  }, notice);
}
