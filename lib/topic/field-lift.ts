/**
 * How a class topic's score is weighed by the page's field posterior π (docs/ALGORITHMS.md §1.3d,
 * `field-posterior.ts` computes π): the rule by length, and the flat lift of older snapshots. Kept
 * apart from the classifier so that the pages showing a score's explanation need only these numbers.
 *
 *     weight = FIELD_LIFT_FLOOR + λ(n) × π,   λ(n) = FIELD_LIFT_LONG + FIELD_LIFT_SHORT / (n + FIELD_LIFT_WORDS)
 *
 * The numbers are those of the snapshot tag "by-length": a retune needs a new tag, so that stored
 * topics keep scoring as they did.
 */

/** The flat lift of topics built before the rule by length: 1 + FIELD_LIFT × posterior. */
export const FIELD_LIFT = 2;

/**
 * The rule by length, its four numbers chosen on abstracts, headlines and realistic web pages
 * together and checked on held-out halves (bench/field-lift.ts, bench/RELEVANCE.md): what a page
 * surely of another field keeps of its score…
 */
export const FIELD_LIFT_FLOOR = 0.75;
/** …the posterior's weight on a very long page… */
export const FIELD_LIFT_LONG = 1;
/** …and how it grows as the page gets shorter: FIELD_LIFT_SHORT / (words + FIELD_LIFT_WORDS). */
export const FIELD_LIFT_SHORT = 400;
export const FIELD_LIFT_WORDS = 10;

/** The posterior's weight λ on a page of `words` words (the rule by length). */
export function liftWeight(words: number): number {
  return FIELD_LIFT_LONG + FIELD_LIFT_SHORT / (Math.max(0, words) + FIELD_LIFT_WORDS);
}

/**
 * The factor a class topic's score is multiplied by for posterior `p`: by the page's length
 * `words` under the rule by length, or the flat lift of older snapshots when `words` is undefined.
 */
export function fieldLift(p: number, words?: number): number {
  return words === undefined ? 1 + FIELD_LIFT * p : FIELD_LIFT_FLOOR + liftWeight(words) * p;
}
