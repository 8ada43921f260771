/** Measures of one job (checkpoints, curve, filter accuracy) from its stored fetch log. */
import { fetchLog } from "../store/measures";
import type { Sql } from "../store/infra/sql";
import { filterAccuracy, measure, relevanceBy, relevantByTime, timeMarks, TIME_MARKS_MINUTES, type Labels } from "./metrics";

/** Measure a finished (or running) job. */
export async function measureJob(sql: Sql, jobId: number, opts: { checkpoints: number[]; curveEvery: number; labels?: Labels }) {
  const log = await fetchLog(sql, jobId);
  const checkpoints = measure(log.pages, log.queued, { checkpoints: opts.checkpoints, startedAt: log.startedAt, labels: opts.labels });
  const marks = Array.from({ length: Math.floor(log.pages.length / opts.curveEvery) }, (_, i) => (i + 1) * opts.curveEvery);
  const curve = measure(log.pages, [], { checkpoints: marks, startedAt: log.startedAt, labels: opts.labels })
    .map((c) => ({ pages: c.pages, harvestRate: c.harvestRate, recall: c.recall }));
  const isRelevant = relevanceBy(opts.labels, log.pages);
  // Relevant pages found against time: at 1, 2, 5 and 10 minutes, and as a curve.
  const byTime = relevantByTime(log.pages, log.startedAt, log.finished ? Infinity : log.endedAt, TIME_MARKS_MINUTES, isRelevant);
  const timeCurve = relevantByTime(log.pages, log.startedAt, log.endedAt, timeMarks(log.startedAt, log.endedAt), isRelevant);
  return { checkpoints, curve, byTime, timeCurve, endedAfterMs: log.endedAt - log.startedAt, filter: opts.labels ? filterAccuracy(log.pages, opts.labels) : null };
}
