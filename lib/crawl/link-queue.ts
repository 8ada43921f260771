/**
 * A page's links as they are queued: refused by the trap rules for where they were found, scored
 * by the job's strategy (with the host feedback when the job learns from hosts). One function for
 * a fetched page and for an unchanged revisit, whose links come from its previous copy.
 */
import type { ClaimedUrl } from "../store/claim/claim";
import type { PageRecord } from "../store/pages";
import type { Sql } from "../store/infra/sql";
import { loadStrategyState } from "../store/strategy-state";
import { emptyState } from "../strategy/types";
import { applyLinkFeedback } from "../strategy/feedback";
import { passedOnPriority } from "../rules/revisit";
import { linkRejections, PAGE_LEVEL_REASONS } from "../rules/traps";
import type { JobContext } from "./job-context";
import { PAGE_KINDS } from "../rules/parse";

/** What kind of page a link was found on (home, hub or content). */
export type PageKind = (typeof PAGE_KINDS)[number];

/** A stored page kind as the strategies know it (content when the value is none of theirs). */
export function asPageKind(kind: string): PageKind {
  return (PAGE_KINDS as readonly string[]).includes(kind) ? (kind as PageKind) : "content";
}

/** The page the links were found on, as the strategy scores its links. */
export interface LinkParent { url: string; relevance: number; isRelevant: boolean; kind: PageKind }

/**
 * The links to queue with their priorities (`queue`, a subset of `links`) and the links refused
 * for where they were found, counted by reason (`rejected`, null when none).
 */
export async function scorePageLinks(sql: Sql, ctx: JobContext, item: ClaimedUrl, page: LinkParent, links: PageRecord["links"]) {
  const s = ctx.settings;
  const reasons = linkRejections(links.map((l) => l.url), item.depth + 1, {
    maxDepth: ctx.maxDepth, maxRepeatedSegments: s.maxRepeatedSegments, maxLinksPerPage: s.maxLinksPerPage,
    inScope: ctx.inScope,
  });
  const strategy = ctx.strategy;
  const state = strategy.needs ? await loadStrategyState(sql, item.jobId, links, strategy.needs) : emptyState();
  const parent = { ...page, host: item.host, depth: item.depth, priority: passedOnPriority(item), detail: item.priorityDetail ?? null };
  const own = strategy.scoreLinks({ parent, links, topic: ctx.topic, params: ctx.strategyParams, state });
  const tunnel = item.priorityDetail?.tunnel;
  const scores = ctx.priorityFeedback ? applyLinkFeedback({ parent, parentTunnel: typeof tunnel === "number" ? tunnel : 0, links, topic: ctx.topic }, own) : own;
  // Links refused for where they were found (too deep, too many on the page) are only counted:
  // the same URL may still turn up elsewhere, and a stored skip would keep it out for good.
  const rejected: Record<string, number> = {};
  const queue: PageRecord["queue"] = links.flatMap((l, i) => {
    const reason = reasons[i];
    if (reason && PAGE_LEVEL_REASONS.has(reason)) {
      rejected[reason] = (rejected[reason] ?? 0) + 1;
      return [];
    }
    const { priority, detail } = scores[i];
    return priority === null ? [] : [{ ...l, priority, detail, skipReason: reason }];
  });
  return { queue, rejected: Object.keys(rejected).length ? rejected : null };
}
