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
  // Both ends on the database's clock, as the pages' times are (a running job ends now).
  const [job] = await sql<{ startedAt: number; endedAt: number; finished: boolean }[]>`
    select extract(epoch from coalesce(started_at, created_at))::float8 * 1000 as "startedAt",
      extract(epoch from coalesce(finished_at, now()))::float8 * 1000 as "endedAt", finished_at is not null as finished
    from jobs where id = ${jobId}`;
  if (!job) throw new Error(`job ${jobId} does not exist`);
  const pages = await sql<{ url: string; isRelevant: boolean; at: number }[]>`
    select url, is_relevant as "isRelevant", extract(epoch from fetched_at)::float8 * 1000 as at
    from pages where job_id = ${jobId} order by fetched_at, id`;
  const queued = await sql<{ url: string; at: number }[]>`
    select url, extract(epoch from discovered_at)::float8 * 1000 as at
    from frontier where job_id = ${jobId} and parent_page_id is not null and status <> 'skipped'`;
  return { pages, queued, startedAt: job.startedAt, endedAt: Math.max(job.startedAt, job.endedAt), finished: job.finished };
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
