/**
 * What a change of topic does to its terms, for a person to read before it is applied: the
 * terms it adds and drops and the ones whose weight moves most.
 */
import type { TopicVector } from "./topic";

/** One term's weight before and after (0 when absent). */
export interface TermChange { term: string; before: number; after: number }

/** The terms added, dropped, raised and lowered, largest change first, at most `limit` of each. */
export interface TopicDiff { added: TermChange[]; removed: TermChange[]; raised: TermChange[]; lowered: TermChange[] }

/** Weight changes smaller than this are not worth showing (weights are of a unit vector). */
const MIN_SHOWN_CHANGE = 0.005;

/** The difference between topic `before` and topic `after`. */
export function diffTopics(before: Pick<TopicVector, "terms">, after: Pick<TopicVector, "terms">, limit = 20): TopicDiff {
  const a = new Map(before.terms);
  const b = new Map(after.terms);
  const changes: TermChange[] = [...new Set([...a.keys(), ...b.keys()])]
    .map((term) => ({ term, before: a.get(term) ?? 0, after: b.get(term) ?? 0 }))
    .sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || (x.term < y.term ? -1 : 1));
  const pick = (test: (c: TermChange) => boolean) => changes.filter(test).slice(0, limit);
  return {
    added: pick((c) => c.before === 0 && c.after > 0),
    removed: pick((c) => c.before > 0 && c.after === 0),
    raised: pick((c) => c.before > 0 && c.after - c.before >= MIN_SHOWN_CHANGE),
    lowered: pick((c) => c.after > 0 && c.before - c.after >= MIN_SHOWN_CHANGE),
  };
}
