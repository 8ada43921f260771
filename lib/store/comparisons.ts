/** Comparisons: one job per strategy with the same definition, measured side by side (the Compare page). */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client";
import type { JobInput } from "../jobs/input";
import { createJob } from "./jobs";
import type { Sql } from "./infra/sql";

/** Start one job per strategy; returns the comparison id. Jobs already created stay if a later one fails. */
export async function createComparison(prisma: PrismaClient, input: JobInput, strategies: string[]): Promise<string> {
  const id = randomBytes(6).toString("hex");
  for (const strategy of strategies) {
    await createJob(prisma, { ...input, strategy: strategy as JobInput["strategy"], strategyParams: {},
      name: `${input.name || "对比"} · ${strategy}` }, { comparisonId: id });
  }
  return id;
}

/** The jobs of comparison `id`, in creation order. */
export async function listComparisonJobs(sql: Sql, id: string) {
  return sql<{ id: number; strategy: string; status: string; pagesFetched: number; pagesFailed: number; maxPages: number; topicRevision: number }[]>`
    select id, strategy, status::text, pages_fetched as "pagesFetched", pages_failed as "pagesFailed", max_pages as "maxPages",
      topic_revision as "topicRevision"
    from jobs where comparison_id = ${id} order by id`;
}

/** Runs `ids` of workflow `workflowId` in the comparison's shape, in the order asked for (a run of another workflow is left out). */
export async function listWorkflowRunsById(sql: Sql, workflowId: number, ids: number[]) {
  const rows = await sql<{ id: number; strategy: string; status: string; pagesFetched: number; pagesFailed: number; maxPages: number; topicRevision: number }[]>`
    select id, strategy, status::text, pages_fetched as "pagesFetched", pages_failed as "pagesFailed", max_pages as "maxPages",
      topic_revision as "topicRevision"
    from jobs where workflow_id = ${workflowId} and id = any(${ids}::int[])`;
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

/** Recent comparisons, newest first. */
export async function listComparisons(sql: Sql, take = 20) {
  return sql<{ id: string; name: string; jobs: number; createdAt: Date }[]>`
    select comparison_id as id, min(name) as name, count(*)::int as jobs, min(created_at) as "createdAt"
    from jobs where comparison_id is not null group by comparison_id order by min(created_at) desc limit ${take}`;
}
