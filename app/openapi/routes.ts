/**
 * What each route of the HTTP API does, for GET /api/openapi.json and the /docs/api page: its
 * methods, a summary, its parameters, its body (the zod schema the route checks it with, from
 * app/api/bodies.ts) and its main answers. A unit test fails when a route file under app/api or
 * pages/api has no entry here, or an entry names a method the file does not answer.
 */
import type { z } from "zod";
import { FIELD_LIFT_FLOOR, FIELD_LIFT_LONG, FIELD_LIFT_SHORT, FIELD_LIFT_WORDS } from "@/lib/topic/field-lift";
import {
  BulkJudgementBody, CompareBody, ContinueBody, ExampleUrlBody, ExportActionBody, ExportStartBody, JobActionBody, JobBody, JobTopicBody, JudgementBody,
  LoginForm, PreviewBody, WebhookBody, ArchiveBody, SeedSearchBody, RefineBody, ScoreBody, SeedsBody, TopicSaveBody, WorkflowBody, WorkflowFromJobBody, ScheduleBody,
} from "@/app/api/bodies";

/** A query parameter. */
export interface QueryParam { name: string; description: string; required?: boolean }

/** One method of one route. */
export interface Operation {
  summary: string;
  description?: string;
  query?: QueryParam[];
  /** The JSON body (or, for `form`, the form fields), as the zod schema that checks it. */
  body?: z.ZodType;
  form?: boolean;
  /** Status → what it means; 401 and 403 (sign-in, role) are added to every operation but the public ones. */
  responses: Record<number, string>;
  /** Answered without credentials. */
  isPublic?: boolean;
  /** A media type other than JSON for the 200 answer. */
  produces?: string;
}

/** A route: its path in OpenAPI form (`{id}`), and its methods. */
export interface RouteDoc { path: string; tag: string; methods: Partial<Record<"get" | "post" | "put" | "delete", Operation>> }

const RESULT_FILTERS: QueryParam[] = [
  { name: "view", description: "relevant | not-relevant | judged-relevant | judged-irrelevant | unjudged" },
  { name: "q", description: "full-text search of titles and main text" },
  { name: "sort", description: "relevance | rank | fetched | depth | host" },
  { name: "min", description: "lowest relevance" }, { name: "max", description: "highest relevance" },
  { name: "host", description: "one site" }, { name: "dup", description: "group | show | hide (near-duplicates)" },
  { name: "dupOf", description: "a page id: that page and its near-duplicates" },
  { name: "mark", description: "new | changed | unchanged | gone (a workflow run's pages against the run before)" },
  { name: "since", description: "an earlier run (job id) of the same workflow: only pages new or changed since then; 400 names the runs allowed" },
];
const ARCHIVED: QueryParam = { name: "archived", description: "1: archived ones too" };
const WEBHOOK_DELIVERY = "A JSON POST with FocusCrawl-Event, FocusCrawl-Delivery and FocusCrawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\" keyed with the secret>; retried with exponential backoff (30 s doubling, 6 attempts); through the crawler's private-network guard. See docs/WEBHOOKS.md.";
const EXPORT_PROGRESS = "the export file's progress: status, pagesDone of pagesTotal, bytesWritten, isSnapshot, startedByName, fileUrl once done";
const EXPORT_ACTION: Operation = {
  summary: "Resume or cancel an export file",
  description: "Resume goes on from the recorded progress; cancel stops it and deletes the file. Only the user who started it, or an admin.",
  body: ExportActionBody,
  responses: { 200: "the export after the action", 400: "unknown action", 403: "started by someone else", 404: "no such export", 409: "nothing to resume, or 2 exports running" },
};
const EXPORT_FILE: Operation = {
  summary: "Download a finished export file",
  description: "With Content-Length, ETag and range requests (HEAD too).",
  responses: { 200: "the file", 206: "the range asked for", 404: "no such export, or not done", 416: "range past the end" },
  produces: "application/octet-stream",
};

/** The webhook routes of a workflow or of a job (app/api/webhook-handlers.ts serves both). */
function webhookRoutes(owner: "workflow" | "job", whose: string): RouteDoc[] {
  const base = `/api/${owner}s/{id}/webhooks`;
  const noHook = `no such webhook of this ${owner}`;
  return [
    {
      path: base, tag: "webhooks", methods: {
        get: { summary: `The ${owner}'s webhook endpoints (secrets never shown) and its delivery log, newest attempt first`, responses: { 200: "webhooks and deliveries", 404: `no such ${owner}` } },
        post: {
          summary: `Add a webhook endpoint to ${whose}`, description: WEBHOOK_DELIVERY,
          body: WebhookBody, responses: { 201: "the endpoint (without its secret)", 400: "per-field errors (URL, secret, events)", 404: `no such ${owner}` },
        },
      },
    },
    { path: `${base}/{webhookId}`, tag: "webhooks", methods: { delete: { summary: "Delete a webhook endpoint with its delivery log", responses: { 200: "deleted", 404: noHook } } } },
    {
      path: `${base}/{webhookId}/test`, tag: "webhooks", methods: {
        post: { summary: "Send a test delivery (event webhook.test) now, signed and logged as any other", responses: { 200: "the delivery's id and what the attempt got (status code, duration, error)", 404: noHook } },
      },
    },
  ];
}

/** Every route of the API. */
export const API_ROUTES: RouteDoc[] = [
  { path: "/api/health", tag: "system", methods: { get: { summary: "Whether the database answers, and how many workers beat", isPublic: true, responses: { 200: '{"ok":true,"workers":N}', 503: "the database does not answer" } } } },
  { path: "/api/openapi.json", tag: "system", methods: { get: { summary: "This description of the API (OpenAPI 3.1)", responses: { 200: "the document" } } } },
  { path: "/api/auth/login", tag: "auth", methods: { post: { summary: "Sign in (the sign-in form's target)", form: true, body: LoginForm, isPublic: true, responses: { 303: "to `next` with the session cookie, or back to /login with the reason" } } } },
  { path: "/api/auth/logout", tag: "auth", methods: { post: { summary: "Sign out: ends the session", responses: { 303: "to /login" } } } },
  {
    path: "/api/jobs", tag: "jobs", methods: {
      get: { summary: "The newest jobs", query: [ARCHIVED], responses: { 200: "jobs with their counters" } },
      post: { summary: "Create and start a job", body: JobBody, responses: { 201: "the job", 400: "per-field errors" } },
    },
  },
  {
    path: "/api/jobs/{id}", tag: "jobs", methods: {
      get: { summary: "A job and its live counters", responses: { 200: "the job", 404: "no such job" } },
      delete: { summary: "Delete a stopped job with its pages, bodies, events and export files", responses: { 200: "deleted", 404: "no such job", 409: "the job is still running: stop it first" } },
    },
  },
  ...webhookRoutes("job", "one job, told when it finishes, fails or stalls (a workflow's endpoints hear every run)"),
  {
    path: "/api/jobs/{id}/archive", tag: "jobs", methods: {
      put: { summary: "Archive or unarchive an ended job (hidden from the lists, nothing deleted)", body: ArchiveBody, responses: { 200: "when it was archived (null: not archived)", 400: "archived must be true or false", 404: "no such job", 409: "the job is still running: stop it first" } },
    },
  },
  { path: "/api/jobs/{id}/actions", tag: "jobs", methods: { post: { summary: "Pause, resume or stop a job", body: JobActionBody, responses: { 200: '{"ok":true}', 400: "unknown action", 404: "no such job", 409: "the job's state forbids it" } } } },
  {
    path: "/api/jobs/{id}/continue", tag: "jobs", methods: {
      post: {
        summary: "Continue an ended job with a higher page budget, from the URLs it left",
        description: "The job runs again from its pending URLs (priorities, depths and hosts kept); a time budget starts again from now. A job event records it.",
        body: ContinueBody,
        responses: { 200: '{"ok": true, "maxPages": N, "previousMaxPages": N, "pending": N}', 400: "maxPages missing, or not above the pages already spent", 404: "no such job", 409: "the job has not ended, or its frontier is empty" },
      },
    },
  },
  { path: "/api/jobs/{id}/seeds", tag: "jobs", methods: { post: { summary: "Queue more seeds on a job", body: SeedsBody, responses: { 200: '{"added":N}', 400: "bad seeds, named", 404: "no such job" } } } },
  { path: "/api/jobs/{id}/events", tag: "jobs", methods: { get: { summary: "Server-Sent Events with the job's counters on every change", responses: { 200: "an event stream" }, produces: "text/event-stream" } } },
  { path: "/api/jobs/{id}/frontier", tag: "jobs", methods: { get: { summary: "The next URLs to fetch, best first, with what made each priority", query: [{ name: "limit", description: "how many (default 50)" }], responses: { 200: "URLs", 404: "no such job" } } } },
  { path: "/api/jobs/{id}/topic", tag: "jobs", methods: { post: { summary: "Switch the job to a saved topic and re-score its pages", body: JobTopicBody, responses: { 200: '{"ok":true}', 400: "bad topicId", 404: "no such job or topic" } } } },
  { path: "/api/jobs/{id}/topic/refine", tag: "jobs", methods: { post: { summary: "Let the job's topic learn from its own pages (or preview the change)", body: RefineBody, responses: { 200: "the terms learned, the diff and the suggested threshold", 400: "pages out of range", 404: "no such job", 409: "too few pages to learn from" } } } },
  { path: "/api/jobs/{id}/topic/undo", tag: "jobs", methods: { post: { summary: "Undo the latest learning of the job's topic", responses: { 200: "the revision and threshold restored", 404: "no such job", 409: "nothing to undo" } } } },
  {
    path: "/api/jobs/{id}/pages", tag: "results", methods: {
      get: {
        summary: "Stored pages: 50 a screen, with the results page's filters, search and sort",
        query: [...RESULT_FILTERS, { name: "after", description: "the next screen's key (from `next`)" }, { name: "screen", description: "screen number, in fetch order" }, { name: "text", description: "1 adds main text" }],
        responses: { 200: "rows and next", 400: "names the allowed values", 404: "no such job" },
      },
    },
  },
  { path: "/api/jobs/{id}/pages/{pageId}", tag: "results", methods: { get: { summary: "One page", responses: { 200: "the page", 404: "no such page in this job" } } } },
  { path: "/api/jobs/{id}/pages/{pageId}/judgement", tag: "results", methods: { put: { summary: "Judge a page", body: JudgementBody, responses: { 200: "the judgement", 400: "names the allowed values", 404: "no such page in this job" } } } },
  { path: "/api/jobs/{id}/judgements", tag: "results", methods: { put: { summary: "Judge many pages at once", body: BulkJudgementBody, responses: { 200: "the ids judged", 400: "names the allowed values", 404: "no such job" } } } },
  { path: "/api/jobs/{id}/pages/{pageId}/snapshot", tag: "results", methods: { get: { summary: "The kept raw HTML, sanitized, with a CSP that lets nothing load or run", responses: { 200: "HTML", 404: "no page or no raw body kept" }, produces: "text/html" } } },
  { path: "/api/jobs/{id}/export", tag: "exports", methods: { get: { summary: "Export a view, streamed", query: [{ name: "format", description: "csv | jsonl | warc", required: true }, ...RESULT_FILTERS], responses: { 200: "the export", 400: "names the allowed values", 404: "no such job" }, produces: "application/octet-stream" } } },
  {
    path: "/api/jobs/{id}/exports", tag: "exports", methods: {
      get: { summary: "The job's 10 most recent export files with their progress", responses: { 200: "exports", 404: "no such job" } },
      post: {
        summary: "Start an export file (written in the background)", description: "Operators and admins; the export records who started it.",
        body: ExportStartBody, responses: { 201: "the export", 400: "names the allowed values", 404: "no such job", 409: "2 export files are being written" },
      },
    },
  },
  {
    path: "/api/jobs/{id}/requests", tag: "jobs", methods: {
      get: {
        summary: "The job's request log, newest first (every fetch: time, URL, status, bytes, duration, outcome, reason)",
        query: [{ name: "host", description: "one site" }, { name: "status", description: "2xx | 3xx | 4xx | 5xx | none (no answer)" },
          { name: "outcome", description: "stored | retry | failed | skipped | robots" }, { name: "after", description: "a request id: only requests logged after it (live reads)" },
          { name: "limit", description: "rows, 1 to 200 (default 100)" }],
        responses: { 200: "requests", 400: "names the bad parameter and what it takes", 404: "no such job" },
      },
    },
  },
  {
    path: "/api/jobs/{id}/reports/{file}", tag: "exports", methods: {
      get: {
        summary: "A crawl report as CSV: per seed (URLs reached through it), host, MIME type, status code or depth; its counts add up to the job's",
        responses: { 200: "the CSV (UTF-8 with a byte-order mark)", 404: "no such job, or no such report (names the reports)" }, produces: "text/csv",
      },
    },
  },
  {
    path: "/api/jobs/{id}/replay", tag: "results", methods: {
      get: {
        summary: "A captured page as replayed: its kept HTML with scripts, handlers and outside resources removed, its links leading to the dashboard's replay of their targets, with a CSP that lets nothing run or load",
        query: [{ name: "url", description: "the captured page's URL" }],
        responses: { 200: "HTML", 400: "no url, or not an http(s) URL", 404: "no such job, the job did not capture the URL, or no raw HTML was kept for it" }, produces: "text/html",
      },
    },
  },
  { path: "/api/jobs/{id}/exports/{exportId}", tag: "exports", methods: { get: { summary: "An export file of this job", responses: { 200: EXPORT_PROGRESS, 404: "no such export of this job" } } } },
  { path: "/api/jobs/{id}/exports/{exportId}/actions", tag: "exports", methods: { post: EXPORT_ACTION } },
  { path: "/api/jobs/{id}/exports/{exportId}/file", tag: "exports", methods: { get: EXPORT_FILE } },
  { path: "/api/exports/{id}", tag: "exports", methods: { get: { summary: "An export file's progress", responses: { 200: EXPORT_PROGRESS, 404: "no such export" } } } },
  { path: "/api/exports/{id}/actions", tag: "exports", methods: { post: EXPORT_ACTION } },
  { path: "/api/exports/{id}/file", tag: "exports", methods: { get: EXPORT_FILE } },
  {
    path: "/api/compare", tag: "compare", methods: {
      get: { summary: "Comparisons", responses: { 200: "comparisons" } },
      post: { summary: "Start one job per strategy with the same topic and seeds", body: CompareBody, responses: { 201: "the comparison", 400: "per-field errors" } },
    },
  },
  { path: "/api/compare/{id}", tag: "compare", methods: { get: { summary: "A comparison's jobs with harvest-rate curves and relevant pages found by 1, 2, 5 and 10 minutes and against time (byTime, timeCurve)", responses: { 200: "the comparison", 404: "no such comparison" } } } },
  {
    path: "/api/workflows", tag: "workflows", methods: {
      get: { summary: "Workflows (saved crawls run again), with their number of runs and the last run", query: [ARCHIVED], responses: { 200: "workflows" } },
      post: {
        summary: "Save a workflow: a job definition with a name, or {fromJobId} to make it from a job",
        description: "With `fromJobId` the job's seeds, strategy, settings and topic are copied.",
        body: WorkflowBody.or(WorkflowFromJobBody), responses: { 201: "the workflow (version 1)", 400: "per-field errors" },
      },
    },
  },
  {
    path: "/api/workflows/{id}", tag: "workflows", methods: {
      get: { summary: "A workflow (credentials hidden), its versions and its runs with pages new, changed and gone", responses: { 200: "the workflow and runs", 404: "no such workflow" } },
      put: { summary: "Save a new version of a workflow (empty credentials keep the previous ones)", body: WorkflowBody, responses: { 200: "the new version", 400: "per-field errors", 404: "no such workflow" } },
      delete: { summary: "Delete a workflow with its runs, their pages and export files", responses: { 200: "what was deleted", 404: "no such workflow", 409: "a run is active: stop it first" } },
    },
  },
  {
    path: "/api/workflows/{id}/schedule", tag: "workflows", methods: {
      put: {
        summary: "Set or remove a workflow's schedule (cron in a time zone)",
        description: "A time missed while the dashboard was down runs once when it starts; no run starts while the previous one has not ended.",
        body: ScheduleBody, responses: { 200: "the schedule, its description in zh-CN and en, and the next run times", 400: "per-field errors", 404: "no such workflow" },
      },
    },
  },
  {
    path: "/api/workflows/{id}/runs", tag: "workflows", methods: {
      get: { summary: "A workflow's runs with pages new, changed and gone since the run before", responses: { 200: "runs", 404: "no such workflow" } },
      post: { summary: "Run a workflow now", responses: { 201: "the run's job", 400: "the saved definition no longer validates: edit it", 404: "no such workflow" } },
    },
  },
  {
    path: "/api/workflows/{id}/archive", tag: "workflows", methods: {
      put: { summary: "Archive or unarchive a workflow (hidden from the list; its schedule starts no run while archived)", body: ArchiveBody, responses: { 200: "when it was archived (null: not archived)", 400: "archived must be true or false", 404: "no such workflow" } },
    },
  },
  ...webhookRoutes("workflow", "a workflow, told when any of its runs finishes, fails or stalls"),
  {
    path: "/api/topics", tag: "topics", methods: {
      get: { summary: "Saved topics", responses: { 200: "topics" } },
      post: { summary: "Save a topic", body: TopicSaveBody, responses: { 201: "the topic and its top terms", 400: "per-field errors" } },
    },
  },
  {
    path: "/api/topics/{id}", tag: "topics", methods: {
      get: { summary: "A saved topic", responses: { 200: "the topic", 404: "no such topic" } },
      put: { summary: "Save a new version of a topic", body: TopicSaveBody, responses: { 200: "the new version", 400: "per-field errors", 404: "no such topic" } },
    },
  },
  { path: "/api/topics/{id}/export", tag: "topics", methods: { get: { summary: "A topic as a JSON file the library imports", responses: { 200: "the file", 404: "no such topic" } } } },
  { path: "/api/topics/{id}/hosts", tag: "topics", methods: { get: { summary: "Seed suggestions: the hosts where the topic's earlier jobs found the most relevant pages", responses: { 200: "hosts", 404: "no such topic" } } } },
  { path: "/api/topics/preview", tag: "topics", methods: { post: { summary: "The top terms of a draft topic, with their sources", body: PreviewBody, responses: { 200: "terms", 400: "per-field errors" } } } },
  { path: "/api/seeds/search", tag: "topics", methods: { post: { summary: "Candidate seeds for a topic from the deployment's search providers (SEARCH_PROVIDERS), one per host, scored against the topic, with each provider's failures", body: SeedSearchBody, responses: { 200: "queries, providers and candidates", 400: "per-field errors", 404: "no such topic", 503: "no search provider is configured" } } } },
  { path: "/api/topics/example-url", tag: "topics", methods: { post: { summary: "Fetch an example page under the crawler's guards", body: ExampleUrlBody, responses: { 200: "its title and main text", 400: "why it could not be fetched" } } } },
  { path: "/api/topics/score", tag: "topics", methods: { post: { summary: "Score a text against a draft topic", body: ScoreBody, responses: { 200: `relevance, contributing terms and, for a topic of classes, \`field\`: the score before weighing, the closest other field, its cosine and the factor (docs/ALGORITHMS.md §1.3c) and, for topics built with it, the page's field posterior, its length in terms and the multiplier they give (§1.3d: lift = ${FIELD_LIFT_FLOOR} + (${FIELD_LIFT_LONG} + ${FIELD_LIFT_SHORT} / (words + ${FIELD_LIFT_WORDS})) × posterior; all three absent when the classifier knows none of the text's words): relevance = before × factor × lift`, 400: "per-field errors" } } } },
  { path: "/api/clc/search", tag: "clc", methods: { get: { summary: "Search the Chinese Library Classification", query: [{ name: "q", description: "code, Chinese name, pinyin initials or English name", required: true }], responses: { 200: "classes with their path" } } } },
  { path: "/api/clc/{code}", tag: "clc", methods: { get: { summary: "A class, its ancestors and children (`root` for the top classes)", responses: { 200: "the class", 404: "no such class" } } } },
  { path: "/api/clc/{code}/knowledge", tag: "clc", methods: { get: { summary: "A class's field vocabulary, example texts and threshold (its own or the nearest class above it); `knowledge` is null when none is known", responses: { 200: "the knowledge", 404: "no such class" } } } },
];
