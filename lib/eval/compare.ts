/** A comparison's jobs with their live measures (the Compare page and GET /api/compare/:id). */
import { listComparisonJobs, listWorkflowRunsById } from "../store/comparisons";
import type { Sql } from "../store/infra/sql";
import { measureJob } from "./measure";

/** Pages fetched at which the Compare page reports harvest rates. */
export const COMPARE_CHECKPOINTS = [100, 250, 500, 1000, 1500, 2000, 4000];

/** The jobs of a comparison with their live measures (harvest-rate curve and checkpoints). */
export async function getComparison(sql: Sql, id: string) {
  return measureCompared(sql, await listComparisonJobs(sql, id));
}

/** Two runs of a workflow with the same measures as a comparison's jobs, each named "#id". */
export async function getRunComparison(sql: Sql, workflowId: number, a: number, b: number) {
  const jobs = await measureCompared(sql, await listWorkflowRunsById(sql, workflowId, [a, b]));
  return jobs.map((j) => ({ ...j, label: `#${j.id}` }));
}

type ComparedRow = Awaited<ReturnType<typeof listWorkflowRunsById>>[number];

async function measureCompared(sql: Sql, jobs: readonly ComparedRow[]) {
  return Promise.all(jobs.map(async (j) => {
    const m = await measureJob(sql, j.id, { checkpoints: COMPARE_CHECKPOINTS, curveEvery: Math.max(10, Math.round(j.maxPages / 60)) });
    return { ...j, checkpoints: m.checkpoints, curve: m.curve, byTime: m.byTime, timeCurve: m.timeCurve };
  }));
}
