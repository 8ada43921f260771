/**
 * A page threshold suggested from a topic's own example texts and pages: each example is scored
 * against the topic built without it (leave-one-out, so no example is judged by a vector it is
 * part of), and the threshold is a share of a low quantile of those scores: pages about as close
 * to the topic as the examples pass, with room for pages less typical than hand-picked ones.
 * The rule's two numbers were chosen on real paper abstracts (bench/threshold-suggestion.ts,
 * bench/RELEVANCE.md).
 */
import { classesThreshold } from "./knowledge/knowledge";
import { buildTopicParts, examplesPart, exampleTerms, scorePage, topicFromParts, topicScorer, TopicError, type TopicDefinition } from "./topic";

/** Examples needed before a threshold is suggested: with fewer, one odd text decides it. */
export const MIN_EXAMPLES_FOR_THRESHOLD = 3;

/** At most this many examples are each left out in turn (the first ones), so a preview stays quick. */
export const MAX_LEFT_OUT = 20;

/** The suggestion rule: `share` × the `quantile` of the leave-one-out scores. */
export interface ThresholdRule { quantile: number; share: number }
export const THRESHOLD_RULE: ThresholdRule = { quantile: 0.25, share: 1.6 };

/** Suggested thresholds stay within these bounds (two decimals of precision are shown). */
const MIN_SUGGESTED = 0.01;
const MAX_SUGGESTED = 0.5;

/** The `q` quantile of `xs` (linear interpolation between ranks). */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

/**
 * Each example's relevance to the topic built without it: the example texts first, then the
 * example pages' texts (the first MAX_LEFT_OUT of them). The other parts are built once; only the examples' part is rebuilt for
 * each one left out. An example whose removal leaves no topic at all scores 0.
 */
export function leaveOneOutScores(definition: TopicDefinition, exampleUrlTexts: string[] = []): number[] {
  const parts = buildTopicParts({ ...definition, exampleTexts: [] }, []).filter((p) => p.kind !== "example" && p.kind !== "url");
  const texts = [...definition.exampleTexts, ...exampleUrlTexts];
  const termsOf = texts.map((x) => exampleTerms(definition, x));
  const isPage = (i: number) => i >= definition.exampleTexts.length;
  return texts.slice(0, MAX_LEFT_OUT).map((text, i) => {
    const others = (page: boolean) => termsOf.filter((_, j) => j !== i && isPage(j) === page);
    try {
      const topic = topicFromParts(definition, [...parts,
        { kind: "example", vector: examplesPart(others(false)) }, { kind: "url", vector: examplesPart(others(true)) }]);
      return scorePage(topicScorer(topic), "", text).relevance;
    } catch (err) {
      if (err instanceof TopicError) return 0;
      throw err;
    }
  });
}

/**
 * A suggested threshold with what it came from: with MIN_EXAMPLES_FOR_THRESHOLD examples or
 * more, their leave-one-out scores; with fewer, a topic of CLC classes with their field
 * vocabulary and no example takes its classes' own threshold (lib/topic/knowledge/), chosen on
 * labelled abstracts; otherwise null.
 */
export function suggestThreshold(definition: TopicDefinition, exampleUrlTexts: string[] = [], rule: ThresholdRule = THRESHOLD_RULE):
  { threshold: number; scores: number[]; basis: "examples" | "classes" } | null {
  if (definition.exampleTexts.length + exampleUrlTexts.length < MIN_EXAMPLES_FOR_THRESHOLD) {
    const isClassTopic = definition.clc.length > 0 && definition.classKnowledge !== false && definition.exampleTexts.length + exampleUrlTexts.length === 0;
    const fromClasses = isClassTopic ? classesThreshold(definition.clc) : undefined;
    return fromClasses === undefined ? null : { threshold: fromClasses, scores: [], basis: "classes" };
  }
  const scores = leaveOneOutScores(definition, exampleUrlTexts);
  const raw = rule.share * quantile(scores, rule.quantile);
  return { threshold: +Math.min(MAX_SUGGESTED, Math.max(MIN_SUGGESTED, raw)).toFixed(4), scores, basis: "examples" };
}
