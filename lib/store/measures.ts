/** Reads the evaluation measures from: a job's fetch log and when its topic learned. */
import type { Sql } from "./infra/sql";

/** A job's stored pages in fetch order and the URLs it queued (link predictions), times in epoch ms. */
export interface FetchLog {
  pages: { url: string; isRelevant: boolean; at: number }[];
  queued: { url: string; at: number }[];
  startedAt: number;
  /** When the job finished, or now while it runs. */
  endedAt: number;
  finished: boolean;
}

/** A job's fetch log: stored pages in fetch order and the URLs it queued. */
export async function fetchLog(sql: Sql, jobId: number): Promise<FetchLog> {
  const [job] = await sql<{ startedAt: Date | null; finishedAt: Date | null }[]>`select started_at as "startedAt", finished_at as "finishedAt" from jobs where id = ${jobId}`;
  const pages = await sql<{ url: string; isRelevant: boolean; at: number }[]>`
    select url, is_relevant as "isRelevant", extract(epoch from fetched_at)::float8 * 1000 as at
    from pages where job_id = ${jobId} order by fetched_at, id`;
  const queued = await sql<{ url: string; at: number }[]>`
    select url, extract(epoch from discovered_at)::float8 * 1000 as at
    from frontier where job_id = ${jobId} and parent_page_id is not null and status <> 'skipped'`;
  const startedAt = job.startedAt?.getTime() ?? Date.now();
  return { pages, queued, startedAt, endedAt: Math.max(startedAt, job.finishedAt?.getTime() ?? Date.now()), finished: job.finishedAt !== null };
}

/** Pages the job had fetched when its topic learned by itself (null: it did not), and how often it put learning off. */
export interface TopicLearning { learnedAt: number | null; putOff: number }

/** When job `jobId`'s topic learned by itself (pages fetched by then), and how often it put learning off. */
export async function readTopicLearning(sql: Sql, jobId: number): Promise<TopicLearning> {
  const [row] = await sql<{ learnedAt: number | null; putOff: number }[]>`
    select case when e.created_at is null then null
        else (select count(*)::int from pages p where p.job_id = ${jobId} and p.fetched_at <= e.created_at) end as "learnedAt",
      (select count(*)::int from job_events where job_id = ${jobId} and kind = 'topic-adapt-deferred') as "putOff"
    from (select 1) one left join (select created_at from job_events where job_id = ${jobId} and kind = 'topic-adapted' order by id limit 1) e on true`;
  return { learnedAt: row.learnedAt, putOff: row.putOff };
}
