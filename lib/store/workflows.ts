/**
 * Workflows: saved crawls run again and again (CRUD through Prisma). A run is a job created from
 * the workflow's spec with parseJobInput, so a run is checked exactly as a new job is; an edit
 * adds a version, and each run records the version it ran.
 */
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { parseJobInput, type FieldErrors } from "../jobs/input";
import { keepCredentials, specOfInput, specOfJob } from "../jobs/workflow-spec";
import type { AddressPolicy } from "../rules/address-guard";
import type { TopicVector } from "../topic/topic";
import { fail, type Failure } from "./failure";
import { createJob, UnknownTopicError } from "./jobs";

/** Longest workflow name (a job's name has the same limit). */
export const MAX_WORKFLOW_NAME_CHARS = 200;

/** A workflow name trimmed, or why it cannot be one. */
export function checkWorkflowName(raw: unknown): { ok: true; name: string } | Failure {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (!name) return fail("invalid", "name: give the workflow a name, e.g. 计算机网络 weekly");
  if (name.length > MAX_WORKFLOW_NAME_CHARS) return fail("invalid", `name must be at most ${MAX_WORKFLOW_NAME_CHARS} characters`);
  return { ok: true, name };
}

/** Invalid input, with every field's errors (as POST /api/jobs reports them). */
export interface InvalidSpec { ok: false; kind: "invalid"; message: string; errors: FieldErrors }

/** Field → messages of a refusal: its own per-field errors, or its message under `field`. */
export function refusalErrors(r: Failure | InvalidSpec, field: string): FieldErrors {
  return "errors" in r ? (r as InvalidSpec).errors : { [field]: [r.message] };
}

/** Insert a workflow and its version 1; a source job not yet a run of another workflow becomes its run 1. */
async function insertWorkflow(prisma: PrismaClient, name: string, spec: object, topic: object | null, sourceJobId?: number) {
  return prisma.$transaction(async (tx) => {
    const w = await tx.workflow.create({ data: { name, spec, topic: topic ?? undefined, sourceJobId: sourceJobId ?? null } });
    await tx.workflowVersion.create({ data: { workflowId: w.id, version: 1, name, spec, topic: topic ?? undefined } });
    // The job's pages are the history the next run revisits and goes on from; a job that is
    // already another workflow's run stays that workflow's.
    if (sourceJobId !== undefined) await tx.job.updateMany({ where: { id: sourceJobId, workflowId: null }, data: { workflowId: w.id, workflowVersion: 1 } });
    return w;
  });
}

/** Save job input (validated as a new job is) as workflow version 1. */
export async function createWorkflow(prisma: PrismaClient, name: string, raw: Record<string, unknown>, isRefused?: AddressPolicy) {
  const { topicId, ...rest } = raw;
  // The form's "no saved topic" is an empty topicId.
  const input = parseJobInput(topicId === "" ? rest : raw, { isRefused });
  if (!input.ok) return { ok: false as const, kind: "invalid" as const, message: input.message, errors: input.errors } satisfies InvalidSpec;
  // A topic built here from keywords and classes is rebuilt by each run from the same spec.
  const w = await insertWorkflow(prisma, name, specOfInput(input.value) as object, null);
  return { ok: true as const, workflow: w };
}

/**
 * A workflow made from job `jobId`: its seeds, strategy, budget and settings, and its topic (the
 * saved one, or the job's own). The job becomes its run 1 (unless it is already another workflow's run).
 */
export async function createWorkflowFromJob(prisma: PrismaClient, jobId: number, name?: string) {
  const job = await prisma.job.findUnique({ where: { id: jobId } });
  if (!job) return fail("not-found", `job ${jobId} does not exist: pick a job from the jobs list`);
  const topic = job.topicId ? null : (job.topicSnapshot as object);
  const w = await insertWorkflow(prisma, name ?? job.name, specOfJob(job) as object, topic, job.id);
  return { ok: true as const, workflow: w };
}

/** Edit workflow `id`: a new version with this name and input; fields it leaves out and empty credentials keep the previous ones. */
export async function reviseWorkflow(prisma: PrismaClient, id: number, name: string, raw: Record<string, unknown>, isRefused?: AddressPolicy) {
  const current = await prisma.workflow.findUnique({ where: { id } });
  if (!current) return fail("not-found", `workflow ${id} does not exist`);
  // Fields the edit does not name (settings the form does not show) keep their values.
  const previous = current.spec as Record<string, unknown>;
  const merged = keepCredentials({ ...previous, ...raw }, previous);
  // The form's "no saved topic" is an empty topicId: it drops the saved topic the previous version named.
  if (merged.topicId === "") delete merged.topicId;
  // A workflow made from a job keeps that job's topic unless the edit gives keywords, classes or a saved topic.
  const hasOwnTopic = ["keywords", "clc", "topicId"].some((k) => { const v = merged[k]; return v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0); });
  const topic = hasOwnTopic ? null : (current.topic as TopicVector | null);
  const input = parseJobInput(merged, { isRefused, topic: topic ?? undefined });
  if (!input.ok) return { ok: false as const, kind: "invalid" as const, message: input.message, errors: input.errors } satisfies InvalidSpec;
  const spec = specOfInput(input.value) as object;
  const w = await prisma.$transaction(async (tx) => {
    const next = await tx.workflow.update({ where: { id }, data: { name, spec, topic: topic ? (topic as object) : Prisma.DbNull, version: { increment: 1 } } });
    await tx.workflowVersion.create({ data: { workflowId: id, version: next.version, name, spec, topic: topic ? (topic as object) : undefined } });
    return next;
  });
  return { ok: true as const, workflow: w };
}

/** Start a run of workflow `id`: a job from its current version. A spec no longer valid (a deleted topic) is refused with why. */
export async function runWorkflow(prisma: PrismaClient, id: number, isRefused?: AddressPolicy) {
  const w = await prisma.workflow.findUnique({ where: { id } });
  if (!w) return fail("not-found", `workflow ${id} does not exist`);
  const input = parseJobInput(w.spec, { isRefused, topic: (w.topic as TopicVector | null) ?? undefined });
  if (!input.ok) return fail("invalid", `workflow ${id} cannot run as saved: ${input.message}; edit it`);
  try {
    const job = await createJob(prisma, { ...input.value, name: w.name }, { workflow: { id, version: w.version } });
    return { ok: true as const, job };
  } catch (err) {
    if (err instanceof UnknownTopicError) return fail("invalid", `workflow ${id} cannot run as saved: ${err.message}; edit it`);
    // jobs_one_active_run_per_workflow: the database refuses a second run while one has not ended.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      return fail("conflict", `workflow ${id} has a run that has not ended: runs never overlap; wait for it to end or stop it`);
    }
    throw err;
  }
}

/** Workflows, newest first (archived ones only with `includeArchived`), with their number of runs and the last run's status. */
export async function listWorkflows(prisma: PrismaClient, take = 100, opts: { includeArchived?: boolean } = {}) {
  const rows = await prisma.workflow.findMany({
    where: opts.includeArchived ? {} : { archivedAt: null },
    orderBy: { id: "desc" }, take, omit: { spec: true, topic: true },
    include: { _count: { select: { runs: true } }, runs: { orderBy: { id: "desc" }, take: 1, select: { id: true, status: true, createdAt: true } } },
  });
  return rows.map(({ _count, runs, ...w }) => ({ ...w, runCount: _count.runs, lastRun: runs[0] ?? null }));
}

/** One workflow with its versions (newest first), or null. */
export async function getWorkflow(prisma: PrismaClient, id: number) {
  return prisma.workflow.findUnique({
    where: { id }, omit: { topic: true },
    include: { versions: { orderBy: { version: "desc" }, select: { version: true, name: true, createdAt: true } } },
  });
}
