/** Jobs: create (with their seeds queued), list, read and control. CRUD through Prisma. */
import { strategyPolicy } from "../strategy/registry";
import { recordJobEvent, recordJobEventPrisma } from "./events";
import type { Sql } from "./infra/sql";
import { fail } from "./failure";
import { countFrontierPrisma } from "./frontier-counts";
import type { PrismaClient } from "../generated/prisma/client";
import { JobStatus } from "../generated/prisma/enums";
import { canonicalizeUrl, describeSeedProblem } from "../rules/url";
import type { JobInput } from "../jobs/input";
import { CrawlSettingsSchema, readCrawlSettings, redactSettings, type CrawlSettings } from "../jobs/settings";
import type { TopicVector } from "../topic/topic";
import { originsOfSeeds } from "../jobs/seed-origins";
import { findPreviousRun, queueRevisits } from "./revisits";
import { queuePreviousFrontier } from "./rerun-frontier";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
type Seed = { url: string; host: string };

/** Canonical, de-duplicated seeds (callers validated them). */
function canonicalSeeds(raw: string[]): Seed[] {
  const list = raw.map((s) => canonicalizeUrl(s)).flatMap((c) => (c.ok ? [{ url: c.url, host: c.host }] : []));
  return [...new Map(list.map((s) => [s.url, s])).values()];
}

/** Queue seeds at depth 0 with top priority, their hosts getting the job's politeness; returns how many were new. */
async function queueSeeds(tx: Tx, jobId: number, seeds: Seed[], p: { minDelayMs: number; maxHostConnections: number }) {
  await tx.host.createMany({
    data: [...new Set(seeds.map((s) => s.host))].map((host) => ({ jobId, host, minDelayMs: p.minDelayMs, maxConnections: p.maxHostConnections })),
    skipDuplicates: true,
  });
  const { count } = await tx.frontierUrl.createMany({
    data: seeds.map((s) => ({ jobId, url: s.url, urlKey: s.url, host: s.host, depth: 0, priority: 1 })),
    skipDuplicates: true,
  });
  return count;
}

/** Thrown when a job names a saved topic that does not exist. */
export class UnknownTopicError extends Error {}

/** Insert a job and queue its seeds in one transaction: all of it is written or none. */
export async function createJob(prisma: PrismaClient, input: JobInput, opts: { comparisonId?: string; workflow?: { id: number; version: number } } = {}) {
  const saved = input.topicId === undefined ? undefined : await prisma.topic.findUnique({ where: { id: input.topicId } });
  if (input.topicId !== undefined && !saved) throw new UnknownTopicError(`topicId: there is no topic ${input.topicId}; create it first or pick another`);
  const topic = (saved ? saved.vector : input.topic) as unknown as TopicVector;
  const seeds = canonicalSeeds(input.seeds);
  const policy = strategyPolicy(input.strategy, input.strategyParams, input.focusHoldBack, input.priorityFeedback);
  const job = await prisma.$transaction(async (tx) => {
    const job = await tx.job.create({
      data: {
        name: input.name || saved?.name || [...input.clc, ...input.keywords].slice(0, 3).join(" · "),
        topicId: saved?.id ?? null,
        topicVersion: saved?.version ?? null,
        topicSnapshot: topic as object,
        seeds: seeds.map((s) => s.url),
        seedOrigins: originsOfSeeds(seeds.map((s) => s.url), input.seedOrigins),
        strategy: input.strategy,
        strategyParams: input.strategyParams as object,
        comparisonId: opts.comparisonId ?? null,
        workflowId: opts.workflow?.id ?? null,
        workflowVersion: opts.workflow?.version ?? null,
        settings: Object.fromEntries(Object.keys(CrawlSettingsSchema.shape).map((k) => [k, input[k as keyof JobInput]])) as object,
        maxPages: input.maxPages,
        maxDepth: input.maxDepth,
        timeBudgetSec: input.timeBudgetSec ?? null,
        // A saved topic carries the threshold it was saved with (the wizard's preview chose it) unless the job names one.
        pageThreshold: saved && input.isThresholdDefault ? saved.pageThreshold : input.pageThreshold,
        ...policy,
        maxConcurrency: input.maxConcurrency,
        status: JobStatus.running,
        startedAt: new Date(),
      },
    });
    await queueSeeds(tx, job.id, seeds, input);
    // A workflow's re-run revisits the previous run's pages and goes on with the URLs it had not
    // fetched yet (queued before any worker can claim a seed).
    const previous = opts.workflow ? await findPreviousRun(tx, job.id, opts.workflow.id) : null;
    if (previous) {
      const bounds = { ...input, seeds: seeds.map((s) => s.url) };
      await queueRevisits(tx, job.id, previous, bounds);
      await queuePreviousFrontier(tx, job.id, previous, bounds);
    }
    await recordJobEventPrisma(tx, job.id, "created", `Job created with ${seeds.length} seed(s)`);
    return job;
  });
  return withRedactedSettings(job);
}

/** The newest jobs first (archived ones only with `includeArchived`). */
export async function listJobs(prisma: PrismaClient, take = 100, opts: { includeArchived?: boolean } = {}) {
  // Without the topic: a CLC topic holds up to 3,000 terms (more once it learned), about 100 KB a
  // job, and the list shows none of it (GET /api/jobs/:id has it).
  const where = opts.includeArchived ? {} : { archivedAt: null };
  return (await prisma.job.findMany({ where, orderBy: { createdAt: "desc" }, take, omit: { topicSnapshot: true } })).map(withRedactedSettings);
}

/** One job, or null. */
export async function getJob(prisma: PrismaClient, id: number) {
  const job = await prisma.job.findUnique({ where: { id } });
  return job && withRedactedSettings(job);
}

/** A job as shown to people: proxy and site passwords and cookies never leave the server. */
function withRedactedSettings<T extends { settings: unknown }>(job: T): T {
  return { ...job, settings: redactSettings(job.settings as Partial<CrawlSettings>) };
}

/** A control a person can apply to a job. */
export type JobAction = "pause" | "resume" | "stop";

const TRANSITIONS: Record<JobAction, { from: JobStatus[]; to: JobStatus }> = {
  pause: { from: [JobStatus.running], to: JobStatus.paused },
  resume: { from: [JobStatus.paused], to: JobStatus.running },
  stop: { from: [JobStatus.running, JobStatus.paused, JobStatus.queued], to: JobStatus.stopping },
};

/** Apply `action` if the job's status allows it; workers see the change on their next claim. */
export async function controlJob(prisma: PrismaClient, id: number, action: JobAction) {
  const t = TRANSITIONS[action];
  const { count } = await prisma.job.updateMany({ where: { id, status: { in: t.from } }, data: { status: t.to } });
  if (count === 0) {
    const job = await getJob(prisma, id);
    if (!job) return fail("not-found", `job ${id} does not exist`);
    return fail("conflict", `cannot ${action} a job that is ${job.status}`);
  }
  await recordJobEventPrisma(prisma, id, action, `Job ${action} requested`);
  return { ok: true as const };
}

/** Live counters of a job, for the dashboard. */
export async function getJobProgress(prisma: PrismaClient, id: number) {
  const job = await prisma.job.findUnique({
    where: { id },
    select: { id: true, status: true, pagesFetched: true, pagesRelevant: true, pagesFailed: true, pagesReserved: true, linksFound: true,
      finishReason: true, startedAt: true, finishedAt: true, maxPages: true },
  });
  if (!job) return null;
  // By status from the partial indexes (lib/store/frontier-counts.ts); the event stream reads this twice a second.
  const frontier: Record<string, number> = await countFrontierPrisma(prisma, id);
  return { ...job, frontier };
}

/** A job's live counters as the dashboard's event stream sends them (the fields without dates). */
export type JobProgress = Pick<NonNullable<Awaited<ReturnType<typeof getJobProgress>>>,
  "status" | "pagesFetched" | "pagesRelevant" | "pagesFailed" | "pagesReserved" | "maxPages" | "linksFound" | "finishReason" | "frontier">;

/**
 * Most seeds one request may add. 10,000 seeds took 8 s in one Prisma transaction (and failed at
 * its 5 s timeout); the limit keeps a request to a few batches, and a longer list is sent in parts.
 */
export const MAX_SEEDS_PER_REQUEST = 10_000;
/** Seeds written per statement: each batch is one round trip, between which the server answers other requests. */
const SEED_BATCH = 1_000;

/**
 * Queue more seeds on a job (all or none, in one transaction): refused when the job does not
 * exist, a seed is not an http(s) URL, or there are more than MAX_SEEDS_PER_REQUEST.
 */
export async function addSeeds(sql: Sql, jobId: number, rawSeeds: string[]) {
  if (rawSeeds.length > MAX_SEEDS_PER_REQUEST) {
    return fail("invalid", `seeds: at most ${MAX_SEEDS_PER_REQUEST} seed URLs per request (got ${rawSeeds.length}); send the rest in further requests`);
  }
  const [job] = await sql<{ seeds: string[]; settings: Partial<CrawlSettings> }[]>`select seeds, settings from jobs where id = ${jobId}`;
  if (!job) return fail("not-found", `job ${jobId} does not exist`);
  const problems = rawSeeds.map((s) => describeSeedProblem(s)).filter((p): p is string => p !== null);
  if (rawSeeds.length === 0 || problems.length) {
    const shown = problems.slice(0, 20).join("; ") + (problems.length > 20 ? `; and ${problems.length - 20} more` : "");
    return fail("invalid", problems.length ? `seeds: ${shown}` : "seeds: give at least one seed URL");
  }
  const seeds = canonicalSeeds(rawSeeds);
  const p = readCrawlSettings(job.settings);
  const added = await sql.begin(async (tx) => {
    let count = 0;
    for (let i = 0; i < seeds.length; i += SEED_BATCH) {
      const batch = seeds.slice(i, i + SEED_BATCH);
      await tx`
        insert into hosts (job_id, host, min_delay_ms, max_connections)
        select ${jobId}, h, ${p.minDelayMs}, ${p.maxHostConnections} from unnest(${[...new Set(batch.map((s) => s.host))]}::text[]) as t(h)
        on conflict do nothing`;
      const inserted = await tx`
        insert into frontier (job_id, url, url_key, host, depth, priority)
        select ${jobId}, u, u, h, 0, 1 from unnest(${batch.map((s) => s.url)}::text[], ${batch.map((s) => s.host)}::text[]) as t(u, h)
        on conflict do nothing`;
      count += inserted.count;
    }
    await tx`update jobs set seeds = ${[...new Set([...job.seeds, ...seeds.map((s) => s.url)])]}::text[], updated_at = now() where id = ${jobId}`;
    await recordJobEvent(tx, jobId, "seeds-added", `${count} new seed(s) queued`);
    return count;
  });
  return { ok: true as const, added };
}

/**
 * Whether a job that may still crawl (one of `jobIds`, when given) has a class topic, whose scorer
 * needs the field rivals' index (lib/topic/field-rivals.ts): a worker builds the index only then.
 */
export async function hasClassTopicJob(sql: Sql, jobIds?: readonly number[]): Promise<boolean> {
  const [row] = await sql<{ has: boolean }[]>`
    select exists (select 1 from jobs where status in ('queued', 'running', 'paused', 'stopping') and topic_snapshot->>'fieldRivals' = 'true'
      ${jobIds ? sql`and id = any(${[...jobIds]}::int[])` : sql``}) as has`;
  return row.has;
}
