/**
 * Topic feedback (Rocchio): a topic learns the words its field really uses from pages that
 * belong to it. A topic built from a CLC class knows the class's names (玉米, 小麦) but not how
 * papers and pages of the field are written (品种, 选育, 产量); its best pages do.
 *
 *   refined = L2( top K ( base + β · centroid ) )
 *
 * `base` is the topic before any feedback and `centroid` the mean of the pages' unit vectors,
 * each page vector made exactly as the page filter makes it (title boost, (1 + ln tf) × idf).
 * Feedback replaces earlier feedback rather than piling onto it, so refining twice from the
 * same pages gives the same topic. The person's negative terms never enter.
 *
 * The pages may be ones people judged relevant (relevance feedback) or simply the best-scoring
 * ones (pseudo-relevance feedback). On the CSL abstracts, feedback from the 10 best-scoring
 * abstracts raised a CLC class's mean ROC-AUC from 0.857 to 0.887, with no labels
 * (bench/RELEVANCE.md).
 */
import { pageTerms, pageVector, topicScorer, type TopicVector } from "./topic";
import { normalize, type TermVector } from "./vector";

/** β: the pages' centroid weighs as much as the topic it refines (best on the CSL abstracts). */
export const FEEDBACK_WEIGHT = 1;
/** Pages a refinement learns from by default. */
export const DEFAULT_FEEDBACK_PAGES = 10;
export const MAX_FEEDBACK_PAGES = 100;

/** A page to learn from: its title and main text. */
export interface FeedbackPage { title: string; text: string }

/** The mean of the pages' unit vectors, made as the page filter makes them. */
export function feedbackCentroid(topic: TopicVector, pages: FeedbackPage[]): TermVector {
  const scorer = topicScorer(topic);
  const negative = new Set((topic.negative ?? []).map(([t]) => t));
  const centroid: TermVector = new Map();
  for (const p of pages) {
    const v = normalize(pageVector(scorer, pageTerms(scorer, p.title), pageTerms(scorer, p.text)));
    for (const [t, w] of v) if (!negative.has(t)) centroid.set(t, (centroid.get(t) ?? 0) + w / pages.length);
  }
  return centroid;
}

/**
 * The topic refined from `pages` (`judged` of them judged relevant by people). Throws when no
 * page has a word the page filter counts.
 */
export function refineTopic(topic: TopicVector, pages: FeedbackPage[], judged = 0): TopicVector {
  const centroid = feedbackCentroid(topic, pages);
  if (centroid.size === 0) throw new Error("the pages have no words to learn from (empty, or stop words only)");
  const base = new Map(topic.baseTerms ?? topic.terms);
  const sum = new Map(base);
  for (const [t, w] of centroid) sum.set(t, (sum.get(t) ?? 0) + FEEDBACK_WEIGHT * w);
  const k = topic.definition?.topK ?? base.size;
  const kept = [...sum].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, k);
  const terms = [...normalize(new Map(kept))];
  const added = terms.filter(([t]) => !base.has(t)).slice(0, 20).map(([t]) => t);
  return { ...topic, terms, baseTerms: [...base], feedback: { pages: pages.length, judged, added } };
}
