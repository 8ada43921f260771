/**
 * A workflow's runs (its jobs) with what changed from the run before: pages new (a URL the run
 * before did not store), changed (stored by both, content checksum differs) and gone (stored by
 * the run before, not by this one). Read with postgres.js: set-based counts over two runs' pages.
 */
import type { Sql } from "./infra/sql";

/** One run of a workflow as its history lists it. */
export interface WorkflowRun {
  id: number; version: number | null; status: string; finishReason: string | null; createdAt: Date; startedAt: Date | null; finishedAt: Date | null;
  pages: number; relevant: number; failed: number; newPages: number; changed: number; gone: number; durationSec: number | null;
  archivedAt: Date | null;
}

/** The runs of workflow `workflowId`, newest first (at most `take`), each compared with the run before it. */
export async function listWorkflowRuns(sql: Sql, workflowId: number, take = 50): Promise<WorkflowRun[]> {
  return sql<WorkflowRun[]>`
    with runs as (
      select id, lag(id) over (order by id) as prev from jobs where workflow_id = ${workflowId}
    ), shown as (select * from runs order by id desc limit ${take})
    select j.id, j.workflow_version as version, j.status::text as status, j.finish_reason as "finishReason",
      j.created_at as "createdAt", j.started_at as "startedAt", j.finished_at as "finishedAt", j.archived_at as "archivedAt",
      j.pages_fetched as pages, j.pages_relevant as relevant, j.pages_failed as failed,
      extract(epoch from (coalesce(j.finished_at, now()) - j.started_at))::int as "durationSec",
      (select count(*)::int from pages p where p.job_id = s.id
        and (s.prev is null or not exists (select 1 from pages q where q.job_id = s.prev and q.url = p.url))) as "newPages",
      (select count(*)::int from pages p join pages q on q.job_id = s.prev and q.url = p.url
        where p.job_id = s.id and p.checksum is distinct from q.checksum) as changed,
      (select count(*)::int from pages q where q.job_id = s.prev
        and not exists (select 1 from pages p where p.job_id = s.id and p.url = q.url)) as gone
    from shown s join jobs j on j.id = s.id
    order by j.id desc`;
}

/** Pages of run `b` against run `a` by URL: only in b (new), in both with other content (changed) or the same, only in a (gone). */
export async function diffRuns(sql: Sql, a: number, b: number) {
  const [row] = await sql<{ newPages: number; changed: number; unchanged: number; gone: number }[]>`
    select
      (select count(*)::int from pages p where p.job_id = ${b} and not exists (select 1 from pages q where q.job_id = ${a} and q.url = p.url)) as "newPages",
      (select count(*)::int from pages p join pages q on q.job_id = ${a} and q.url = p.url where p.job_id = ${b} and p.checksum is distinct from q.checksum) as changed,
      (select count(*)::int from pages p join pages q on q.job_id = ${a} and q.url = p.url where p.job_id = ${b} and p.checksum is not distinct from q.checksum) as unchanged,
      (select count(*)::int from pages q where q.job_id = ${a} and not exists (select 1 from pages p where p.job_id = ${b} and p.url = q.url)) as gone`;
  return row;
}
