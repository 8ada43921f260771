/**
 * A job's topic learning from its own pages (lib/topic/feedback.ts): on request (the refine
 * action) or by itself once the job has enough pages (`adaptTopicAfter`, checked by every
 * worker's maintenance tick). The new topic is a new revision: pages fetched from then on are
 * scored with it, and the stored ones are re-scored in the background (rescore.ts).
 */
import { recordJobEvent } from "../store/events";
import type { Failure } from "../store/failure";
import {
  ADAPT_MAX_CROSSING, ADAPT_MIN_RELEVANT, DEFAULT_FEEDBACK_PAGES, MAX_FEEDBACK_PAGES, MAX_NON_RELEVANT_PAGES, PageCentroid, refineTopic,
  type FeedbackPage,
} from "../topic/feedback";
import type { TopicVector } from "../topic/topic";
import { diffTopics, type TopicDiff } from "../topic/topic-diff";
import { chooseJudgedThreshold, judgedFoldLearner, type JudgedPage, type JudgedThreshold } from "../topic/judged-threshold";
import { pickCounterExamples, pickRelevantPages } from "../topic/feedback-pages";
import { DEFAULT_ADAPT_TOPIC_AFTER } from "../jobs/settings";
import type { Sql } from "../store/infra/sql";

/**
 * Characters of a page's main text a refinement reads: the first 10,000 say what a page is
 * about, and 210 pages of them segment in well under a second of the worker's time.
 */
const TEXT_CHARS = 10_000;

/** Why a refinement (or its undo) did not happen. */
export type RefineFailure = "bad-pages" | "no-job" | "no-pages" | "no-words" | "changed" | "unsafe" | "nothing-to-undo";

/** What a refinement changes: the terms, and the threshold the person's judgments suggest (if they judged enough). */
export interface RefinePlan {
  pages: number; judged: number; nonRelevant: number; added: string[];
  diff: TopicDiff;
  /** The topic loses the field posterior's lift (docs/ALGORITHMS.md §1.3d): it learns from judged pages. */
  isLiftDropped: boolean;
  threshold: { current: number; suggested?: JudgedThreshold };
}

export type RefineResult = ({ ok: true } & RefinePlan & { applied: boolean; thresholdApplied: boolean }) | (Failure & { reason: RefineFailure });

/** How a refinement is asked for. */
export interface RefineOptions {
  pages?: number;
  /** Learning by the crawler itself (the job's `adaptTopicAfter`). */
  isAuto?: boolean;
  /** Only work out what would change (the diff and the suggested threshold); nothing is written. */
  isPreview?: boolean;
  /** Also take the threshold chosen from the judgments, when there is one. */
  isThresholdApplied?: boolean;
}

/** Judged pages read at most to choose a threshold. */
const MAX_JUDGED_PAGES = 500;

/**
 * Refine job `jobId`'s topic from the pages people judged relevant or, while fewer than 3 are,
 * from them and the best-scoring unjudged content pages (`pages` in all); against the pages
 * judged irrelevant or, while fewer than 3 are, them and up to 200 of the latest unjudged
 * content pages below the job's threshold (lib/topic/feedback-pages.ts).
 * List pages and home pages are never learned from, on either side: their words are their
 * links' titles and the site's template (on the test web a topic that learned from them took
 * up "list" and the host names, and then let every list page through).
 *
 * With judgments on both sides (lib/topic/judged-threshold.ts) the threshold with the best
 * cross-validated F1 on them is worked out; it is proposed only when that F1 rises over keeping
 * the threshold, and taken with `isThresholdApplied` only when proposed. The topic and
 * threshold replaced are kept (job_topic_history) so `undoTopicRefinement` can put them back.
 * `isPreview` works out the change without making it.
 *
 * Learning by itself (`isAuto`) is stricter: it learns only from pages over the threshold, needs
 * 3 of them ("no-pages"), and gives up a topic that lets through more than 5% of the
 * counter-examples ("unsafe", ADAPT_MAX_CROSSING). The topic is replaced only if nobody changed
 * it meanwhile ("changed").
 */
export async function refineJobTopic(sql: Sql, jobId: number, opts: RefineOptions = {}): Promise<RefineResult> {
  const n = opts.pages ?? DEFAULT_FEEDBACK_PAGES;
  if (!Number.isInteger(n) || n < 1 || n > MAX_FEEDBACK_PAGES) {
    return { ok: false, kind: "invalid", reason: "bad-pages", message: `pages: give a whole number from 1 to ${MAX_FEEDBACK_PAGES}` };
  }
  const [job] = await sql<{ topicSnapshot: TopicVector; topicRevision: number; pageThreshold: number }[]>`
    select topic_snapshot as "topicSnapshot", topic_revision as "topicRevision", page_threshold as "pageThreshold" from jobs where id = ${jobId}`;
  if (!job) return { ok: false, kind: "not-found", reason: "no-job", message: `job ${jobId} does not exist` };
  const isAuto = Boolean(opts.isAuto);
  const minRelevance = isAuto ? job.pageThreshold : 0;

  // Judged relevant pages, and the best-scoring content pages nobody judged (lib/topic/feedback-pages.ts picks among them).
  const judgedRelevant = await sql<FeedbackPage[]>`
    select title, left(main_text, ${TEXT_CHARS}) as text from pages
    where job_id = ${jobId} and duplicate_of is null and main_text <> '' and judgement = 'relevant'
    order by id limit ${MAX_FEEDBACK_PAGES}`;
  // Read even when enough pages are judged: the threshold's folds, each with a third fewer judgments, may need them.
  const bestUnjudged = await sql<FeedbackPage[]>`
    select title, left(main_text, ${TEXT_CHARS}) as text from pages
    where job_id = ${jobId} and duplicate_of is null and main_text <> '' and judgement is null
      and page_kind = 'content' and relevance > 0 and relevance >= ${minRelevance}
    order by relevance desc, id
    limit ${n}`;
  const relevant = pickRelevantPages(judgedRelevant, bestUnjudged, n);
  if (relevant.length === 0 || (isAuto && relevant.length < ADAPT_MIN_RELEVANT)) {
    return { ok: false, kind: "conflict", reason: "no-pages", message: isAuto
      ? `fewer than ${ADAPT_MIN_RELEVANT} content pages over the threshold to learn from`
      : "the job has no pages to learn from yet: wait until it stored some that match the topic, or judge some relevant" };
  }
  // Judged irrelevant pages, and the latest content pages under the threshold nobody judged.
  const judgedIrrelevant = await sql<FeedbackPage[]>`
    select title, left(main_text, ${TEXT_CHARS}) as text from pages
    where job_id = ${jobId} and duplicate_of is null and main_text <> '' and judgement = 'irrelevant'
    order by id desc limit ${MAX_NON_RELEVANT_PAGES}`;
  const belowUnjudged = await sql<FeedbackPage[]>`
    select title, left(main_text, ${TEXT_CHARS}) as text from pages
    where job_id = ${jobId} and duplicate_of is null and main_text <> '' and judgement is null
      and page_kind = 'content' and relevance < ${job.pageThreshold}
    order by id desc limit ${MAX_NON_RELEVANT_PAGES}`;
  const others = pickCounterExamples(judgedIrrelevant, belowUnjudged);
  const nonRelevant = new PageCentroid(job.topicSnapshot, { keepTerms: isAuto });
  for (const p of others) nonRelevant.add(p);

  const judged = judgedRelevant.length; // all of them lead `relevant` (pickRelevantPages)
  let refined: TopicVector;
  try {
    refined = refineTopic(job.topicSnapshot, relevant, { judged, judgedIrrelevant: judgedIrrelevant.length, isAuto, nonRelevant });
  } catch (err) {
    return { ok: false, kind: "conflict", reason: "no-words", message: `cannot refine the topic: ${(err as Error).message}` };
  }
  if (isAuto) {
    const crossing = nonRelevant.shareAtOrAbove(refined, job.pageThreshold);
    if (crossing > ADAPT_MAX_CROSSING) {
      return { ok: false, kind: "conflict", reason: "unsafe", message: `the learned topic would let through ${(crossing * 100).toFixed(1)}% ` +
        `of the ${others.length} pages below the threshold (at most ${ADAPT_MAX_CROSSING * 100}%)` };
    }
  }
  const suggested = isAuto ? undefined : await judgedThreshold(sql, jobId, job, { pages: n, bestUnjudged, belowUnjudged });
  const added = refined.feedback!.added;
  const plan: RefinePlan = {
    pages: relevant.length, judged, nonRelevant: nonRelevant.count, added,
    diff: diffTopics(job.topicSnapshot, refined),
    isLiftDropped: Boolean(job.topicSnapshot.fieldLift) && !refined.fieldLift,
    threshold: { current: job.pageThreshold, ...(suggested ? { suggested } : {}) },
  };
  if (opts.isPreview) return { ok: true, ...plan, applied: false, thresholdApplied: false };

  // Only a proposed threshold is ever taken: one whose cross-validated F1 rises (lib/topic/judged-threshold.ts).
  const newThreshold = opts.isThresholdApplied && suggested?.isProposed ? suggested.threshold : job.pageThreshold;
  const thresholdNote = newThreshold !== job.pageThreshold
    ? `; threshold ${job.pageThreshold} → ${newThreshold} (F1 on ${suggested!.relevant + suggested!.irrelevant} judged pages ${suggested!.currentF1} → ${suggested!.cvF1}, ` +
      `cross-validated, 90% ${suggested!.interval[0]}–${suggested!.interval[1]}; ${suggested!.keptF1} with the threshold kept)` : "";
  const message = `${isAuto ? "Topic adapted by itself" : "Topic refined"} from ${relevant.length} pages (${judged} judged relevant) ` +
    `and ${nonRelevant.count} below the threshold; new terms: ${added.slice(0, 10).join(", ") || "none"}${thresholdNote}` +
    `${plan.isLiftDropped ? "; scored by its words alone from now on, without the field posterior's lift (it learned from judged pages)" : ""}; stored pages are being re-scored`;
  const updated = await sql.begin(async (tx) => {
    const rows = await tx`
      update jobs set topic_snapshot = ${tx.json(refined as never)}, page_threshold = ${newThreshold}, topic_revision = topic_revision + 1, updated_at = now()
      where id = ${jobId} and topic_revision = ${job.topicRevision} returning id`;
    if (rows.length === 0) return false;
    await tx`insert into job_topic_history (job_id, revision, topic_snapshot, page_threshold, reason)
      values (${jobId}, ${job.topicRevision}, ${tx.json(job.topicSnapshot as never)}, ${job.pageThreshold}, ${isAuto ? "adapted" : "refined"})`;
    await recordJobEvent(tx, jobId, isAuto ? "topic-adapted" : "topic-refined", message);
    return true;
  });
  if (!updated) return { ok: false, kind: "conflict", reason: "changed", message: "the job's topic changed while it was being refined: try again" };
  return { ok: true, ...plan, applied: true, thresholdApplied: newThreshold !== job.pageThreshold };
}

/**
 * The threshold the job's judged pages suggest: each fold's topic learns as the refinement does
 * (lib/topic/feedback-pages.ts, with the same unjudged pages to fill in), so no held-out judgment
 * shaped the topic that scores it.
 */
async function judgedThreshold(sql: Sql, jobId: number, job: { topicSnapshot: TopicVector; pageThreshold: number },
  unjudged: { pages: number; bestUnjudged: FeedbackPage[]; belowUnjudged: FeedbackPage[] }): Promise<JudgedThreshold | undefined> {
  const judged = await sql<JudgedPage[]>`
    select title, left(main_text, ${TEXT_CHARS}) as text, judgement = 'relevant' as "isRelevant" from pages
    where job_id = ${jobId} and duplicate_of is null and main_text <> '' and judgement in ('relevant', 'irrelevant')
    order by id limit ${MAX_JUDGED_PAGES}`;
  const below = new PageCentroid(job.topicSnapshot);
  for (const p of unjudged.belowUnjudged) below.add(p);
  const learn = judgedFoldLearner(job.topicSnapshot, { pages: unjudged.pages, bestUnjudged: unjudged.bestUnjudged, below });
  return chooseJudgedThreshold(judged, learn, { topic: job.topicSnapshot, threshold: job.pageThreshold });
}

/** An undo's answer: the revision the topic went back to. */
export type UndoResult = { ok: true; restoredRevision: number; threshold: number } | (Failure & { reason: RefineFailure });

/**
 * Put back the topic and threshold job `jobId` had before its latest learning that is not undone
 * yet (exactly as they were), as a new revision, so the stored pages are re-scored with it. A
 * job whose learning was undone never learns by itself again.
 */
export async function undoTopicRefinement(sql: Sql, jobId: number): Promise<UndoResult> {
  return sql.begin(async (tx): Promise<UndoResult> => {
    const [job] = await tx`select id from jobs where id = ${jobId} for update`;
    if (!job) return { ok: false, kind: "not-found", reason: "no-job", message: `job ${jobId} does not exist` };
    const [last] = await tx<{ id: number; revision: number; topicSnapshot: TopicVector; pageThreshold: number }[]>`
      select id, revision, topic_snapshot as "topicSnapshot", page_threshold as "pageThreshold" from job_topic_history
      where job_id = ${jobId} and undone_at is null order by id desc limit 1`;
    if (!last) return { ok: false, kind: "conflict", reason: "nothing-to-undo", message: "the job's topic has not learned anything to undo" };
    await tx`update jobs set topic_snapshot = ${tx.json(last.topicSnapshot as never)}, page_threshold = ${last.pageThreshold},
      topic_revision = topic_revision + 1, updated_at = now() where id = ${jobId}`;
    await tx`update job_topic_history set undone_at = now() where id = ${last.id}`;
    await recordJobEvent(tx, jobId, "topic-restored", `Topic learning undone: the topic of revision ${last.revision} and threshold ${last.pageThreshold} are back; stored pages are being re-scored`);
    return { ok: true, restoredRevision: last.revision, threshold: last.pageThreshold };
  });
}

/** Whether job `jobId` has a learning that can be undone. */
export async function canUndoTopicRefinement(sql: Sql, jobId: number): Promise<boolean> {
  const [row] = await sql`select 1 from job_topic_history where job_id = ${jobId} and undone_at is null limit 1`;
  return Boolean(row);
}

/**
 * Adapt the topics of running jobs that are due: the job has fetched its `adaptTopicAfter`
 * pages (0 = never), at least 3 of them pass its threshold, its topic has not learned yet
 * (neither by itself nor on request) and no stored page waits to be re-scored. When learning
 * is put off (too few content pages over the threshold, or the learned topic would let through
 * too much), the topic records it and the job tries again once it has fetched twice as many
 * pages, so a job tries a handful of times at most. Returns the jobs adapted.
 */
export async function adaptDueTopics(sql: Sql, log: (line: string) => void): Promise<number[]> {
  const due = await sql<{ id: number; revision: number; fetched: number }[]>`
    select j.id, j.topic_revision as revision, j.pages_fetched as fetched from jobs j
    where j.status = 'running' and j.topic_snapshot->'feedback' is null
      and coalesce((j.settings->>'adaptTopicAfter')::int, ${DEFAULT_ADAPT_TOPIC_AFTER}) > 0
      and j.pages_fetched >= greatest(coalesce((j.settings->>'adaptTopicAfter')::int, ${DEFAULT_ADAPT_TOPIC_AFTER}),
        coalesce((j.topic_snapshot->'adaptDeferred'->>'retryAtPages')::int, 0))
      and j.pages_relevant >= ${ADAPT_MIN_RELEVANT}
      and not exists (select 1 from pages p where p.job_id = j.id and p.topic_revision < j.topic_revision)
      and not exists (select 1 from job_topic_history h where h.job_id = j.id)`;
  const adapted: number[] = [];
  for (const { id, revision, fetched } of due) {
    const r = await refineJobTopic(sql, id, { isAuto: true });
    if (r.ok) adapted.push(id);
    else if (r.reason === "no-pages" || r.reason === "no-words" || r.reason === "unsafe") await deferAdaptation(sql, id, revision, fetched, r);
    else if (r.reason !== "changed") log(`adapting the topic of job ${id} failed: ${r.message}`);
  }
  return adapted;
}

/** Record in job `jobId`'s topic (if still at `revision`) that learning was put off until twice the `fetched` pages, and why. */
async function deferAdaptation(sql: Sql, jobId: number, revision: number, fetched: number, r: { reason: RefineFailure; message: string }) {
  const deferred: NonNullable<TopicVector["adaptDeferred"]> = { retryAtPages: 2 * fetched, reason: r.reason === "unsafe" ? "unsafe" : "few-pages" };
  await sql.begin(async (tx) => {
    const rows = await tx`
      update jobs set topic_snapshot = jsonb_set(topic_snapshot, '{adaptDeferred}', ${tx.json(deferred)}), updated_at = now()
      where id = ${jobId} and topic_revision = ${revision} returning id`;
    if (rows.length === 0) return;
    await recordJobEvent(tx, jobId, "topic-adapt-deferred", `Topic learning put off until ${deferred.retryAtPages} pages: ${r.message}`);
  });
}
