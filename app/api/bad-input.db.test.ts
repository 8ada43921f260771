/**
 * Bad input against every route under app/api, on a real database and through the proxy as
 * Next.js serves it: malformed JSON, null and other non-object bodies, wrong types, numbers out
 * of range, huge bodies, too many seeds, unknown ids and paths. None may answer 500, and every
 * refusal is a JSON `{"error": "..."}` that says what was wrong.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { useRouteEnv } from "@/lib/testing/route-env";
import { makeJob } from "@/lib/testing/fixtures";
import { storeTestPage } from "@/lib/testing/results-fixtures";
import { createTopic } from "@/lib/store/topics";
import type { TopicVector } from "@/lib/topic/topic";
import { createWorkflow } from "@/lib/store/workflows";
import { dispatch, ROUTES } from "./test-dispatch";

const ctx = useTestDatabase();
// A search provider the guard refuses (loopback, private networks not allowed): a search that gets past validation ends at once.
useRouteEnv({ SEARCH_PROVIDERS: "refused=http://127.0.0.1:1/search" });

/** A request: method, path, and a body (a string is sent as it is, anything else as JSON) with optional headers. */
type Case = [method: string, path: string, body?: unknown, headers?: Record<string, string>];

const MB = 1024 * 1024;
const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
/** Bodies no route that reads a JSON object may accept. */
const NOT_OBJECTS: unknown[] = ["{", "nul", "{\"a\":}", "null", "[]", "\"text\"", "42", "true", "\u0000", deep(200_000), "{\"a\":1}garbage"];
const BAD_IDS = ["0", "-1", "1e20", "abc", "2147483648", "99999999999", "1.5", "%20", "999999"];

function cases(jobId: number, pageId: string, topicId: number, workflowId: number): Case[] {
  const j = `/api/jobs/${jobId}`;
  const all: Case[] = [];
  // Malformed and non-object bodies on every route that reads a JSON object.
  const objectRoutes: [string, string][] = [
    ["POST", "/api/jobs"], ["POST", `${j}/actions`], ["POST", `${j}/continue`], ["POST", `${j}/seeds`], ["POST", `${j}/topic`], ["POST", `${j}/topic/refine`],
    ["POST", "/api/compare"], ["POST", "/api/topics"], ["PUT", `/api/topics/${topicId}`], ["POST", "/api/topics/preview"],
    ["POST", "/api/topics/example-url"], ["POST", "/api/topics/score"], ["PUT", `${j}/judgements`], ["PUT", `${j}/pages/${pageId}/judgement`],
    ["POST", `${j}/exports`], ["POST", "/api/seeds/search"], ["POST", "/api/workflows"], ["PUT", `/api/workflows/${workflowId}`], ["PUT", `/api/workflows/${workflowId}/schedule`],
    ["POST", `/api/workflows/${workflowId}/webhooks`], ["PUT", `/api/workflows/${workflowId}/archive`], ["PUT", `${j}/archive`], ["POST", `${j}/webhooks`],
  ];
  for (const [method, path] of objectRoutes) {
    for (const body of NOT_OBJECTS) all.push([method, path, body]);
    all.push([method, path, "{\"x\":1}", { "content-type": "text/plain" }]);
    all.push([method, path, "x".repeat(9 * MB)]);
  }
  // Wrong types and numbers out of range.
  const job = { keywords: "计算机", seeds: ["http://a.test/"] };
  for (const body of [
    { ...job, topicId: 1e20 }, { ...job, topicId: "1e20" }, { ...job, topicId: -1 }, { ...job, topicId: 999_999 }, { ...job, maxPages: 1e308 },
    { ...job, maxPages: "Infinity" }, { ...job, maxDepth: -1 }, { ...job, pageThreshold: "NaN" }, { ...job, keywords: 123 }, { ...job, seeds: {} },
    { ...job, seeds: ["javascript:alert(1)"] }, { ...job, strategy: "nope" }, { ...job, strategyParams: "x" }, { ...job, name: "名".repeat(300_000) },
    { ...job, clc: ["ZZ9"] }, { ...job, minDelayMs: 1e308 }, { ...job, seeds: Array.from({ length: 20_000 }, (_, i) => `http://a.test/${i}`) },
  ]) all.push(["POST", "/api/jobs", body]);
  for (const body of [{ ...job }, { ...job, name: "" }, { ...job, name: 5 }, { ...job, name: "x".repeat(201) }, { ...job, name: "w", seeds: ["ftp://x/"] },
    { ...job, name: "w", maxPages: -1 }, { fromJobId: "1" }, { fromJobId: 1e20 }, { fromJobId: 999_999 }, { fromJobId: jobId, name: "" }, { fromJobId: null }]) {
    all.push(["POST", "/api/workflows", body]);
  }
  for (const body of [{ ...job }, { ...job, name: "w", strategy: "nope" }, { ...job, name: "w", seeds: [] }]) all.push(["PUT", `/api/workflows/${workflowId}`, body]);
  for (const body of [{}, { schedule: 5 }, { schedule: "* * * *" }, { schedule: "61 * * * *" }, { schedule: "* * * * *", timeZone: "Mars/Olympus" }, { schedule: "x".repeat(10_000) },
    { schedule: ["* * * * *"] }, { schedule: "* * * * *", timeZone: 5 }]) all.push(["PUT", `/api/workflows/${workflowId}/schedule`, body]);
  const hook = { url: "https://hooks.example.com/fc", secret: "0123456789abcdef", events: ["run.finished"] };
  for (const body of [{}, { ...hook, url: 5 }, { ...hook, url: "" }, { ...hook, url: "hooks" }, { ...hook, url: "ftp://h.example/" }, { ...hook, url: "http://127.0.0.1:1/" },
    { ...hook, url: "https://u:p@h.example/" }, { ...hook, url: `https://h.example/${"x".repeat(3000)}` }, { ...hook, secret: "short" }, { ...hook, secret: 5 },
    { ...hook, secret: "has spaces in the secret" }, { ...hook, events: [] }, { ...hook, events: "run.nope" }, { ...hook, events: [5] }, { ...hook, secret: "x".repeat(300) }]) {
    all.push(["POST", `/api/workflows/${workflowId}/webhooks`, body], ["POST", `${j}/webhooks`, body]);
  }
  for (const body of [{}, { archived: "yes" }, { archived: 1 }, { archived: null }]) all.push(["PUT", `/api/workflows/${workflowId}/archive`, body], ["PUT", `${j}/archive`, body]);
  for (const body of [{ ...job, strategies: "bfs" }, { ...job, strategies: ["nope"] }, { ...job, strategies: [] }, { ...job, topicId: 1e20, strategies: ["bfs"] }]) {
    all.push(["POST", "/api/compare", body]);
  }
  for (const body of [{ action: 1 }, { action: "explode" }, { action: null }, { __proto__: { action: "stop" } }, { action: ["stop"] }]) all.push(["POST", `${j}/actions`, body]);
  for (const body of [{ maxPages: 1e20 }, { maxPages: "x" }, { maxPages: -1 }, { maxPages: 1.5 }, { maxPages: null }, {}, { maxPages: 10 }]) all.push(["POST", `${j}/continue`, body]);
  for (const body of [{ topicId: 1e20 }, { topicId: "1" }, { topicId: -1 }, { topicId: 0 }, { topicId: 1.5 }, { topicId: 999_999 }, {}]) all.push(["POST", `${j}/topic`, body]);
  for (const body of [{ pages: 1e308 }, { pages: -1 }, { pages: "10" }, { pages: null }, { pages: 1.5 }, { preview: "yes" }, { threshold: 1 }]) all.push(["POST", `${j}/topic/refine`, body]);
  for (const body of [
    { seeds: "http://a.test/" }, { seeds: [1, 2] }, { seeds: [] }, { seeds: [null] }, { seeds: ["ftp://x/"] }, { seeds: ["x".repeat(100_000)] },
    { seeds: Array.from({ length: 10_001 }, (_, i) => `http://a.test/${i}`) },
  ]) all.push(["POST", `${j}/seeds`, body]);
  for (const body of [{ judgement: "maybe" }, { judgement: 1 }, { pageIds: [1e20], judgement: "relevant" }, { pageIds: "1", judgement: null }, { pageIds: [], judgement: null }]) {
    all.push(["PUT", `${j}/judgements`, body]);
  }
  all.push(["PUT", `${j}/pages/${pageId}/judgement`, { judgement: "yes" }]);
  for (const body of [{ format: "xlsx" }, { format: 1 }, {}, { format: "csv", filters: 5 }, { format: "csv", filters: "colour=red" }, { format: "csv", filters: "min=1e308" },
    { format: "warc", filters: "depth=-1" }, { format: "jsonl", filters: `q=${"x".repeat(100_000)}` }, { format: ["csv"] }]) all.push(["POST", `${j}/exports`, body]);
  for (const body of [{ clc: 5 }, { exampleTexts: "x" }, { termWeights: [{ term: "", weight: "x" }] }, { exampleUrls: ["javascript:1"] }, { keywords: ["的"] }, { clc: ["TP3"], titleBoost: 1e308 }]) {
    all.push(["POST", "/api/topics/preview", body]);
  }
  for (const body of [{}, { query: "   " }, { query: 5 }, { query: "x".repeat(500) }, { topicId: 1e20 }, { topicId: "1" }, { topicId: 0 }, { topicId: 999_999 },
    { keywords: ["的"] }, { clc: 5 }, { clc: ["ZZ9"] }, { query: "数据库", exampleTexts: "x" }]) all.push(["POST", "/api/seeds/search", body]);
  for (const body of [{ url: 5 }, { url: "" }, { url: "ftp://x/" }, { url: "http://127.0.0.1:1/" }]) all.push(["POST", "/api/topics/example-url", body]);
  for (const body of [{ text: 5 }, { text: "x", topic: null }, { text: "x".repeat(300_000), topic: { clc: ["TP3"] } }]) all.push(["POST", "/api/topics/score", body]);
  for (const body of [{ name: "" , clc: ["TP3"] }, { name: "x", pageThreshold: 1e308, clc: ["TP3"] }]) all.push(["POST", "/api/topics", body]);
  // Reports that do not exist, or not as CSV.
  for (const file of ["nope.csv", "hosts.txt", "hosts", "..%2Fhosts.csv", "%00.csv", "x".repeat(3000) + ".csv"]) all.push(["GET", `${j}/reports/${file}`]);
  // Replays of no URL, of what is no http(s) URL, of a URL far too long and of one the job never captured.
  for (const q of ["", "?url=", "?url=ftp%3A%2F%2Fx%2F", "?url=%00", "?url=javascript%3Aalert(1)", "?url=http%3A%2F%2F", `?url=http%3A%2F%2Fa.test%2F${"x".repeat(3000)}`,
    "?url=http%3A%2F%2Fnever.test%2F", "?url=http%3A%2F%2Fa.test%2F%00", "?url=1&url=2"]) all.push(["GET", `${j}/replay${q}`]);
  // Unknown and malformed ids on every route that takes one.
  for (const id of BAD_IDS) {
    for (const sub of ["", "/events", "/export?format=csv", "/frontier", "/pages", "/pages/1", "/pages/1/snapshot", "/reports/hosts.csv", "/replay?url=http%3A%2F%2Fa.test%2F"]) all.push(["GET", `/api/jobs/${id}${sub}`]);
    all.push(["POST", `/api/jobs/${id}/actions`, { action: "stop" }], ["POST", `/api/jobs/${id}/continue`, { maxPages: 10 }], ["POST", `/api/jobs/${id}/seeds`, { seeds: ["http://a.test/"] }]);
    all.push(["POST", `/api/jobs/${id}/topic`, { topicId }], ["POST", `/api/jobs/${id}/topic/refine`, {}], ["POST", `/api/jobs/${id}/topic/undo`], ["PUT", `/api/jobs/${id}/judgements`, { pageIds: ["1"], judgement: null }]);
    for (const sub of ["", "/export", "/hosts"]) all.push(["GET", `/api/topics/${id}${sub}`]);
    all.push(["PUT", `/api/topics/${id}`, { clc: ["TP3"] }], ["GET", `/api/compare/${id}`]);
    all.push(["GET", `/api/jobs/${id}/exports`], ["POST", `/api/jobs/${id}/exports`, { format: "csv" }], ["GET", `/api/exports/${id}`]);
    all.push(["POST", `/api/exports/${id}/actions`, { action: "cancel" }], ["GET", `${j}/exports/${id}`]);
    all.push(["POST", `${j}/exports/${id}/actions`, { action: "resume" }]);
    all.push(["GET", `/api/workflows/${id}`], ["PUT", `/api/workflows/${id}`, { ...{ keywords: "计算机", seeds: ["http://a.test/"] }, name: "w" }], ["DELETE", `/api/workflows/${id}`]);
    all.push(["GET", `/api/jobs/${id}/requests`]);
    all.push(["GET", `/api/workflows/${id}/runs`], ["POST", `/api/workflows/${id}/runs`], ["PUT", `/api/workflows/${id}/schedule`, { schedule: "* * * * *" }]);
    all.push(["GET", `/api/workflows/${id}/webhooks`], ["POST", `/api/workflows/${id}/webhooks`, hook], ["PUT", `/api/workflows/${id}/archive`, { archived: true }]);
    all.push(["DELETE", `/api/workflows/${workflowId}/webhooks/${id}`], ["POST", `/api/workflows/${workflowId}/webhooks/${id}/test`], ["DELETE", `/api/workflows/${id}/webhooks/1`]);
    all.push(["PUT", `/api/jobs/${id}/archive`, { archived: true }]);
    all.push(["GET", `/api/jobs/${id}/webhooks`], ["POST", `/api/jobs/${id}/webhooks`, hook], ["DELETE", `${j}/webhooks/${id}`], ["POST", `${j}/webhooks/${id}/test`]);
  }
  for (const p of ["0", "-1", "1e20", "abc", "9999999999999999999999"]) all.push(["GET", `${j}/pages/${p}`], ["PUT", `${j}/pages/${p}/judgement`, { judgement: null }]);
  // Paging, filters and search parameters.
  for (const q of ["screen=1e20", "screen=1e308", "screen=Infinity", "screen=-1", "screen=abc", "screen=", "view=evil", "sort=evil", "min=2", "min=1e308", "max=-1",
    "after=garbage", `q=${"x".repeat(500)}`, "q=%00", "q=%E0%A4%A", "rev=1e20", "from=2020-13-45", "kind=x", "text=1&screen=1e308"]) all.push(["GET", `${j}/pages?${q}`]);
  for (const q of ["format=exe", "format=", "format=csv&sort=evil", "format=csv&min=1e308", "format=jsonl&q=%00"]) all.push(["GET", `${j}/export?${q}`]);
  // A workflow run's marks and "new or changed since run N" (this job is no workflow run: every since is refused).
  for (const q of ["mark=evil", "since=abc", "since=1e20", "since=999999", "since=0"]) all.push(["GET", `${j}/pages?${q}`], ["GET", `${j}/export?format=csv&${q}`]);
  all.push(["POST", `${j}/exports`, { format: "csv", filters: "since=999999" }]);
  for (const q of ["limit=1e308", "limit=-5", "limit=abc", "limit=Infinity"]) all.push(["GET", `${j}/frontier?${q}`]);
  for (const q of ["status=6xx", "outcome=evil", "after=abc", "after=1e20", "limit=0", "limit=201", "limit=1.5", `host=${"x".repeat(300)}`, "status=%00"]) all.push(["GET", `${j}/requests?${q}`]);
  for (const q of ["q=", "q=%00", "limit=1e308&q=TP", `q=${"计".repeat(5000)}`]) all.push(["GET", `/api/clc/search?${q}`]);
  for (const code of ["%25", "%E0%A4%A", "..%2F..%2Fetc", "ZZ9", "%00", "x".repeat(5000)]) all.push(["GET", `/api/clc/${code}`], ["GET", `/api/clc/${code}/knowledge`]);
  all.push(["GET", "/api/compare/nothex000000"]);
  all.push(["GET", "/api/openapi.json?format=%00&x=1e308"]);
  // The sign-in and sign-out forms.
  for (const body of ["", "name=", "name=%00&password=x", `name=${"x".repeat(5000)}&password=x`, "next=%2F%09%2Fevil.example", "%E0%A4%A=1", "a=b&a=c"]) {
    all.push(["POST", "/api/auth/login", body, { "content-type": "application/x-www-form-urlencoded" }]);
  }
  all.push(["POST", "/api/auth/logout", "", { "content-type": "application/x-www-form-urlencoded" }], ["POST", "/api/auth/logout", "x=%00"]);
  // Paths no route serves.
  for (const path of ["/api/nope", "/api/jobs/1/nope", "/api/topics/1/nope/deeper", "/api/.env", "/api/jobs/1/pages/1/snapshot/x"]) all.push(["GET", path], ["POST", path, {}]);
  return all;
}

/** A route that throws is what Next.js answers 500 for. */
async function send(c: Case) {
  try {
    return await sendOrThrow(c);
  } catch (err) {
    return { status: 500, type: "", text: `threw ${(err as Error).stack?.slice(0, 400)}` };
  }
}

async function sendOrThrow([method, path, body, headers]: Case) {
  process.env.DATABASE_URL = ctx.db.url;
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const res = await dispatch(new Request(`http://127.0.0.1:3000${path}`, {
    method, body: text, headers: { host: "127.0.0.1:3000", ...(text === undefined ? {} : { "content-type": "application/json" }), ...headers },
  }));
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) await res.body?.cancel();
  return { status: res.status, type, text: type.startsWith("text/event-stream") ? "" : await res.text() };
}

test("at least 100 malformed requests across every route: no 500, a JSON error on each refusal", async () => {
  const job = await makeJob(ctx.db.url, { keepRawHtml: "true" });
  const pageId = await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/p", title: "计算机", mainText: "计算机 网络" });
  const topic = await createTopic(ctx.prisma, "t", job.topicSnapshot as unknown as TopicVector, 0.035);
  const workflow = await createWorkflow(ctx.prisma, "w", { keywords: "计算机", seeds: "http://a.test/" });
  assert.ok(workflow.ok);
  const list = cases(job.id, pageId, topic.id, workflow.workflow.id);
  assert.ok(list.length >= 100, `${list.length} cases`);
  const served = new Set<string>();
  const problems: string[] = [];
  for (const c of list) {
    if (process.env.DEBUG_CASES) console.log(c[0], c[1].slice(0, 80), String(c[2] ?? "").slice(0, 40));
    const r = await send(c);
    const label = `${c[0]} ${c[1].slice(0, 80)} ${JSON.stringify(c[2] ?? "").slice(0, 60)} → ${r.status}`;
    for (const [pattern] of ROUTES) if (new RegExp(`^${pattern.replace(/\[\w+\]/g, "[^/]+")}(\\?|$)`).test(c[1])) served.add(pattern);
    if (r.status >= 500) problems.push(`${label}: ${r.text.slice(0, 200)}`);
    else if (r.status >= 400) {
      let error: unknown;
      try {
        error = /json/.test(r.type) ? JSON.parse(r.text).error : undefined;
      } catch { /* reported below */ }
      if (typeof error !== "string" || error.length < 10) problems.push(`${label}: not a JSON error (${r.type}) ${r.text.slice(0, 120)}`);
    }
  }
  assert.deepEqual(problems, [], `${problems.length} of ${list.length} answers were wrong`);
  const routesWithCases = ROUTES.map(([p]) => p).filter((p) => p !== "/api/health");
  assert.deepEqual(routesWithCases.filter((p) => !served.has(p)), [], "every route gets bad input");
  const [jobs] = await ctx.db.sql`select count(*)::int as n from jobs`;
  assert.equal(jobs.n, 1, "no bad request created a job");
  const workflows = await ctx.db.sql`select version, schedule, archived_at from workflows`;
  assert.deepEqual([...workflows], [{ version: 1, schedule: null, archived_at: null }], `no bad request created or changed a workflow: ${JSON.stringify(workflows)}`);
  assert.deepEqual([...await ctx.db.sql`select id from webhooks`], [], "no bad request added a webhook");
  assert.deepEqual([...await ctx.db.sql`select id from webhook_deliveries`], [], "nor queued a delivery");
  assert.deepEqual([...await ctx.db.sql`select id from jobs where archived_at is not null`], [], "no bad request archived a job");
  const exports = await ctx.db.sql`select format, filters from exports`;
  assert.deepEqual([...exports], [], "no bad request started an export file");
});

test("each kind of bad input gets the status that names it", async () => {
  const job = await makeJob(ctx.db.url, {});
  const j = `/api/jobs/${job.id}`;
  const expect: [Case, number, RegExp][] = [
    [["POST", `${j}/actions`, "null"], 400, /must be a JSON object/],
    [["POST", `${j}/actions`, "{"], 400, /not valid JSON/],
    [["POST", `${j}/actions`, "x".repeat(2 * MB)], 413, /too large/],
    [["POST", `${j}/actions`, "x".repeat(11 * MB)], 413, /too large/],
    [["POST", `${j}/actions`, "{}", { "content-type": "text/plain" }], 415, /application\/json/],
    [["POST", `${j}/topic`, { topicId: 1e20 }], 400, /topicId/],
    [["POST", "/api/jobs", { keywords: "计算机", seeds: ["http://a.test/"], topicId: 1e20 }], 400, /topicId must be the number of a saved topic/],
    [["POST", `${j}/seeds`, { seeds: Array.from({ length: 10_001 }, (_, i) => `http://a.test/${i}`) }], 400, /at most 10000 seed URLs per request/],
    [["GET", "/api/jobs/0/pages"], 404, /no job 0/],
    [["GET", "/api/jobs/0/events"], 404, /no job 0/],
    [["GET", "/api/jobs/999999/events"], 404, /no job 999999/],
    [["GET", "/api/clc/%25"], 404, /no CLC class "%"/],
    [["GET", "/api/clc/ZZ9/knowledge"], 404, /no CLC class "ZZ9"/],
    [["GET", "/api/jobs/1/nope"], 404, /no API at \/api\/jobs\/1\/nope/],
    [["POST", "/api/workflows", { keywords: "计算机", seeds: ["http://a.test/"] }], 400, /give the workflow a name/],
    [["POST", "/api/workflows", { fromJobId: 999_999 }], 400, /job 999999 does not exist/],
    [["POST", "/api/workflows/999999/runs"], 404, /workflow 999999 does not exist/],
    [["PUT", "/api/workflows/999999/schedule", { schedule: "* * * * *" }], 404, /workflow 999999 does not exist/],
    [["GET", `${j}/requests?status=6xx`], 400, /status must be one of: 2xx, 3xx, 4xx, 5xx, none/],
    [["POST", "/api/workflows/999999/webhooks", { url: "https://h.example/", secret: "0123456789abcdef", events: ["run.failed"] }], 404, /workflow 999999 does not exist/],
    [["POST", "/api/workflows/999999/webhooks", { url: "http://10.0.0.5/hook", secret: "short", events: [] }], 400, /private or local address.*secret must be 16 to 256.*pick at least one of/],
    [["POST", "/api/workflows/999999/webhooks/1/test"], 404, /workflow 999999 has no webhook 1/],
    [["POST", "/api/jobs/999999/webhooks", { url: "https://h.example/", secret: "0123456789abcdef", events: ["run.failed"] }], 404, /job 999999 does not exist/],
    [["DELETE", `${j}/webhooks/999999`], 404, new RegExp(`job ${job.id} has no webhook 999999`)],
    [["PUT", "/api/workflows/999999/archive", { archived: "yes" }], 400, /archived must be true \(archive\) or false/],
    [["PUT", `${j}/archive`, { archived: true }], 409, /stop it first.*then archive it/],
  ];
  for (const [c, status, message] of expect) {
    const r = await send(c);
    assert.equal(r.status, status, `${c[0]} ${c[1]} ${String(c[2]).slice(0, 30)}: ${r.text.slice(0, 200)}`);
    assert.match(JSON.parse(r.text).error, message);
  }
  const screen = JSON.parse((await send(["GET", `${j}/pages?screen=1e308`])).text);
  assert.deepEqual([screen.screen, screen.rows], [200_000, []]);
});
