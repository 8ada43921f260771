/**
 * A workflow's spec: the job input each of its runs is created from, in the shape POST /api/jobs
 * takes, so that a run is validated by the same parseJobInput as any new job.
 */
import type { JobInput } from "./input";
import { redactSettings, type CrawlSettings } from "./settings";

/** What of a stored job a workflow is made from (settings as stored, credentials included). */
export interface SpecSource {
  name: string; seeds: string[]; strategy: string; strategyParams: unknown; settings: unknown; topicId: number | null;
  maxPages: number; maxDepth: number; pageThreshold: number; timeBudgetSec: number | null;
}

/** The spec of a stored job: its seeds, strategy, budget and settings; the topic travels beside it. */
export function specOfJob(job: SpecSource): Record<string, unknown> {
  return {
    ...(job.settings as object),
    name: job.name, seeds: job.seeds, strategy: job.strategy, strategyParams: job.strategyParams ?? {},
    keywords: [], clc: [], maxPages: job.maxPages, maxDepth: job.maxDepth, pageThreshold: job.pageThreshold,
    ...(job.timeBudgetSec ? { timeBudgetSec: job.timeBudgetSec } : {}),
    ...(job.topicId ? { topicId: job.topicId } : {}),
  };
}

/** The spec of validated input: everything but the built topic, which is stored beside it. */
export function specOfInput(input: JobInput): Record<string, unknown> {
  const { topic: _topic, ...rest } = input;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

const CREDENTIALS = ["proxy", "siteAuth", "cookies"] as const;

/** A spec as the job form's field values (credentials left out: they are never shown back). */
export function specFormValues(spec: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec)) {
    if ((CREDENTIALS as readonly string[]).includes(k) || v === undefined || v === null) continue;
    if (k === "strategyParams") {
      for (const [p, pv] of Object.entries(v as Record<string, unknown>)) out[`strategyParams.${String(spec.strategy)}.${p}`] = String(pv);
    } else out[k] = Array.isArray(v) ? v.join(k === "keywords" ? "," : k === "clc" ? " " : "\n") : String(v);
  }
  return out;
}

/** Credentials of `previous` kept where an edit left them empty (the form never shows them, so empty means unchanged). */
export function keepCredentials(next: Record<string, unknown>, previous: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...next };
  for (const k of CREDENTIALS) {
    const v = next[k];
    if ((v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) && previous[k] !== undefined) kept[k] = previous[k];
  }
  return kept;
}

/** A spec safe to show back: proxy and site passwords and cookie values hidden. */
export function redactSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const pick = (k: string) => (spec[k] === undefined ? {} : { [k]: spec[k] });
  const hidden = redactSettings({ ...pick("proxy"), ...pick("siteAuth"), ...pick("cookies") } as Partial<CrawlSettings>);
  return { ...spec, ...Object.fromEntries(CREDENTIALS.filter((k) => spec[k] !== undefined).map((k) => [k, hidden[k]])) };
}
