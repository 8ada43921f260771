/**
 * The JSON bodies the API's routes take, as zod schemas. The routes check their bodies with
 * these, and GET /api/openapi.json describes the same schemas (z.toJSONSchema), so the
 * description cannot drift from what is accepted. Job and topic bodies use the schemas of
 * lib/jobs and lib/topic, which their parsers apply.
 */
import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/export/export-job";
import { JobInputSchema, MAX_PAGES_LIMIT } from "@/lib/jobs/input";
import { integerField } from "@/lib/jobs/settings";
import { STRATEGY_IDS } from "@/lib/strategy/registry";
import { TopicDefinitionSchema } from "@/lib/topic/topic";
import { MAX_ROW_ID } from "@/app/json";
import { MAX_TYPED_QUERY_CHARS } from "@/lib/seeds/queries";

/** POST /api/jobs/:id/actions. */
export const JobActionBody = z.object({ action: z.enum(["pause", "resume", "stop"]) });
/** POST /api/jobs/:id/continue: the ended job's new page budget, above the pages it has spent. */
export const ContinueBody = z.object({
  maxPages: integerField("maxPages", 1, MAX_PAGES_LIMIT).meta({ description: "the new page budget: more than the pages the job has already spent of its budget" }),
});
/** POST /api/exports/:id/actions and /api/jobs/:id/exports/:exportId/actions. */
export const ExportActionBody = z.object({ action: z.enum(["resume", "cancel"]) });
/** POST /api/jobs/:id/seeds (at most 10,000 a request; each checked like the job form's seeds). */
export const SeedsBody = z.object({ seeds: z.array(z.string()).meta({ description: "seed URLs, e.g. https://example.com/" }) });
/** POST /api/jobs/:id/topic. */
export const JobTopicBody = z.object({ topicId: z.number().int().min(1).max(MAX_ROW_ID).meta({ description: "a saved topic's id" }) });
/** POST /api/jobs/:id/topic/refine. */
export const RefineBody = z.object({
  pages: z.number().int().min(1).optional().meta({ description: "pages to learn from (default 10)" }),
  preview: z.boolean().optional().meta({ description: "true: answer with the change (terms added, dropped, reweighted; suggested threshold) without making it" }),
  threshold: z.boolean().optional().meta({ description: "true: also take the threshold chosen from the job's judged pages (cross-validated F1), when there is one" }),
});
const judgement = z.enum(["relevant", "irrelevant"]).nullable().meta({ description: "null clears the judgement" });
/** PUT /api/jobs/:id/pages/:pageId/judgement. */
export const JudgementBody = z.object({ judgement });
/** PUT /api/jobs/:id/judgements. */
export const BulkJudgementBody = z.object({ pageIds: z.array(z.union([z.number().int(), z.string()])).min(1).max(500), judgement });
/** POST /api/jobs/:id/exports. */
export const ExportStartBody = z.object({
  format: z.enum(EXPORT_FORMATS),
  filters: z.string().optional().meta({ description: "the results page's query string, e.g. view=relevant&q=农业" }),
});
/** POST /api/topics/example-url. */
export const ExampleUrlBody = z.object({ url: z.string().trim().min(1).meta({ description: "a page about the topic" }) });
/** POST /api/topics/score. */
export const ScoreBody = z.object({ topic: TopicDefinitionSchema, title: z.string().optional(), text: z.string().trim().min(1).max(200_000) });
/** POST /api/topics/preview: a draft topic, optionally with the example pages' texts already fetched. */
export const PreviewBody = TopicDefinitionSchema.extend({ exampleUrlTexts: z.array(z.string()).optional() });
/**
 * POST /api/seeds/search: the topic to find seeds for (a saved topic's id, or a draft definition
 * like the preview's) and/or words to search for instead of the topic's strongest terms.
 */
export const SeedSearchBody = PreviewBody.partial().extend({
  topicId: z.number({ error: "topicId must be the number of a saved topic" }).int("topicId must be the number of a saved topic")
    .min(1, "topicId must be the number of a saved topic").max(MAX_ROW_ID, "topicId must be the number of a saved topic").optional()
    .meta({ description: "a saved topic's id (else the draft definition's fields are the topic)" }),
  query: z.string({ error: "query must be text: the words to search for" }).max(MAX_TYPED_QUERY_CHARS, `query must be at most ${MAX_TYPED_QUERY_CHARS} characters`).optional()
    .meta({ description: "words to search for; without them the topic's strongest terms make the queries" }),
});
/** POST /api/topics and PUT /api/topics/:id: a topic definition with its name. */
export const TopicSaveBody = TopicDefinitionSchema.extend({
  name: z.string().min(1).max(200), description: z.string().optional(), pageThreshold: z.number().min(0).max(1).optional(),
});
/** POST /api/jobs. */
export const JobBody = JobInputSchema;
/** POST /api/compare: a job definition and the strategies to compare. */
export const CompareBody = JobInputSchema.extend({ strategies: z.array(z.enum(STRATEGY_IDS)).min(1) });
/** POST /api/auth/login, as a form (application/x-www-form-urlencoded). */
export const LoginForm = z.object({ name: z.string(), password: z.string(), next: z.string().optional() });
/** POST /api/workflows and PUT /api/workflows/:id: a name and a job definition (as POST /api/jobs takes it). */
export const WorkflowBody = JobInputSchema.extend({ name: z.string().min(1).max(200).meta({ description: "the workflow's name" }) });
/** POST /api/workflows from a job: the job's seeds, strategy, settings and topic under a name (the job's own by default). */
export const WorkflowFromJobBody = z.object({
  fromJobId: z.number().int().min(1).max(MAX_ROW_ID).meta({ description: "the job to make it from" }), name: z.string().min(1).max(200).optional(),
});
/** PUT /api/workflows/:id/schedule: a 5-field cron line in a time zone, or null for none. */
export const ScheduleBody = z.object({
  schedule: z.string().nullable().meta({ description: "cron: minute hour day-of-month month day-of-week, e.g. 0 3 * * 1; null removes the schedule" }),
  timeZone: z.string().optional().meta({ description: "IANA time zone, e.g. Asia/Shanghai (the server's by default)" }),
});
/** POST /api/workflows/:id/webhooks: an endpoint told when the workflow's runs end or stall. */
export const WebhookBody = z.object({
  url: z.string().meta({ description: "the receiver, http:// or https:// (a private address only where PRIVATE_NETWORK_ALLOW or ALLOW_PRIVATE_NETWORKS allows it)" }),
  secret: z.string().min(16).max(256).meta({ description: "the HMAC-SHA256 key of the FocusCrawl-Signature header, 16 to 256 characters without spaces; never shown back" }),
  events: z.array(z.enum(["run.finished", "run.failed", "run.stalled"])).min(1),
});
/** PUT /api/jobs/:id/archive and /api/workflows/:id/archive. */
export const ArchiveBody = z.object({ archived: z.boolean().meta({ description: "true archives (hides from the lists), false unarchives" }) });
