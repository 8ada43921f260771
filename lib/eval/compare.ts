/** A comparison's jobs with their live measures (the Compare page and GET /api/compare/:id). */
import { listComparisonJobs } from "../store/comparisons";
import type { Sql } from "../store/infra/sql";
import { measureJob } from "./measure";

/** Pages fetched at which the Compare page reports harvest rates. */
export const COMPARE_CHECKPOINTS = [100, 250, 500, 1000, 1500, 2000, 4000];

/** The jobs of a comparison with their live measures (harvest-rate curve and checkpoints). */
export async function getComparison(sql: Sql, id: string) {
  const jobs = await listComparisonJobs(sql, id);
  return Promise.all(jobs.map(async (j) => {
    const m = await measureJob(sql, j.id, { checkpoints: COMPARE_CHECKPOINTS, curveEvery: Math.max(10, Math.round(j.maxPages / 60)) });
    return { ...j, checkpoints: m.checkpoints, curve: m.curve };
  }));
}
