/**
 * Topic feedback (Rocchio): a topic learns the words its field really uses from pages that
 * belong to it, and unlearns the words every page uses from pages that do not. A topic built
 * from a CLC class knows the class's names (玉米, 小麦) but not how papers and pages of the
 * field are written (品种, 选育, 产量); its best pages do.
 *
 *   refined = L2( top K ( base + β · centroid(relevant) − γ · centroid(non-relevant) ) )
 *
 * `base` is the topic before any feedback; a centroid is the mean of pages' unit vectors, each
 * made exactly as the page filter makes it (title boost, (1 + ln tf) × idf); terms that end at
 * or below 0 are dropped; the topic's core terms (its class names' and keywords' words) keep at
 * least their base weight, and a learned term is a whole word, never one with its own pieces
 * (lib/topic/learned-terms.ts). The relevant pages are ones people judged relevant, then the
 * best-scoring content pages (pseudo-relevance feedback); the non-relevant ones are pages people
 * judged irrelevant and content pages below the job's threshold (lib/maintenance/refine.ts picks them).
 * Without the non-relevant part, the words of the genre (研究, 结果, 表明 in every abstract)
 * came in with the field's words. Feedback replaces earlier feedback rather than piling onto it,
 * so refining twice from the same pages gives the same topic. The person's negative terms never
 * enter.
 *
 * On the CSL abstracts (bench/RELEVANCE.md), learning from the 10 best-scoring abstracts over the
 * threshold and those below it raised CLC classes' mean ROC-AUC from 0.880 to 0.906, with no labels.
 */
import { isLearnableWord, selectLearnedTerms } from "./learned-terms";
import { exampleTerms, isRelevantAt, pageTerms, pageVector, scoreTerms, topicCoreTerms, topicScorer, type TopicScorer, type TopicVector } from "./topic";
import { normalize, type TermVector } from "./vector";

/** β and γ: chosen on the CSL abstracts; with them the default page threshold still fits a refined topic. */
export const RELEVANT_WEIGHT = 0.5;
export const NON_RELEVANT_WEIGHT = 0.5;
/** Relevant pages a refinement learns from by default. */
export const DEFAULT_FEEDBACK_PAGES = 10;
export const MAX_FEEDBACK_PAGES = 100;
/**
 * Pages that must pass the threshold before a job's topic learns by itself: a job that found
 * nothing on its topic does not learn from what it found instead. Low, because the classes with
 * few pages over the threshold gained most from learning (bench/RELEVANCE.md).
 */
export const ADAPT_MIN_RELEVANT = 3;
/** Non-relevant pages a refinement reads at most (their mean is all it needs). */
export const MAX_NON_RELEVANT_PAGES = 200;
/**
 * The most a topic that learned by itself may let through of the pages its old self turned
 * away (the counter-examples). On the CSL abstracts a learned topic lets through at most 4.6%
 * of them (the abstracts it newly finds); on the test web, topics that had learned list-page
 * words let through 9–41% (bench/RELEVANCE.md). Above this share the learning is put off.
 */
export const ADAPT_MAX_CROSSING = 0.05;

/** A page to learn from: its title and main text. */
export interface FeedbackPage { title: string; text: string }

/**
 * The running mean of pages' unit vectors, made as the page filter makes them; add pages one at
 * a time. With `keepTerms` it also keeps each page's segmented words, so that a refined topic
 * can score the same pages again without segmenting them twice (`shareAtOrAbove`).
 */
export class PageCentroid {
  private readonly scorer: TopicScorer;
  private readonly negative: Set<string>;
  private readonly sum: TermVector = new Map();
  private readonly kept?: { title: string[]; text: string[] }[];
  /** With `collectWords`, the whole words of the pages added (as a topic segments text: no search-mode fragments) and how many pages have each. */
  readonly words?: Map<string, number>;
  private readonly userDict: string[];
  /** Pages added so far. */
  count = 0;

  constructor(topic: TopicVector, opts: { keepTerms?: boolean; collectWords?: boolean } = {}) {
    this.scorer = topicScorer(topic);
    this.negative = new Set((topic.negative ?? []).map(([t]) => t));
    this.userDict = topic.userDict ?? [];
    if (opts.keepTerms) this.kept = [];
    if (opts.collectWords) this.words = new Map();
  }

  add(page: FeedbackPage): this {
    const title = pageTerms(this.scorer, page.title);
    const text = pageTerms(this.scorer, page.text);
    this.kept?.push({ title, text });
    if (this.words) for (const w of new Set(exampleTerms({ userDict: this.userDict }, `${page.title}\n${page.text}`))) this.words.set(w, (this.words.get(w) ?? 0) + 1);
    const v = normalize(pageVector(this.scorer, title, text));
    for (const [t, w] of v) if (!this.negative.has(t)) this.sum.set(t, (this.sum.get(t) ?? 0) + w);
    this.count++;
    return this;
  }

  /** A copy holding the same pages' sum (not their kept terms), to add more pages to without changing this one. */
  fork(): PageCentroid {
    const copy = Object.create(PageCentroid.prototype) as PageCentroid;
    Object.assign(copy, this, { sum: new Map(this.sum), kept: undefined, words: this.words && new Map(this.words) });
    return copy;
  }

  mean(): TermVector {
    return new Map([...this.sum].map(([t, w]) => [t, w / this.count]));
  }

  /**
   * The share of the added pages that `topic` scores at or above `threshold` (0 for none): for
   * counter-examples and a refined topic, how much of what the topic turned away it would now
   * let through. Needs `keepTerms`.
   */
  shareAtOrAbove(topic: TopicVector, threshold: number): number {
    if (!this.kept) throw new Error("PageCentroid: shareAtOrAbove needs { keepTerms: true }");
    if (this.kept.length === 0) return 0;
    const scorer = topicScorer(topic);
    return this.kept.filter((p) => isRelevantAt(scoreTerms(scorer, p.title, p.text).relevance, threshold)).length / this.kept.length;
  }
}

/**
 * The mean of the pages' unit vectors, made as the page filter makes them, less the terms a
 * topic may not learn: search mode's fragments (据库 of 数据库, 布式 of 分布式, 法是 across
 * 算法|是), filler (本文, 基于, 提出) and markup (`list`, and Latin tokens of fewer than 3 pages).
 * A learned term is a whole word of the pages that `isLearnableWord` admits
 * (lib/topic/learned-terms.ts), or a term the topic already has.
 */
export function feedbackCentroid(topic: TopicVector, pages: FeedbackPage[]): TermVector {
  const c = new PageCentroid(topic, { collectWords: true });
  for (const p of pages) c.add(p);
  const known = new Set((topic.baseTerms ?? topic.terms).map(([t]) => t));
  return new Map([...c.mean()].filter(([t]) => known.has(t) || isLearnableWord(t, c.words!.get(t) ?? 0)));
}

/** Where a refinement's pages came from, beyond the relevant ones passed in. */
export interface FeedbackOptions {
  /** How many of the relevant pages people judged relevant. */
  judged?: number;
  /** The non-relevant pages (counter-examples), added to a `PageCentroid` as they were read. */
  nonRelevant?: PageCentroid;
  /** Whether the crawler refined the topic by itself (the job's `adaptTopicAfter` setting). */
  isAuto?: boolean;
  /** How many of the non-relevant pages people judged irrelevant. */
  judgedIrrelevant?: number;
}

/**
 * The topic refined from `pages`, the relevant ones. Throws when no page has a word the page
 * filter counts.
 */
export function refineTopic(topic: TopicVector, pages: FeedbackPage[], opts: FeedbackOptions = {}): TopicVector {
  const centroid = feedbackCentroid(topic, pages);
  if (centroid.size === 0) throw new Error("the pages have no words to learn from (empty, or stop words only)");
  const base = new Map(topic.baseTerms ?? topic.terms);
  const sum = new Map(base);
  for (const [t, w] of centroid) sum.set(t, (sum.get(t) ?? 0) + RELEVANT_WEIGHT * w);
  const nonRelevant = opts.nonRelevant?.count ? opts.nonRelevant.mean() : new Map<string, number>();
  for (const [t, w] of nonRelevant) if (sum.has(t)) sum.set(t, sum.get(t)! - NON_RELEVANT_WEIGHT * w);
  const k = topic.definition?.topK ?? base.size;
  const kept = selectLearnedTerms(sum, base, topicCoreTerms(topic.definition), k);
  const terms = [...normalize(new Map(kept))];
  const added = terms.filter(([t]) => !base.has(t)).slice(0, 20).map(([t]) => t);
  const { adaptDeferred: _settled, fieldLift, ...rest } = topic;
  // A topic that learns from a person's judgments is scored by its words alone, without the field
  // posterior's lift (§1.3d): the judged pages say what the person counts as the field, and pages
  // judged irrelevant that the classifier places in it could not fall under the threshold with the lift on them (bench/RELEVANCE.md).
  const isJudged = (opts.judged ?? 0) + (opts.judgedIrrelevant ?? 0) > 0;
  return {
    ...rest, ...(fieldLift && !isJudged ? { fieldLift } : {}), terms, baseTerms: [...base],
    feedback: { pages: pages.length, judged: opts.judged ?? 0, nonRelevant: opts.nonRelevant?.count ?? 0, added, ...(opts.isAuto ? { isAuto: true } : {}) },
  };
}
