/**
 * Job events (the job_events table) and change notifications: the one place that writes an
 * event and wakes the dashboard's listeners (lib/store/infra/listen.ts) on JOB_CHANNEL.
 * Hot-path statements that notify inside a larger statement (recordOutcome, finishJobs in
 * frontier.ts) use the same channel constant.
 */
import type { PrismaClient } from "../generated/prisma/client";
import { JOB_CHANNEL } from "./infra/listen";
import type { Sql, Tx } from "./infra/sql";

/** Every kind of event a job records, as job_events.kind stores it. */
export type JobEventKind =
  | "created" | "pause" | "resume" | "stop" | "seeds-added" | "finished" | "continued"
  | "topic-changed" | "topic-refined" | "topic-adapted" | "topic-adapt-deferred" | "topic-restored"
  | "recomputed" | "recompute-failed"
  | "stalled" | "host-blocked" | "host-unblocked" | "host-unreachable" | "host-delay" | "politeness-changed";

/** A Prisma client or transaction. */
type PrismaDb = Pick<PrismaClient, "$queryRawUnsafe">;

/**
 * Store an event and notify the job's listeners in one statement, with parameters $1 job id,
 * $2 kind, $3 message, $4 channel, $5 data (an object, or null: the host and value the event is about). The notification reads the inserted row through a lateral
 * join, as finishJobs does: a pg_notify selected on its own returns void, which Prisma's raw
 * queries cannot read.
 */
const RECORD_EVENT_SQL = `
  with e as (insert into job_events (job_id, kind, message, data) values ($1, $2, $3, $5::jsonb) returning job_id)
  select e.job_id from e cross join lateral (select pg_notify($4, e.job_id::text)) notified`;

/** Record an event of job `jobId` and notify its listeners (on commit, inside a transaction). */
export async function recordJobEvent(db: Sql | Tx, jobId: number, kind: JobEventKind, message: string, data?: JobEventData): Promise<void> {
  await db.unsafe(RECORD_EVENT_SQL, [jobId, kind, message, JOB_CHANNEL, (data ?? null) as never]);
}

/** What an event is about, for the log to name in the page's language: a host, a delay, URLs skipped, why. */
export interface JobEventData { host?: string; delayMs?: number; skipped?: number; why?: string }

/** The same as recordJobEvent, for writes that run through Prisma (the dashboard's CRUD). */
export async function recordJobEventPrisma(db: PrismaDb, jobId: number, kind: JobEventKind, message: string): Promise<void> {
  await db.$queryRawUnsafe(RECORD_EVENT_SQL, jobId, kind, message, JOB_CHANNEL, null);
}

/** Wake the listeners of job `jobId` without an event (its counters, pages or topic changed). */
export async function notifyJobChange(db: Sql | Tx, jobId: number): Promise<void> {
  await db`select pg_notify(${JOB_CHANNEL}, ${String(jobId)})`;
}

/** One stored job event as the job page lists it. */
export interface JobEventRow { id: string; level: string; kind: string; message: string; data: JobEventData | null; createdAt: Date }

/**
 * The newest `limit` events of job `jobId` (on the job_id + id index), newest first by time: an
 * event written late in a long transaction has a higher id than one written meanwhile, and the
 * log listed by id showed times out of order (created_at is now the insert's clock time too).
 */
export async function listJobEvents(sql: Sql, jobId: number, limit: number): Promise<JobEventRow[]> {
  const rows = await sql<JobEventRow[]>`
    select * from (
      select id::text, level, kind, message, data, created_at as "createdAt" from job_events
      where job_id = ${jobId} order by id desc limit ${limit}
    ) e order by "createdAt" desc, id::bigint desc`;
  return [...rows];
}
