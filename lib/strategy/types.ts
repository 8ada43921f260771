/** The link-priority strategy interface (ALGORITHMS.md §2): the frontier serves the highest priority first. */

/** What a strategy knows about the page the links were found on. */
export interface ParentPage { url: string; depth: number; relevance: number; isRelevant: boolean; priority: number }

/** A link to score. */
export interface CandidateLink { url: string; host: string; anchor: string }

/** A strategy: priorities for a page's new links; `null` means "do not enqueue". */
export interface Strategy {
  id: string;
  /** One line for the job form. */
  description: string;
  scoreLinks(parent: ParentPage, links: CandidateLink[]): (number | null)[];
}
