/** Jobs: create (with their seeds queued), list, read and control. CRUD through Prisma. */
import { strategyPolicy } from "../strategy/registry";
import { recordJobEventPrisma } from "./events";
import { fail } from "./failure";
import { countFrontierPrisma } from "./frontier-counts";
import type { PrismaClient } from "../generated/prisma/client";
import { JobStatus } from "../generated/prisma/enums";
import { canonicalizeUrl, describeSeedProblem } from "../rules/url";
import type { JobInput } from "../jobs/input";
import { CrawlSettingsSchema, readCrawlSettings, redactSettings, type CrawlSettings } from "../jobs/settings";
import type { TopicVector } from "../topic/topic";

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
export async function createJob(prisma: PrismaClient, input: JobInput, opts: { comparisonId?: string } = {}) {
  const saved = input.topicId === undefined ? undefined : await prisma.topic.findUnique({ where: { id: input.topicId } });
  if (input.topicId !== undefined && !saved) throw new UnknownTopicError(`topicId: there is no topic ${input.topicId}; create it first or pick another`);
  const topic = (saved ? saved.vector : input.topic) as unknown as TopicVector;
  const seeds = canonicalSeeds(input.seeds);
  const policy = strategyPolicy(input.strategy, input.strategyParams, input.focusHoldBack);
  const job = await prisma.$transaction(async (tx) => {
    const job = await tx.job.create({
      data: {
        name: input.name || saved?.name || [...input.clc, ...input.keywords].slice(0, 3).join(" · "),
        topicId: saved?.id ?? null,
        topicVersion: saved?.version ?? null,
        topicSnapshot: topic as object,
        seeds: seeds.map((s) => s.url),
        strategy: input.strategy,
        strategyParams: input.strategyParams as object,
        comparisonId: opts.comparisonId ?? null,
        settings: Object.fromEntries(Object.keys(CrawlSettingsSchema.shape).map((k) => [k, input[k as keyof JobInput]])) as object,
        maxPages: input.maxPages,
        maxDepth: input.maxDepth,
        timeBudgetSec: input.timeBudgetSec ?? null,
        pageThreshold: input.pageThreshold,
        ...policy,
        maxConcurrency: input.maxConcurrency,
        status: JobStatus.running,
        startedAt: new Date(),
      },
    });
    await queueSeeds(tx, job.id, seeds, input);
    await recordJobEventPrisma(tx, job.id, "created", `Job created with ${seeds.length} seed(s)`);
    return job;
  });
  return withRedactedSettings(job);
}

/** The newest jobs first. */
export async function listJobs(prisma: PrismaClient, take = 100) {
  // Without the topic: a CLC topic holds 1,000 terms (twice that once it learned), tens of KB a
  // job, and the list shows none of it (GET /api/jobs/:id has it).
  return (await prisma.job.findMany({ orderBy: { createdAt: "desc" }, take, omit: { topicSnapshot: true } })).map(withRedactedSettings);
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
    select: { id: true, status: true, pagesFetched: true, pagesRelevant: true, pagesFailed: true, linksFound: true,
      finishReason: true, startedAt: true, finishedAt: true, maxPages: true },
  });
  if (!job) return null;
  // By status from the partial indexes (lib/store/frontier-counts.ts); the event stream reads this twice a second.
  const frontier: Record<string, number> = await countFrontierPrisma(prisma, id);
  return { ...job, frontier };
}

/** A job's live counters as the dashboard's event stream sends them (the fields without dates). */
export type JobProgress = Pick<NonNullable<Awaited<ReturnType<typeof getJobProgress>>>,
  "status" | "pagesFetched" | "pagesRelevant" | "pagesFailed" | "linksFound" | "finishReason" | "frontier">;

/**
 * Queue more seeds on an existing job (depth 0, top priority); URLs the job already knows are
 * left as they are. Returns how many were new. Workers pick them up on their next claim.
 */
export async function addSeeds(prisma: PrismaClient, jobId: number, rawSeeds: string[]) {
  const job = await getJob(prisma, jobId);
  if (!job) return fail("not-found", `job ${jobId} does not exist`);
  const problems = rawSeeds.map((s) => describeSeedProblem(s)).filter((p): p is string => p !== null);
  if (rawSeeds.length === 0 || problems.length) {
    return fail("invalid", problems.length ? `seeds: ${problems.join("; ")}` : "seeds: give at least one seed URL");
  }
  const seeds = canonicalSeeds(rawSeeds);
  const politeness = readCrawlSettings(job.settings);
  const added = await prisma.$transaction(async (tx) => {
    const count = await queueSeeds(tx, jobId, seeds, politeness);
    await tx.job.update({ where: { id: jobId }, data: { seeds: [...new Set([...job.seeds, ...seeds.map((s) => s.url)])] } });
    await recordJobEventPrisma(tx, jobId, "seeds-added", `${count} new seed(s) queued`);
    return count;
  });
  return { ok: true as const, added };
}
