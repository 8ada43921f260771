/**
 * Topics (docs/ALGORITHMS.md §1, seed 004 §3.7): a TF-IDF vector built from CLC classes, weighted
 * keywords, example texts and example pages, trimmed to the top K terms and L2-normalised;
 * pages are scored by cosine against it, with an explanation of the terms that made the score.
 */
import { z } from "zod";
import { clcSpecificity } from "./clc/specificity";
import { clcDescendants, getClcNode, searchClc } from "./clc/tree";
import { contrastClasses, knowledgeEdition } from "./knowledge/knowledge";
import { knowledgePart } from "./knowledge-part";
import { bestRival, fieldRivalIndex, rivalFactor, type FieldRivals } from "./field-rivals";
import { fieldLift } from "./field-lift";
import { fieldPosteriorOf, topicPosterior, type FieldPosterior } from "./field-posterior";
import { idf } from "./idf";
import { isStopWord } from "./stop-words";
import { subwordsOf } from "./subwords";
import { tokenize } from "./tokenize";
import { cosineExplained, norm, normalize, type TermVector } from "./vector";

/**
 * Load the segmenter's dictionary and the IDF table now (about 1.3 s of CPU, once per process)
 * rather than inside the first page's scoring: a worker that did it with leases in hand
 * stalled its event loop, heartbeats included, for seconds on a busy machine. The word
 * frequencies that building a topic needs (lib/topic/subwords.ts, ~46 MB) are not loaded here:
 * workers score pages and never build topics.
 */
export function warmUpTextPipeline(): void {
  segment("预热", new Set());
  idf("预热");
}

/** Page text is segmented in search mode with the topic's own dictionary. */
function segment(text: string, userTerms: ReadonlySet<string>): string[] {
  return tokenize(text, { userTerms, isSearchMode: true });
}

/**
 * Topic text is segmented like page text, less search mode's sub-word fragments: each word
 * with the real words inside it (计算机 → 计算机, 计算; never 算机), so a topic's terms are
 * words a person recognises and every one of them still matches the pages' search-mode terms.
 */
function segmentTopicText(text: string, userTerms: ReadonlySet<string>): string[] {
  return tokenize(text, { userTerms }).flatMap((w) => [...subwordsOf(w).filter((s) => !isStopWord(s)), w]);
}

/**
 * Terms a topic keeps. A CLC class's subtree names hold thousands of words; keeping 1,000 of
 * them rather than 200 raised mean ROC-AUC on the CSL abstracts from 0.857 to 0.880 at the same
 * best threshold and F1, and scoring speed hardly changes (a page's words are looked up in the
 * topic, not the other way round). A news class's knowledge alone holds 1,600–3,000 words, the
 * rarer names last, and those are what give a headline a score: 3,000 rather than 1,000 raised the
 * THUCNews headlines' mean ROC-AUC 0.772 → 0.805 with the abstracts and the web unchanged
 * (bench/RELEVANCE.md, "The topic's term cap").
 */
export const DEFAULT_TOP_K = 3000;
export const DEFAULT_TITLE_BOOST = 3;
export const MAX_EXAMPLE_TEXT_CHARS = 200_000;
/**
 * Descendant class names weigh 0.8^distance: nearer levels say more about the class, but the
 * deep levels carry most of the vocabulary (0.8 over the whole subtree beat 0.5 down to depth 4
 * on the CSL abstracts, mean ROC-AUC 0.826 vs 0.817; bench/RELEVANCE.md).
 */
const CLC_LEVEL_DECAY = 0.8;
const CLC_MAX_DEPTH = 12;

/**
 * A list of short entries (a class code or name, a negative word, a dictionary term, a URL) given
 * as an array or one separated string, each at most `maxChars` and at most `maxItems` of them: an
 * unbounded list reached the database as an 8 MB user dictionary (past the transaction timeout)
 * and a 60,000-character class name became a pattern too large to compile.
 */
const stringList = (field: string, maxItems: number, maxChars: number, noun: string) => z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[,，、;；\n]/) : v ?? []),
  z.array(z.string()).transform((l) => l.map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(maxChars, `${field}: each entry must be at most ${maxChars} characters`)).max(maxItems, `${field}: at most ${maxItems} ${noun}`)),
);
/** Longest CLC code or class name a topic names (the longest name in the tree has 68 characters, the longest code 14). */
const MAX_CLC_ENTRY_CHARS = 100;
/** Most terms a user dictionary holds; each is a word or phrase. */
export const MAX_USER_DICT_TERMS = 2000;

const keywordList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[,，、;；\n]/).map((term) => ({ term })) : Array.isArray(v)
    ? v.map((k) => (typeof k === "string" ? { term: k } : k)) : v ?? []),
  z.array(z.object({
    term: z.string().trim().min(1, "keywords: a keyword is empty").max(100, "keywords: each keyword must be at most 100 characters"),
    weight: z.number({ error: "keywords: a weight must be a number" }).min(0.01, "keywords: weights must be between 0.01 and 100").max(100, "keywords: weights must be between 0.01 and 100").default(1),
  })).max(500, "keywords: at most 500 keywords"),
);

/** What a person gives to define a topic; every part optional, but the vector must not end up empty. */
export const TopicDefinitionSchema = z.object({
  // NFKC: a code typed in full width (ＴＰ３) is TP3.
  clc: stringList("clc", 50, MAX_CLC_ENTRY_CHARS, "classes").transform((l) => l.map((c) => c.normalize("NFKC"))),
  keywords: keywordList,
  negative: stringList("negative", 500, 100, "terms"),
  exampleTexts: z.array(z.string().max(MAX_EXAMPLE_TEXT_CHARS, `exampleTexts: each example text must be at most ${MAX_EXAMPLE_TEXT_CHARS} characters`)).max(50, "exampleTexts: at most 50 texts").default([]),
  exampleUrls: stringList("exampleUrls", 20, 2048, "URLs"),
  userDict: stringList("userDict", MAX_USER_DICT_TERMS, 100, "terms"),
  /** Hand-tuned terms from the preview: the built weight is multiplied by `weight`; 0 removes the term. */
  termWeights: z.array(z.object({
    term: z.string().trim().min(1, "termWeights: a term is empty").max(100, "termWeights: each term must be at most 100 characters"),
    weight: z.number({ error: "termWeights: a weight must be a number" }).min(0, "termWeights: weights must be between 0 and 10").max(10, "termWeights: weights must be between 0 and 10"),
  })).max(2000, "termWeights: at most 2000 terms").default([]),
  topK: z.number().int().min(10, "topK must be between 10 and 5000").max(5000, "topK must be between 10 and 5000").default(DEFAULT_TOP_K),
  titleBoost: z.number().min(1, "titleBoost must be between 1 and 20").max(20, "titleBoost must be between 1 and 20").default(DEFAULT_TITLE_BOOST),
  /** Whether the classes bring their field vocabulary (lib/topic/knowledge/), not only their names; on unless turned off. */
  classKnowledge: z.boolean({ error: "classKnowledge must be true or false" }).default(true),
  /** Whether pages that read more like other classes' fields score lower (the class contrast, §1.3b); on unless turned off. */
  classContrast: z.boolean({ error: "classContrast must be true or false" }).default(true),
});

/** A validated topic definition. */
export type TopicDefinition = z.output<typeof TopicDefinitionSchema>;

/** A built topic: plain JSON, stored with topics and snapshotted into jobs. */
export interface TopicVector {
  kind: "vsm";
  terms: [string, number][];
  negative: [string, number][];
  /**
   * The class contrast (docs/ALGORITHMS.md §1.3b): CONTRAST_WEIGHT × the mean of the other broad
   * classes' unit vectors; a page loses its dot product with it over its own norm. Absent for
   * topics without classes (and in snapshots from before it).
   */
  contrast?: [string, number][];
  /**
   * Whether scores are weighed against the page's best other field (docs/ALGORITHMS.md §1.3c,
   * `field-rivals.ts`): set for class topics with the knowledge and the contrast on; absent in
   * snapshots from before it, which score as they did.
   */
  fieldRivals?: true;
  /**
   * How scores are weighed by the page's field posterior (docs/ALGORITHMS.md §1.3d,
   * `field-posterior.ts` for the posterior, `field-lift.ts` for the weight), set with `fieldRivals`:
   * "by-length", the posterior counting more the fewer terms a page has; `true` in snapshots of the
   * flat lift before it, absent in snapshots from before any lift, which score as they did.
   */
  fieldLift?: true | "by-length";
  userDict: string[];
  titleBoost: number;
  definition: TopicDefinition;
  /** Set once the topic learned from pages (lib/topic/feedback.ts): the terms before it did. */
  baseTerms?: [string, number][];
  /** Where the feedback came from. */
  feedback?: { pages: number; judged: number; nonRelevant?: number; added: string[]; isAuto?: boolean };
  /**
   * Set when the job tried to learn by itself and put it off (lib/maintenance/refine.ts): the fetched
   * pages at which it tries again (twice as many as it had) and why: too few content pages over
   * the threshold, or the learned topic let through too many of the pages it had turned away.
   */
  adaptDeferred?: { retryAtPages: number; reason: "few-pages" | "unsafe" };
}

/**
 * The words a person used to define a topic (CLC codes, then keywords), for display. Also reads
 * the keyword-only snapshots that jobs stored before topics had definitions.
 */
export function topicLabelWords(snapshot: unknown): string[] {
  const t = snapshot as { definition?: Partial<TopicDefinition>; keywords?: unknown };
  if (t?.definition) return [...(t.definition.clc ?? []), ...(t.definition.keywords ?? []).map((k) => k.term)];
  return Array.isArray(t?.keywords) ? t.keywords.filter((k): k is string => typeof k === "string") : [];
}

/** The keywords of a topic snapshot without its CLC codes (which the job page names as classes apart). */
export function topicKeywordWords(snapshot: unknown): string[] {
  const t = snapshot as { definition?: Partial<TopicDefinition>; keywords?: unknown };
  if (t?.definition) return (t.definition.keywords ?? []).map((k) => k.term);
  return topicLabelWords(snapshot);
}

/** A topic definition that cannot be built; `field` names the part to fix. */
export class TopicError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/**
 * Weight of a CLC-derived term: mass × √idf × specificity^1.5. Tuned on the CSL abstracts
 * (bench/RELEVANCE.md): plain mass × idf let rare words of deep subclasses dominate.
 */
const CLC_SPECIFICITY_POWER = 1.5;

/** An unknown class code: the classes a name or pinyin initials may have meant, or where to look. */
function unknownClassMessage(code: string): string {
  const guesses = /^[a-z]{1,2}[0-9.\-+/]*$/i.test(code.trim()) ? [] : searchClc(code, { limit: 3 });
  if (guesses.length === 0) return `clc: unknown class "${code}"; search the tree for its code (e.g. TP3, F8, R2)`;
  return `clc: "${code}" is not a class code; it may be ${guesses.map((g) => `${g.code} ${g.name}`).join(" or ")}: write the code, or pick the class in the topic wizard`;
}

/** The message of each code in `codes` that names no class, in order (empty when all are known). */
export function describeUnknownClasses(codes: readonly string[]): string[] {
  return codes.filter((code) => !getClcNode(code)).map(unknownClassMessage);
}

/** The CLC part: each class's name, its descendants' names weighing less the further down they are. */
function clcPart(codes: string[], userTerms: ReadonlySet<string>): { vector: TermVector; classOf: Map<string, string> } {
  const mass: TermVector = new Map();
  const best = new Map<string, { code: string; mass: number }>();
  for (const code of codes) {
    const node = getClcNode(code);
    if (!node) throw new TopicError("clc", unknownClassMessage(code));
    const v: TermVector = new Map();
    for (const t of segmentTopicText(node.name, userTerms)) v.set(t, (v.get(t) ?? 0) + 1);
    for (const { node: d, depth } of clcDescendants(code, CLC_MAX_DEPTH)) {
      for (const t of segmentTopicText(d.name, userTerms)) v.set(t, (v.get(t) ?? 0) + CLC_LEVEL_DECAY ** depth);
    }
    for (const [t, w] of v) {
      mass.set(t, (mass.get(t) ?? 0) + w);
      if (w > (best.get(t)?.mass ?? 0)) best.set(t, { code: node.code, mass: w });
    }
  }
  const vector = normalize(new Map([...mass].map(([t, m]) => [t, m * Math.sqrt(idf(t)) * clcSpecificity(t) ** CLC_SPECIFICITY_POWER])));
  return { vector, classOf: new Map([...best].map(([t, b]) => [t, b.code])) };
}

/** A text part (keywords, example texts, example pages): term mass × idf, unit length. */
function textPart(weightedTerms: Iterable<[string, number]>): TermVector {
  const mass: TermVector = new Map();
  for (const [t, w] of weightedTerms) mass.set(t, (mass.get(t) ?? 0) + w);
  return normalize(new Map([...mass].map(([t, m]) => [t, m * idf(t)])));
}

/** Where a topic's terms come from: the CLC classes, the keywords, the example texts, the example pages. */
export type TopicSourceKind = "clc" | "knowledge" | "keyword" | "example" | "url";

/** One part of a topic, a unit vector; `classOf` names the class each CLC term came from most. */
export interface TopicPart { kind: TopicSourceKind; vector: TermVector; classOf?: Map<string, string> }

/** The parts a definition is built from (no I/O: `exampleUrlTexts` are the example pages' texts). */
export function buildTopicParts(definition: TopicDefinition, exampleUrlTexts: string[] = []): TopicPart[] {
  const userTerms = new Set(definition.userDict.map((t) => t.toLowerCase()));
  const clc = clcPart(definition.clc, userTerms);
  const knowledge = definition.classKnowledge === false ? { vector: new Map(), classOf: new Map() } : knowledgePart(definition.clc);
  return [
    { kind: "clc", vector: clc.vector, classOf: clc.classOf },
    { kind: "knowledge", vector: knowledge.vector, classOf: knowledge.classOf },
    { kind: "keyword", vector: textPart(definition.keywords.flatMap((k) => [...new Set(segmentTopicText(k.term, userTerms))].map((t) => [t, k.weight] as [string, number]))) },
    { kind: "example", vector: examplesPart(definition.exampleTexts.map((x) => exampleTerms(definition, x))) },
    { kind: "url", vector: examplesPart(exampleUrlTexts.map((x) => exampleTerms(definition, x))) },
  ];
}

/** An example text's terms as a topic counts them (the definition's user dictionary kept whole). */
export function exampleTerms(definition: Pick<TopicDefinition, "userDict">, text: string): string[] {
  return segmentTopicText(text, new Set(definition.userDict.map((t) => t.toLowerCase())));
}

/**
 * A topic's core terms: the words of its CLC classes' own names (机器学习 → 机器, 学习, 机器学习)
 * and of its keywords, as the topic segmented them. Learning never drops them (lib/topic/learned-terms.ts).
 * A snapshot without a definition (older keyword topics) has none.
 */
export function topicCoreTerms(definition: Partial<Pick<TopicDefinition, "clc" | "keywords" | "userDict">> | undefined): Set<string> {
  if (!definition) return new Set();
  const userTerms = new Set((definition.userDict ?? []).map((t) => t.toLowerCase()));
  const names = (definition.clc ?? []).flatMap((code) => getClcNode(code)?.name ?? []);
  return new Set([...names, ...(definition.keywords ?? []).map((k) => k.term)].flatMap((text) => segmentTopicText(text, userTerms)));
}

/** The part of a topic that example texts (or example pages) make, from each one's `exampleTerms`. */
export function examplesPart(termsOfEach: string[][]): TermVector {
  return textPart(termsOfEach.flat().map((t) => [t, 1] as [string, number]));
}

/**
 * Build a topic vector: each given part (CLC classes, keywords, example texts, example pages)
 * is a unit vector and they are summed, so each part counts equally; then negative terms are
 * removed, hand-tuned weights applied, the top K terms kept and the result L2-normalised.
 * `exampleUrlTexts` are the main texts of the example URLs, fetched by the caller through the
 * crawler pipeline (no I/O here).
 */
export function buildTopic(definition: TopicDefinition, exampleUrlTexts: string[] = []): TopicVector {
  return topicFromParts(definition, buildTopicParts(definition, exampleUrlTexts));
}

/** `buildTopic` from parts already built (e.g. the same parts with one example left out). */
export function topicFromParts(definition: TopicDefinition, parts: TopicPart[]): TopicVector {
  const userTerms = new Set(definition.userDict.map((t) => t.toLowerCase()));
  const sum: TermVector = new Map();
  for (const part of parts) for (const [t, w] of part.vector) sum.set(t, (sum.get(t) ?? 0) + w);

  const negativeTerms = new Set(definition.negative.flatMap((n) => segmentTopicText(n, userTerms)));
  const tuned = new Map((definition.termWeights ?? []).map((x) => [x.term.toLowerCase(), x.weight]));
  const kept = [...sum].filter(([t]) => !negativeTerms.has(t) && tuned.get(t) !== 0)
    .map(([t, w]): [string, number] => [t, w * (tuned.get(t) ?? 1)])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const terms = [...normalize(new Map(kept.slice(0, definition.topK)))];
  if (terms.length === 0) {
    throw new TopicError("keywords", "the topic has no terms: give a CLC class, keywords or example texts with words that name the subject (stop words and punctuation do not count)");
  }
  const negative = [...normalize(new Map([...negativeTerms].map((t) => [t, idf(t)])))];
  const isContrasted = definition.classKnowledge !== false && definition.classContrast !== false;
  const contrast = isContrasted ? contrastPart(definition.clc) : [];
  const fieldRivals = isContrasted && definition.clc.length > 0;
  return { kind: "vsm", terms, negative, ...(contrast.length ? { contrast } : {}), ...(fieldRivals ? { fieldRivals: true as const, fieldLift: "by-length" as const } : {}), userDict: [...userTerms], titleBoost: definition.titleBoost, definition };
}

/**
 * The page filter's one rule: a page is relevant when its relevance reaches the threshold
 * (>=, docs/ALGORITHMS.md §1). Every place that decides relevance calls this (the crawl, re-scoring,
 * learning, `focuscrawl score`, the relevance bench); SQL that selects pages by relevance
 * (lib/maintenance/refine.ts) states the same comparison.
 */
export function isRelevantAt(relevance: number, threshold: number): boolean {
  return relevance >= threshold;
}

/**
 * Relevance of a page in [0, 1], the topic terms that made it (largest share first) and, for a
 * class topic, the field it was weighed against (§1.3c): the score before, the best rival's
 * cosine and the factor.
 */
export interface PageScore { relevance: number; terms: { term: string; share: number }[]; field?: FieldWeighing }

/** What a page stores as its score's explanation: the terms and, for a class topic, the weighing. */
export function pageExplanation(score: Pick<PageScore, "terms" | "field">): { terms: PageScore["terms"]; field?: FieldWeighing } {
  const f = score.field;
  const r4 = (x: number) => +x.toFixed(4);
  const lift = f?.posterior !== undefined ? { posterior: r4(f.posterior), lift: r4(f.lift ?? 1), ...(f.words !== undefined ? { words: f.words } : {}) } : {};
  return { terms: score.terms, ...(f ? { field: { before: r4(f.before), rival: f.rival, rivalCosine: r4(f.rivalCosine), factor: r4(f.factor), ...lift } } : {}) };
}

/**
 * How a class topic's score was weighed against the page's best other field (§1.3c) and, for
 * topics built with it, weighed by the page's field posterior (§1.3d): relevance = before × factor × lift,
 * with `words` the page's length the rule by length read (absent under the flat lift).
 */
export interface FieldWeighing { before: number; rival: string | null; rivalCosine: number; factor: number; posterior?: number; lift?: number; words?: number }

/** Scoring state derived once per topic (not per page). */
export interface TopicScorer {
  topic: Map<string, number>; negative: Map<string, number>; contrast: Map<string, number>; rivals?: FieldRivals; posterior?: FieldPosterior;
  /** Whether the posterior's weight follows the page's length (§1.3d) rather than the flat lift of older snapshots. */
  isLiftByLength?: boolean;
  userTerms: Set<string>; titleBoost: number;
}

/**
 * A scorer as it crosses to another thread: without the rival index (every class's words) and the
 * posterior's model, which the receiving thread builds once and shares between all its topics,
 * rather than holding a copy per topic (`scorerFromThread`).
 */
export type ThreadScorer = Omit<TopicScorer, "rivals" | "posterior"> & { rivalTopicCodes?: readonly string[]; posteriorTopicCodes?: readonly string[] };

/** The form of `scorer` sent to an analysis thread. */
export function scorerForThread(scorer: TopicScorer): ThreadScorer {
  const { rivals, posterior, ...rest } = scorer;
  return { ...rest, ...(rivals ? { rivalTopicCodes: rivals.topicCodes } : {}), ...(posterior ? { posteriorTopicCodes: posterior.topicCodes } : {}) };
}

/** A scorer received from another thread, its rivals and posterior found again in this thread's own indexes. */
export function scorerFromThread(sent: ThreadScorer): TopicScorer {
  const { rivalTopicCodes, posteriorTopicCodes, ...rest } = sent;
  return {
    ...rest,
    ...(rivalTopicCodes ? { rivals: fieldRivalIndex(rivalTopicCodes) } : {}),
    ...(posteriorTopicCodes ? { posterior: fieldPosteriorOf(posteriorTopicCodes) } : {}),
  };
}

/** Prepare a topic (or an older keyword snapshot) for scoring many pages. */
export function topicScorer(t: Pick<TopicVector, "terms"> & Partial<TopicVector>): TopicScorer {
  return {
    topic: new Map(t.terms),
    negative: new Map(t.negative ?? []),
    contrast: new Map(t.contrast ?? []),
    rivals: t.fieldRivals && t.definition ? fieldRivalIndex(t.definition.clc) : undefined,
    posterior: t.fieldLift && t.definition ? fieldPosteriorOf(t.definition.clc) : undefined,
    isLiftByLength: t.fieldLift === "by-length",
    userTerms: new Set(t.userDict ?? []),
    titleBoost: t.titleBoost ?? DEFAULT_TITLE_BOOST,
  };
}

/**
 * The page's term vector: (1 + ln tf) × idf, title terms counted `titleBoost` times. Damped,
 * IDF-weighted page vectors beat raw term frequencies on the CSL abstracts (mean ROC-AUC
 * 0.851 vs 0.839): generic words (研究, 方法) stop inflating every page's norm.
 */
export function pageVector(scorer: TopicScorer, titleTerms: string[], textTerms: string[]): TermVector {
  const tf: TermVector = new Map();
  for (const t of textTerms) tf.set(t, (tf.get(t) ?? 0) + 1);
  for (const t of titleTerms) tf.set(t, (tf.get(t) ?? 0) + scorer.titleBoost);
  for (const [t, n] of tf) tf.set(t, (1 + Math.log(n)) * idf(t));
  return tf;
}

/** A text segmented as the scorer segments pages (search mode, the topic's dictionary). */
export function pageTerms(scorer: TopicScorer, text: string): string[] {
  return segment(text, scorer.userTerms);
}

/**
 * Cosine between the topic and the page vector, less the page's cosine with the negative terms
 * and its class contrast, floored at 0; for a class topic, weighed against the page's best other
 * field (§1.3c) and lifted by its field posterior (§1.3d).
 */
export function scorePage(scorer: TopicScorer, title: string, text: string): PageScore {
  return scoreTerms(scorer, pageTerms(scorer, title), pageTerms(scorer, text));
}

/** `scorePage` on texts already segmented with `pageTerms` (the crawler reuses them for SimHash). */
export function scoreTerms(scorer: TopicScorer, titleTerms: string[], textTerms: string[]): PageScore {
  const page = pageVector(scorer, titleTerms, textTerms);
  const { before, terms } = unweighedScore(scorer, page, 8);
  if ((!scorer.rivals && !scorer.posterior) || before === 0) return { relevance: before, terms };
  const rival = scorer.rivals ? bestRival(scorer.rivals, page, norm(page)) : undefined;
  const factor = scorer.rivals ? rivalFactor(before, rival?.cosine ?? 0) : 1;
  const posterior = scorer.posterior ? topicPosterior(scorer.posterior, titleTerms, textTerms) : undefined;
  const words = scorer.isLiftByLength ? titleTerms.length + textTerms.length : undefined;
  const lift = posterior === undefined ? 1 : fieldLift(posterior, words);
  return {
    relevance: Math.min(1, before * factor * lift), terms,
    field: { before, rival: rival?.code ?? null, rivalCosine: rival?.cosine ?? 0, factor, ...(posterior === undefined ? {} : { posterior, lift, ...(words === undefined ? {} : { words }) }) },
  };
}

/**
 * A link's score from its anchor and URL words: the topic's cosine, penalties and contrast as for
 * a page, without the field rivals (link priorities were measured without them; bench/LAB.md).
 */
export function scoreLinkTerms(scorer: TopicScorer, anchorTerms: string[], urlTerms: string[]): number {
  return unweighedScore(scorer, pageVector(scorer, anchorTerms, urlTerms), 0).before;
}

/** The cosine less the negatives and the contrast, floored at 0, with its `topN` terms. */
function unweighedScore(scorer: TopicScorer, page: TermVector, topN: number): { before: number; terms: PageScore["terms"] } {
  const { score, terms } = cosineExplained(scorer.topic, page, topN);
  const penalty = scorer.negative.size ? cosineExplained(scorer.negative, page, 0).score : 0;
  return { before: Math.max(0, score - penalty - contrastPenalty(scorer.contrast, page)), terms };
}

/**
 * How much the other classes' fields weigh against a class topic (§1.3b). Chosen on the
 * knowledge's own abstracts (bench/RELEVANCE.md); 1 is Rocchio's plain difference of centroids.
 */
export const CONTRAST_WEIGHT = 1;
/** Terms kept of the contrast vector (its smallest weights change no score at 4 decimals). */
const CONTRAST_TERMS = 2000;
const classVectors = new Map<string, TermVector>();
let classVectorsEdition = -1;

/** A broad class's own topic vector (class alone, no contrast), built once per knowledge edition. */
function classVector(code: string): TermVector {
  if (classVectorsEdition !== knowledgeEdition()) {
    classVectors.clear();
    classVectorsEdition = knowledgeEdition();
  }
  let v = classVectors.get(code);
  if (!v) {
    const def = TopicDefinitionSchema.parse({ clc: [code], classContrast: false });
    v = new Map(topicFromParts(def, buildTopicParts(def)).terms);
    classVectors.set(code, v);
  }
  return v;
}

/** The contrast vector of a topic on classes `codes`: CONTRAST_WEIGHT × mean of `contrastClasses`' vectors. */
function contrastPart(codes: readonly string[]): [string, number][] {
  if (codes.length === 0) return [];
  const others = contrastClasses(codes);
  const sum: TermVector = new Map();
  for (const code of others) for (const [t, w] of classVector(code)) sum.set(t, (sum.get(t) ?? 0) + w);
  return [...sum].map(([t, w]): [string, number] => [t, +((w * CONTRAST_WEIGHT) / others.length).toPrecision(4)])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CONTRAST_TERMS);
}

/** A page's dot product with the contrast vector over the page's norm (0 without one). */
function contrastPenalty(contrast: Map<string, number>, page: TermVector): number {
  if (contrast.size === 0) return 0;
  let dot = 0;
  for (const [t, w] of page) dot += w * (contrast.get(t) ?? 0);
  const n = norm(page);
  return n ? dot / n : 0;
}
