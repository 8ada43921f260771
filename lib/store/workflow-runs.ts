/**
 * A workflow's runs (its jobs) with what each found against the run before, read from the marks
 * stored with its pages (lib/store/revisits.ts): new (a URL the run before did not store), changed
 * (its main text differs), unchanged (a 304, or the same text) and gone (it answered 404 or 410).
 * Read with postgres.js: one grouped count per run on the (job_id, mark) index.
 */
import type { Sql } from "./infra/sql";

/** One run of a workflow as its history lists it. */
export interface WorkflowRun {
  id: number; version: number | null; status: string; finishReason: string | null; createdAt: Date; startedAt: Date | null; finishedAt: Date | null;
  pages: number; relevant: number; failed: number; newPages: number; changed: number; unchanged: number; gone: number; durationSec: number | null;
  archivedAt: Date | null;
}

/** The runs of workflow `workflowId`, newest first (at most `take`), each compared with the run before it. */
export async function listWorkflowRuns(sql: Sql, workflowId: number, take = 50): Promise<WorkflowRun[]> {
  return sql<WorkflowRun[]>`
    with shown as (select id from jobs where workflow_id = ${workflowId} order by id desc limit ${take})
    select j.id, j.workflow_version as version, j.status::text as status, j.finish_reason as "finishReason",
      j.created_at as "createdAt", j.started_at as "startedAt", j.finished_at as "finishedAt", j.archived_at as "archivedAt",
      j.pages_fetched as pages, j.pages_relevant as relevant, j.pages_failed as failed,
      extract(epoch from (coalesce(j.finished_at, now()) - j.started_at))::int as "durationSec",
      coalesce(m.new, 0) as "newPages", coalesce(m.changed, 0) as changed, coalesce(m.unchanged, 0) as unchanged, coalesce(m.gone, 0) as gone
    from shown s join jobs j on j.id = s.id
    cross join lateral (
      select count(*) filter (where mark = 'new')::int as new, count(*) filter (where mark = 'changed')::int as changed,
        count(*) filter (where mark = 'unchanged')::int as unchanged, count(*) filter (where mark = 'gone')::int as gone
      from pages p where p.job_id = s.id
    ) m
    order by j.id desc`;
}

/**
 * How many runs workflow `workflowId` has, archived ones included, and how many of those are
 * archived; null when there is no such workflow. Deleting a workflow deletes them all, however
 * many the history shows (at most 50, archived ones hidden).
 */
export async function countWorkflowRuns(sql: Sql, workflowId: number): Promise<{ total: number; archived: number } | null> {
  const [row] = await sql<{ total: number; archived: number }[]>`
    select count(j.id)::int as total, count(j.archived_at)::int as archived
    from workflows w left join jobs j on j.workflow_id = w.id where w.id = ${workflowId} group by w.id`;
  return row ?? null;
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
