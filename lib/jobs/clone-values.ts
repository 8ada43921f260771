/**
 * A job's settings as the new-job form's field values, so "clone" opens the form filled in with
 * them (a copy to adjust, not a re-run). Credentials are never copied: they were never shown back.
 */
import { readCrawlSettings } from "./settings";

/** What of a job the form needs. */
export interface CloneSource {
  name: string; seeds: string[]; seedOrigins?: unknown; strategy: string; strategyParams: unknown; settings: unknown; topicSnapshot: unknown;
  topicId: number | null; maxPages: number; maxDepth: number; pageThreshold: number; timeBudgetSec: number | null;
}

const NUMBER_SETTINGS = ["minDelayMs", "maxHostConnections", "maxConcurrency", "maxPagesPerHost", "maxQueryVariants", "maxLinksPerPage",
  "maxRepeatedSegments", "adaptTopicAfter", "focusHoldBack", "connectTimeoutMs", "headersTimeoutMs", "bodyTimeoutMs", "maxBodyBytes", "rawHtmlMaxBytes", "maxSitemapUrls", "requestLogKeep"] as const;

/** The form's values for a copy of `job` named `name`. */
export function cloneFormValues(job: CloneSource, name: string): Record<string, string> {
  // Credentials are not copied (and are hidden in what the page reads), so they are left out before validating.
  const s = readCrawlSettings({ ...(job.settings as object), proxy: undefined, siteAuth: [], cookies: [] });
  const def = (job.topicSnapshot as { definition?: { clc?: string[]; keywords?: { term: string }[] } } | null)?.definition;
  const params = Object.entries((job.strategyParams ?? {}) as Record<string, unknown>)
    .map(([k, v]) => [`strategyParams.${job.strategy}.${k}`, String(v)]);
  return {
    name, seeds: job.seeds.join("\n"), strategy: job.strategy,
    // A copy keeps where its seeds came from.
    ...(job.seedOrigins ? { seedOrigins: JSON.stringify(job.seedOrigins) } : {}),
    keywords: (def?.keywords ?? []).map((k) => k.term).join(","), clc: (def?.clc ?? []).join(" "),
    ...(job.topicId ? { topicId: String(job.topicId) } : {}),
    maxPages: String(job.maxPages), maxDepth: String(job.maxDepth), pageThreshold: String(job.pageThreshold),
    ...(job.timeBudgetSec ? { timeBudgetSec: String(job.timeBudgetSec) } : {}),
    scope: s.scope, sitemaps: s.sitemaps ? "on" : "off",
    priorityFeedback: s.priorityFeedback ? "on" : "off", idleCapacity: s.idleCapacity ? "on" : "off", fetchMode: s.fetchMode, browserHosts: s.browserHosts.join("\n"), allow: s.allow.join("\n"), deny: s.deny.join("\n"), resolve: s.resolve.join("\n"),
    ...Object.fromEntries(NUMBER_SETTINGS.map((k) => [k, String(s[k])])),
    ...Object.fromEntries(params),
  };
}
