/**
 * "Judge these": the next pages of a job to ask a person about (lib/results/judge-batch.ts
 * chooses them). The unjudged pages nearest the job's threshold on each side are read by the
 * (job_id, relevance) index; the batch is picked among them.
 */
import type { Sql } from "./infra/sql";
import { JUDGE_BATCH_SIZE, pickJudgeBatch } from "../results/judge-batch";

/** Candidates read on each side of the threshold: enough for a batch spread over sites and kinds. */
const CANDIDATES_PER_SIDE = 100;
/** Characters of a page's main text shown with it. */
const EXCERPT_CHARS = 240;

/** A page to judge, as the dashboard and the CLI show it. */
export interface JudgeItem {
  id: string; url: string; title: string; host: string; kind: string; relevance: number; isRelevant: boolean; excerpt: string;
}

/** The next batch of job `jobId` and what has been judged so far; null when there is no such job. */
export interface JudgeQueue { threshold: number; items: JudgeItem[]; judgedRelevant: number; judgedIrrelevant: number }

/**
 * The next `size` pages of job `jobId` to judge: unjudged, not near-duplicates, with main text,
 * nearest the job's threshold and spread over sites and kinds (pickJudgeBatch).
 */
export async function readJudgeQueue(sql: Sql, jobId: number, size = JUDGE_BATCH_SIZE): Promise<JudgeQueue | null> {
  const [job] = await sql<{ threshold: number }[]>`select page_threshold as threshold from jobs where id = ${jobId}`;
  if (!job) return null;
  const side = (isOver: boolean) => sql`
    select p.id::text as id, p.final_url as url, p.title, p.host, p.page_kind as kind, p.relevance, p.is_relevant as "isRelevant",
      left(p.main_text, ${EXCERPT_CHARS}) as excerpt
    from pages p
    where p.job_id = ${jobId} and p.judgement is null and p.duplicate_of is null and p.main_text <> ''
      and ${isOver ? sql`p.relevance >= ${job.threshold}` : sql`p.relevance < ${job.threshold}`}
    order by p.relevance ${isOver ? sql`asc` : sql`desc`}, p.id
    limit ${CANDIDATES_PER_SIDE}`;
  const [candidates, [counts]] = await Promise.all([
    sql<JudgeItem[]>`(${side(true)}) union all (${side(false)})`,
    sql<{ relevant: number; irrelevant: number }[]>`
      select count(*) filter (where judgement = 'relevant')::int as relevant, count(*) filter (where judgement = 'irrelevant')::int as irrelevant
      from pages where job_id = ${jobId} and judgement is not null`,
  ]);
  return {
    threshold: job.threshold, items: pickJudgeBatch(candidates, job.threshold, size),
    judgedRelevant: counts.relevant, judgedIrrelevant: counts.irrelevant,
  };
}
