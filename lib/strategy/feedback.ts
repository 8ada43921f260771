/**
 * Priorities that learn from what a site turned out to be (docs/ALGORITHMS.md §2.8): one rule
 * applied after every topic-aware strategy's own score, when the job's priorityFeedback is on.
 *
 * - A link of a page that is not relevant keeps at least the score of its own words (anchor text,
 *   title attribute, image alt and URL against the topic, seed 004 §3.6.2's extended metadata): a
 *   portal scores about 0 for any topic, and without this all its links tied at priority 0.
 * - What a link inherits from its page decays by TUNNEL_DECAY for each irrelevant page since the
 *   last relevant one on its path (seed 001's coarse mode drops such links; this spends a budget).
 * - Its host's harvest weighs it in the frontier (the SQL function host_feedback, applied as links
 *   are queued and again as the host's record changes: lib/store/host-feedback.ts).
 */
import { scoreLinkTerms, type TopicScorer } from "../topic/topic";
import { anchorTerms, r4, urlTerms } from "./terms";
import type { CandidateLink, LinkScore, ParentPage } from "./types";

/** Share of its inherited priority a link keeps per irrelevant page since the last relevant one. */
export const TUNNEL_DECAY = 0.5;

/** Irrelevant pages in a row since a host's last relevant one that halve its feedback. */
export const FEEDBACK_HALF_RUN = 10;

/**
 * Irrelevant pages (or failed URLs) in a row after which a host that is not productive sinks: its
 * pending URLs go below every URL of a host untried or still productive, until one of its pages is
 * relevant (the SQL functions host_sunk and weigh_priority). Halving alone left a decoy the best of
 * URLs that had all decayed to about 0 (95 of 1,000 pages on the realistic web); 20 keeps it under
 * 30 pages with its relevant home page and a few in flight, while a good host is never sunk by a few bad pages.
 */
export const SINK_RUN = 20;

/**
 * A host one in this many of whose pages (or more) were relevant is productive: it never sinks. A news site whose
 * headlines the filter scores low served 16 relevant pages of 94 in runs of 20 irrelevant ones;
 * sunk, it lost F most of its harvest (0.145 against 0.395).
 */
export const SINK_HARVEST_ONE_IN = 10;

/** Whether a host has sunk (SQL host_sunk): its last SINK_RUN pages irrelevant, and fewer than 1 in SINK_HARVEST_ONE_IN of all relevant. */
export function isHostSunk(fetched: number, relevant: number, failed: number, irrelevantRun: number): boolean {
  return irrelevantRun >= SINK_RUN && relevant * SINK_HARVEST_ONE_IN < fetched + failed;
}

/**
 * The host feedback of docs/ALGORITHMS.md §2.8 (the SQL function host_feedback computes the same):
 * the host's harvest under a Beta(2, 2) prior over the prior's mean, halved per FEEDBACK_HALF_RUN
 * irrelevant pages (or failed URLs) in a row since its last relevant one. A new host weighs 1, one
 * irrelevant page 0.75 (a good host is not sunk by its plain home page); a site whose entry page was
 * relevant and whose next 30 pages were not, 0.02.
 */
export function hostFeedback(fetched: number, relevant: number, failed = 0, irrelevantRun = 0): number {
  return ((2 * (relevant + 2)) / (fetched + failed + 4)) * 0.5 ** (irrelevantRun / FEEDBACK_HALF_RUN);
}

/** The score of a link's own words against the topic: anchor, title and alt as a title, URL words as text. */
export function linkWordsScore(topic: TopicScorer, link: CandidateLink): number {
  return scoreLinkTerms(topic, anchorTerms(topic, link), urlTerms(topic, link.url));
}

/** Irrelevant pages since the last relevant one, for the links of `parent` (whose own count was `parentTunnel`). */
export function tunnelOf(parent: Pick<ParentPage, "isRelevant">, parentTunnel: number): number {
  return parent.isRelevant ? 0 : parentTunnel + 1;
}

/**
 * The strategy's scores with the shared rule applied: a link it queues gets
 * max(its priority · TUNNEL_DECAY^(tunnel−1), the score of its own words) when its page is
 * irrelevant (the seed's links: no decay), and its priority unchanged when the page is relevant.
 * A link the strategy drops (null) stays dropped: the strategy's own filter is its paper's rule.
 */
export function applyLinkFeedback(
  input: { parent: ParentPage; parentTunnel: number; links: CandidateLink[]; topic: TopicScorer }, scores: LinkScore[],
): LinkScore[] {
  const tunnel = tunnelOf(input.parent, input.parentTunnel);
  return scores.map((s, i) => {
    if (s.priority === null) return s;
    if (tunnel === 0) return { priority: s.priority, detail: { ...s.detail, tunnel } };
    const inherited = s.priority * TUNNEL_DECAY ** (tunnel - 1);
    const words = linkWordsScore(input.topic, input.links[i]);
    return { priority: Math.max(inherited, words), detail: { ...s.detail, linkWords: r4(words), tunnel } };
  });
}
