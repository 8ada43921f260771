/** Writing people's judgements of a job's pages. */
import type { Sql } from "./infra/sql";
import type { Judgement } from "../results/judgement";

/** Judge a page of a job (null clears); not found when the page belongs to no such job. */
export async function judgePage(sql: Sql, jobId: number, pageId: string, judgement: Judgement | null) {
  const rows = await sql<{ id: string }[]>`
    update pages set judgement = ${judgement} where id = ${pageId} and job_id = ${jobId} returning id`;
  return rows.length ? { ok: true as const, pageId, judgement } : { ok: false as const, status: 404, message: `job ${jobId} has no page ${pageId}` };
}

/** Judge many pages of a job at once (null clears); returns the ids judged (pages of other jobs are left out). */
export async function judgePages(sql: Sql, jobId: number, pageIds: string[], judgement: Judgement | null): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    update pages set judgement = ${judgement} where job_id = ${jobId} and id = any(${pageIds}::bigint[]) returning id`;
  return rows.map((r) => String(r.id));
}
