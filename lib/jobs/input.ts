/** The one validation of a new job, shared by the form, the API and the CLI. */
import { z } from "zod";
import { describeSeedProblem } from "../rules/url";
import { describeInvisibleCharacter, findTextProblems } from "../rules/text";
import { CrawlSettingsSchema, integerField, listOf, privateTargetErrors } from "./settings";
import type { AddressPolicy } from "../rules/address-guard";
import { DEFAULT_STRATEGY, parseStrategyParams, STRATEGY_IDS } from "../strategy/registry";
import { buildTopic, describeUnknownClasses, TopicDefinitionSchema, TopicError, type TopicVector } from "../topic/topic";
import { classesThreshold } from "../topic/knowledge/knowledge";
import { SeedOriginsSchema } from "./seed-origins";

export const DEFAULT_MAX_PAGES = 1000;
export const DEFAULT_MAX_DEPTH = 10;
/**
 * The relevance a page needs to count as relevant. Chosen on the CSL abstracts as the
 * threshold with the best mean F1 over 62 CLC classes: 0.035 as built, 0.0425 after the topic
 * learned from its pages (mean F1 0.352 at 0.035; bench/RELEVANCE.md).
 */
export const DEFAULT_PAGE_THRESHOLD = 0.035;
export const MAX_PAGES_LIMIT = 10_000_000;
export { DEFAULT_MAX_HOST_CONNECTIONS, DEFAULT_MIN_DELAY_MS } from "./settings";

/** Raw job input (strings from a form, or JSON from the API/CLI). */
export const JobInputSchema = CrawlSettingsSchema.extend({
  name: z.string().trim().max(200, "name must be at most 200 characters").superRefine((name, ctx) => {
    const problem = describeInvisibleCharacter(name);
    if (problem) ctx.addIssue({ code: "custom", message: `name: ${problem}` });
  }).optional(),
  keywords: listOf(/[,，、;；\n]/).pipe(
    z.array(z.string().max(100, "each keyword must be at most 100 characters")).max(500, "keywords: at most 500 keywords"),
  ),
  // NFKC first: a class code typed with a Chinese input method in full width (ＴＰ３) is TP3.
  clc: listOf(/[\s,，、;；]+/).transform((codes) => codes.map((c) => c.normalize("NFKC").trim()).filter(Boolean)).pipe(z.array(z.string().max(100, "clc: each entry must be at most 100 characters")).max(50, "clc: at most 50 classes")),
  topicId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: "topicId must be the number of a saved topic" }).int({ error: "topicId must be the number of a saved topic", abort: true }).positive("topicId must be the number of a saved topic")
      .max(2_147_483_647, "topicId must be the number of a saved topic"),
  ).optional(),
  seeds: listOf(/[\s,]+/).pipe(
    z.array(z.string()).min(1, "seeds: give at least one seed URL, e.g. https://example.com/").max(1000, "seeds: at most 1000 seed URLs")
      .superRefine((seeds, ctx) => {
        for (const s of seeds) {
          const problem = describeSeedProblem(s);
          if (problem) ctx.addIssue({ code: "custom", message: `seeds: ${problem}` });
        }
      }),
  ),
  /** Where each seed came from (lib/jobs/seed-origins.ts); seeds it does not name were typed. */
  seedOrigins: SeedOriginsSchema,
  strategy: z.enum(STRATEGY_IDS, { error: `strategy must be one of: ${STRATEGY_IDS.join(", ")}` }).default(DEFAULT_STRATEGY),
  maxPages: integerField("maxPages", 1, MAX_PAGES_LIMIT).default(DEFAULT_MAX_PAGES),
  maxDepth: integerField("maxDepth", 0, 1000).default(DEFAULT_MAX_DEPTH),
  timeBudgetSec: integerField("timeBudgetSec", 1, 30 * 24 * 3600).optional(),
  pageThreshold: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z.number({ error: "pageThreshold must be a number between 0 and 1" }).min(0, "pageThreshold must be between 0 and 1").max(1, "pageThreshold must be between 0 and 1"),
  ).optional(),
});

/** A validated job definition; `topic` is built here unless the job names a saved topic. */
export type JobInput = Omit<z.output<typeof JobInputSchema>, "pageThreshold"> & {
  pageThreshold: number; topic?: TopicVector; strategyParams: Record<string, unknown>;
  /** True when the input named no threshold: a job of a saved topic then takes the topic's own (createJob). */
  isThresholdDefault?: boolean;
};

/**
 * The threshold of a job that names none: for a topic of CLC classes alone, built with their
 * field vocabulary, the classes' own (lib/topic/knowledge/: field words raise every score of
 * the field, so 0.035 lets too much through); otherwise DEFAULT_PAGE_THRESHOLD.
 */
export function defaultJobThreshold(topic: TopicVector | undefined): number {
  const d = topic?.definition;
  const isClassesAlone = d && d.clc.length > 0 && d.classKnowledge !== false && d.keywords.length === 0 && d.exampleTexts.length === 0 && d.exampleUrls.length === 0;
  return (isClassesAlone ? classesThreshold(d.clc) : undefined) ?? DEFAULT_PAGE_THRESHOLD;
}

/** A strategy's parameters: an object (API, CLI) or form fields named `strategyParams.NAME`. */
function rawStrategyParams(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null) return {};
  const r = raw as Record<string, unknown>;
  if (r.strategyParams !== undefined) return r.strategyParams;
  const prefix = `strategyParams.${String(r.strategy ?? "")}.`;
  return Object.fromEntries(Object.entries(r).filter(([k, v]) => k.startsWith(prefix) && v !== "").map(([k, v]) => [k.slice(prefix.length), v]));
}

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message.startsWith(field) ? message : `${field}: ${message}`);
}

/**
 * The topic of a new job: a saved topic (`topicId`), or one built here from keywords and/or
 * CLC classes, so that a definition that cannot be built is refused before anything is written.
 * It needs only the topic's own fields, so a bad class code is reported beside a bad seed or page
 * budget, not after they are fixed.
 */
function buildJobTopic(v: { keywords: string[]; clc: string[] }, errors: FieldErrors): TopicVector | undefined {
  // Every unknown class at once: building stops at the first.
  const unknown = describeUnknownClasses(v.clc);
  for (const message of unknown) addError(errors, "clc", message);
  if (unknown.length > 0) return undefined;
  try {
    return buildTopic(TopicDefinitionSchema.parse({ keywords: v.keywords, clc: v.clc }));
  } catch (err) {
    addError(errors, err instanceof TopicError ? err.field : "keywords", (err as Error).message);
    return undefined;
  }
}

/** Field → messages, for forms and API error bodies. */
export type FieldErrors = Record<string, string[]>;

const TopicSourcesSchema = z.object({ keywords: JobInputSchema.shape.keywords, clc: JobInputSchema.shape.clc, topicId: z.unknown().optional() });

/**
 * Validate raw input and build its topic (or use `opts.topic`, already built, e.g. from a
 * topic file); never throws. Every bad field is reported at once. With `opts.isRefused` (the
 * deployment's address guard), host overrides and a proxy on refused addresses are errors too.
 */
export function parseJobInput(raw: unknown, opts: { topic?: TopicVector; isRefused?: AddressPolicy } = {}): { ok: true; value: JobInput } | { ok: false; errors: FieldErrors; message: string } {
  const errors: FieldErrors = {};
  // Text the database cannot store is named first and alone: the rest of the input is judged once it is fixed.
  for (const p of findTextProblems(raw)) addError(errors, p.field, p.message);
  if (Object.keys(errors).length > 0) return { ok: false, errors, message: Object.values(errors).flat().join("; ") };
  const r = JobInputSchema.safeParse(raw);
  if (!r.success) for (const issue of r.error.issues) addError(errors, String(issue.path[0] ?? "input"), issue.message);
  // Each check below reads only the fields it needs, so every bad field is reported at once.
  const sources = TopicSourcesSchema.safeParse(raw);
  const topicId = sources.success ? sources.data.topicId : undefined;
  const hasTopicId = topicId !== undefined && topicId !== "";
  const hasTopicSource = !sources.success || opts.topic !== undefined || sources.data.keywords.length > 0 || sources.data.clc.length > 0 || hasTopicId;
  if (!hasTopicSource) addError(errors, "keywords", "give at least one keyword (e.g. 计算机,网络), a CLC class or a saved topic");
  const topic = opts.topic ?? (sources.success && hasTopicSource && !hasTopicId ? buildJobTopic(sources.data, errors) : undefined);
  const strategyParams = readStrategyParams(raw, errors);
  const settings = CrawlSettingsSchema.safeParse(raw);
  if (settings.success && opts.isRefused) {
    for (const [field, messages] of Object.entries(privateTargetErrors(settings.data, opts.isRefused))) for (const m of messages) addError(errors, field, m);
  }
  if (r.success && Object.keys(errors).length === 0) {
    return { ok: true, value: { ...r.data, pageThreshold: r.data.pageThreshold ?? defaultJobThreshold(topic), isThresholdDefault: r.data.pageThreshold === undefined, topic, strategyParams } };
  }
  return { ok: false, errors, message: Object.values(errors).flat().join("; ") };
}

/** The chosen strategy's parameters, when the strategy is a known one (else its own error says so). */
function readStrategyParams(raw: unknown, errors: FieldErrors): Record<string, unknown> {
  const strategy = JobInputSchema.shape.strategy.safeParse((raw as { strategy?: unknown } | null)?.strategy);
  if (!strategy.success) return {};
  try {
    return parseStrategyParams(strategy.data, rawStrategyParams(raw));
  } catch (err) {
    addError(errors, "strategyParams", (err as Error).message);
    return {};
  }
}
