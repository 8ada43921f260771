/**
 * Background re-scoring after a job's topic changed: pages scored under an older topic
 * revision are scored again in batches, each batch one transaction (SKIP LOCKED, so several
 * workers share the work), and the job's relevant count follows.
 */
import { notifyJobChange } from "../store/events";
import { isRelevantAt, pageExplanation, scorePage, topicScorer, type TopicVector } from "../topic/topic";
import type { Sql } from "../store/infra/sql";

export const RESCORE_BATCH = 200;

/** Re-score one batch of one job's stale pages; returns how many pages were re-scored (0 = nothing to do). */
export async function rescoreBatch(sql: Sql, limit = RESCORE_BATCH): Promise<{ jobId: number; pages: number } | null> {
  return sql.begin(async (tx) => {
    const [job] = await tx<{ id: number; topicRevision: number; topicSnapshot: TopicVector; pageThreshold: number }[]>`
      select j.id, j.topic_revision as "topicRevision", j.topic_snapshot as "topicSnapshot", j.page_threshold as "pageThreshold"
      from jobs j where exists (select 1 from pages p where p.job_id = j.id and p.topic_revision < j.topic_revision)
      limit 1`;
    if (!job) return null;
    const pages = await tx<{ id: string; title: string; mainText: string; isRelevant: boolean }[]>`
      select id, title, main_text as "mainText", is_relevant as "isRelevant" from pages
      where job_id = ${job.id} and topic_revision < ${job.topicRevision}
      limit ${limit} for update skip locked`;
    if (pages.length === 0) return { jobId: job.id, pages: 0 };
    const scorer = topicScorer(job.topicSnapshot);
    const scores = pages.map((p) => scorePage(scorer, p.title, p.mainText));
    const isRelevant = scores.map((s) => isRelevantAt(s.relevance, job.pageThreshold));
    // Booleans travel as text: postgres.js does not serialise a JS boolean[] as a bool[] parameter.
    await tx`
      update pages p set relevance = t.relevance, is_relevant = t.is_relevant::boolean, explanation = t.explanation::jsonb,
        topic_revision = ${job.topicRevision}
      from unnest(${pages.map((p) => p.id)}::bigint[], ${scores.map((s) => s.relevance)}::float8[],
        ${isRelevant.map(String)}::text[], ${scores.map((s) => JSON.stringify(pageExplanation(s)))}::text[]) as t(id, relevance, is_relevant, explanation)
      where p.id = t.id`;
    const delta = isRelevant.filter(Boolean).length - pages.filter((p) => p.isRelevant).length;
    await tx`update jobs set pages_relevant = pages_relevant + ${delta} where id = ${job.id}`;
    await notifyJobChange(tx, job.id);
    return { jobId: job.id, pages: pages.length };
  });
}
