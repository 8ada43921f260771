/**
 * Fuzzing every route under app/api (found on disk by test-dispatch.ts, so a new route is fuzzed
 * without being listed) on a real database, through the proxy as Next.js serves it: bodies,
 * query strings, path segments and Basic-auth names full of NUL characters, lone surrogates,
 * huge strings and deeply nested JSON (fast-check), then four identical writes at once to every
 * route that writes. No answer may be a 500, and every refusal is a JSON error.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import fc from "fast-check";
import { useTestDatabase } from "@/lib/testing/db";
import { useRouteEnv } from "@/lib/testing/route-env";
import { makeJob } from "@/lib/testing/fixtures";
import { storeTestPage } from "@/lib/testing/results-fixtures";
import { createTopic } from "@/lib/store/topics";
import type { TopicVector } from "@/lib/topic/topic";
import { signedInTarget } from "@/app/login/signed-in-target";
import { dispatch, ROUTES, routeMethods } from "./test-dispatch";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "focuscrawl-fuzz-"));
// Every fetch a fuzzed example URL could start goes to a closed loopback port, which the address guard refuses: no real network.
// A search provider the guard refuses (loopback without ALLOW_PRIVATE_NETWORKS): searches are answered at once, and never leave the machine.
useRouteEnv({ CRAWL_RESOLVE: "*=127.0.0.1:9", FOCUSCRAWL_DATA_DIR: dataDir, SEARCH_PROVIDERS: "refused=http://127.0.0.1:1/search" });
delete process.env.ALLOW_PRIVATE_NETWORKS;
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs per route and method: bounded, so that the whole file stays within a minute or two. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const deepJson = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

/** Text that broke routes before: NUL, lone surrogates (either half, at either end), and the like. */
const nastyText = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udfff", "\udc00\ud800", "计算\ud83d", "😀", "", " ", "../../etc", "%00", "'; drop table jobs; --",
    "<script>alert(1)</script>", "1e308", "-1", "NaN", "\\", "TP3\u0000", "http://a.test/\u0000", "http://127.1/", "\r\n", "*", "**"),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((codes) => String.fromCharCode(...codes)),
  fc.integer({ min: 3_000, max: 300_000 }).map((n) => "计".repeat(n)),
);
/**
 * Nasty text short enough for an address: Node.js refuses request heads over 16 KB (431) before
 * any route sees them, so longer query strings and path segments test nothing real.
 */
const nastyUrlText = nastyText.filter((t) => t.length <= 400);
/** Any JSON value a hostile client could send, nasty text inside. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53, true, false, null),
  fc.array(nastyText, { maxLength: 4 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
  fc.integer({ min: 65, max: 1_500 }).map((n) => JSON.parse(deepJson(n))), // deeper ones go as raw text (nastyBodyFor): JSON.stringify recurses
  fc.integer({ min: 1, max: 3 }).map((n) => Array.from({ length: n * 4000 }, (_, i) => `词${i}`)),
);
/** Field names the routes read, so that fuzzed values reach their validators. */
const FIELDS = ["keywords", "name", "seeds", "clc", "cookies", "siteAuth", "resolve", "allow", "deny", "proxy", "description", "userDict", "negative",
  "exampleTexts", "exampleUrls", "exampleUrlTexts", "termWeights", "action", "judgement", "pageIds", "format", "filters", "topicId", "text", "topic",
  "url", "pages", "strategies", "strategy", "strategyParams", "maxPages", "pageThreshold", "__proto__", "constructor"];
/** Characters PostgreSQL refuses or UTF-8 cannot encode, to put inside otherwise valid text. */
const POISON = ["\u0000", "\ud800", "\udfff", "\udc00"];

/** `value` (valid) with a poison character put into its text: into a string, or into each string of a list. */
const poisoned = (value: unknown) => fc.tuple(fc.constantFrom(...POISON), fc.nat()).map(([p, at]) => {
  const put = (t: string) => t.slice(0, at % (t.length + 1)) + p + t.slice(at % (t.length + 1));
  if (typeof value === "string") return put(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? put(v) : v));
  return put("x");
});

/**
 * A body for a route: its valid body (VALID_BODIES, else `{}`) with one to three fields replaced,
 * mostly by the field's own value with a poison character inside (so that it passes every other
 * check and reaches the database unless something stops it), else by any nasty value; or a raw
 * hostile body.
 */
const nastyBodyFor = (valid: Record<string, unknown>) => {
  const keys = [...new Set([...Object.keys(valid), ...FIELDS])];
  const field = fc.constantFrom(...keys).chain((k) => fc.tuple(fc.constant(k), fc.oneof(
    { weight: k in valid ? 3 : 1, arbitrary: poisoned(valid[k]) }, { weight: 1, arbitrary: nastyValue })));
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(field, { minLength: 1, maxLength: 3 }).map((pairs) => JSON.stringify({ ...valid, ...Object.fromEntries(pairs) })) },
    fc.constantFrom(`{"keywords":${deepJson(100_000)}}`, `{"a":"\\u0000"}`, `{"name":"\\ud800"}`, `{"\\u0000":1}`, "\"\\ud800\"", "{}"),
  );
};

/** Bodies that pass validation, the base the fuzzed bodies mutate and what the concurrent writes send; any other write route gets `{}`. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/topics": { name: "并发", description: "说明", clc: ["TP3"], keywords: "数据库", userDict: ["数据库系统"], negative: ["娱乐"] },
  "PUT /api/topics/[id]": { name: "新版", clc: ["TP3"], keywords: "数据库", exampleTexts: ["数据库 索引 查询"] },
  "POST /api/jobs/[id]/seeds": { seeds: ["http://b.test/"] },
  "POST /api/jobs/[id]/actions": { action: "pause" },
  "PUT /api/jobs/[id]/judgements": { pageIds: ["1"], judgement: "relevant" },
  "PUT /api/jobs/[id]/pages/[pageId]/judgement": { judgement: "relevant" },
  "POST /api/jobs/[id]/topic": { topicId: 1 },
  "POST /api/compare": { keywords: "计算机", seeds: ["http://a.test/"], strategies: ["bfs", "best-first"], maxPages: 5 },
  "POST /api/jobs/[id]/exports": { format: "csv" },
  "POST /api/topics/preview": { clc: ["TP3"], keywords: "数据库" },
  "POST /api/topics/score": { text: "数据库 索引 查询", topic: { clc: ["TP3"] } },
  "POST /api/seeds/search": { keywords: "数据库,索引", query: "数据库 索引" },
  "POST /api/jobs": { name: "任务", keywords: "计算机", seeds: ["http://a.test/"], maxPages: 5, cookies: ["a.test sid=1"], resolve: ["a.test=93.184.215.14"],
    seedOrigins: { "http://a.test/": { kind: "search", provider: "p", query: "q", score: 0.5 } }, sitemaps: true, fetchMode: "auto", browserHosts: ["a.test"] },
  // A loopback receiver, which the guard refuses here: no fuzzed request leaves the machine.
  "POST /api/workflows/[id]/webhooks": { url: "http://127.0.0.1:9/hook", secret: "0123456789abcdef", events: ["run.finished"] },
  "PUT /api/workflows/[id]/archive": { archived: true },
  "PUT /api/jobs/[id]/archive": { archived: true },
  "POST /api/jobs/[id]/webhooks": { url: "http://127.0.0.1:9/hook", secret: "0123456789abcdef", events: ["run.failed"] },
};

/** Percent-encoding that also carries a lone surrogate (as the bytes a client would send for it). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split("").map((c) => { try { return encodeURIComponent(c); } catch { return "%ED%A0%80"; } }).join("");
  }
}

interface Answer { status: number; type: string; text: string; location?: string | null }

async function send(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  process.env.DATABASE_URL = ctx.db.url;
  const started = Date.now();
  if (process.env.FUZZ_DEBUG) console.log("SEND", method, url.slice(0, 120), String(body).slice(0, 80));
  try {
    const res = await dispatch(new Request(`http://127.0.0.1:3000${url}`, {
      method, body, headers: { host: "127.0.0.1:3000", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    }));
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, type, text: "" };
    }
    return { status: res.status, type, text: await res.text(), location: res.headers.get("location") };
  } catch (err) {
    return { status: 500, type: "", text: `threw ${(err as Error).stack?.slice(0, 400)}` }; // what Next.js answers for a throw
  } finally {
    if (process.env.FUZZ_DEBUG) console.log("TOOK", Date.now() - started);
  }
}

/** Why an answer is wrong (a 500, or a refusal that is not a JSON error), or null. */
function problemWith(a: Answer): string | null {
  if (a.status >= 500) return `${a.status}: ${a.text.slice(0, 300)}`;
  // 405 is Next.js's own answer for a method the matched route lacks (a fuzzed empty segment can match another route).
  if (a.status < 400 || a.status === 405) return null;
  try {
    const error = JSON.parse(a.text).error;
    return typeof error === "string" && error.length >= 10 ? null : `${a.status} without a JSON error: ${a.text.slice(0, 200)}`;
  } catch {
    return `${a.status} is not JSON (${a.type}): ${a.text.slice(0, 200)}`;
  }
}

/** A route's path with its dynamic segments filled from `ids` (a topic's id under /api/topics), or with `segment` in the first of them. */
function pathOf(pattern: string, ids: Record<string, string>, segment?: string): string {
  if (pattern.startsWith("/api/topics/")) ids = { ...ids, id: ids.topicId };
  let isFirst = true;
  return pattern.replace(/\[(\w+)\]/g, (_w, name: string) => {
    const v = isFirst && segment !== undefined ? encode(segment) : ids[name] ?? "1";
    isFirst = false;
    return v;
  });
}

async function fixtures(): Promise<Record<string, string>> {
  const job = await makeJob(ctx.db.url, { keepRawHtml: "true" });
  const pageId = await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/p", title: "计算机", mainText: "计算机 网络" });
  const topic = await createTopic(ctx.prisma, "t", job.topicSnapshot as unknown as TopicVector, 0.035);
  return { id: String(job.id), pageId, exportId: "1", code: "TP3", jobId: String(job.id), topicId: String(topic.id) };
}

test("every route under app/api, fuzzed with hostile bodies, queries, path segments and credentials: no 500", async () => {
  const ids = await fixtures();
  assert.ok(ROUTES.length >= 30, `${ROUTES.length} routes found`);
  for (const [pattern, mod] of [...ROUTES, ["/api/[...path]", {}] as [string, Record<string, unknown>]]) {
    const methods = pattern === "/api/[...path]" ? ["GET", "POST"] : routeMethods(mod);
    for (const method of methods) {
      const isWrite = method !== "GET" && method !== "HEAD";
      await fc.assert(fc.asyncProperty(nastyBodyFor(VALID_BODIES[`${method} ${pattern}`] ?? {}), nastyUrlText, nastyUrlText, fc.boolean(), async (body, query, segment, isSegmentFuzzed) => {
        const url = `${pathOf(pattern, ids, isSegmentFuzzed ? segment : undefined)}?q=${encode(query)}&screen=${encode(query)}&format=${encode(query)}&limit=${encode(query)}`;
        const answer = await send(method, url, isWrite ? body : undefined);
        assert.equal(problemWith(answer), null, `${method} ${url.slice(0, 100)} ${body.slice(0, 100)}`);
      }), { numRuns: RUNS_PER_ROUTE, endOnFailure: true });
    }
  }
});

test("hostile sign-in names and Basic-auth users with sign-in on: refused with a reason, never a 500", async () => {
  process.env.ADMIN_PASSWORD = "bootstrap-secret-1";
  try {
    await fc.assert(fc.asyncProperty(nastyText, async (name) => {
      const basic = await send("GET", "/api/jobs", undefined, { authorization: `Basic ${Buffer.from(`${name}:pw`).toString("base64")}` });
      assert.equal(problemWith(basic), null, `Basic ${JSON.stringify(name.slice(0, 40))}`);
      const form = await send("POST", "/api/auth/login", `name=${encode(name)}&password=x&next=${encode(name)}`, { "content-type": "application/x-www-form-urlencoded" });
      assert.equal(problemWith(form), null, `sign-in ${JSON.stringify(name.slice(0, 40))}`);
      assert.ok(form.status === 303, `sign-in answers with the form again: ${form.status}`);
    }), { numRuns: 30 });
  } finally {
    delete process.env.ADMIN_PASSWORD;
    await ctx.db.sql`delete from login_attempts`;
  }
});

/** `next` values that broke /login: non-ASCII, slashes written with other characters, backslashes, encoded slashes. */
const nastyNext = fc.oneof(
  fc.constantFrom("/jobs/26/results?q=农业", "/jobs/26/results?q=%E5%86%9C%E4%B8%9A", "／／evil.example", "%EF%BC%8F%EF%BC%8Fevil", "/／evil.example",
    "\u2215\u2215evil.example", "/\u2215evil.example", "\\\\evil.example", "/\\evil.example", "/%2F%2Fevil.example", "/\uff3cevil.example", "/主题#段落", "/\ud800"),
  fc.tuple(fc.constantFrom("/", "", "／", "\u2215", "\\", "%2F"), fc.constantFrom("/", "／", "\u2215", "\\", "\uff3c", ""), nastyUrlText).map((parts) => parts.join("")),
);

test("/login's next, non-ASCII or with Unicode slashes: a Location of this site in plain ASCII, never a 500", async () => {
  process.env.ADMIN_PASSWORD = "bootstrap-secret-1";
  try {
    await fc.assert(fc.asyncProperty(nastyNext, fc.boolean(), async (next, isRightPassword) => {
      // A signed-in visit: the page redirects to signedInTarget(next), which must be a valid header of this site.
      const target = signedInTarget(next);
      assert.doesNotThrow(() => http.validateHeaderValue("location", target), `signed-in target of ${JSON.stringify(next)}: ${target}`);
      assert.ok(target.startsWith("/") && !/^\/[/\\]/.test(target) && new URL(target, "http://x.test/").host === "x.test", `${JSON.stringify(next)} → ${target}`);
      // A wrong password: the form comes back to /login with next in its query (and a right one goes to next).
      const password = isRightPassword ? "bootstrap-secret-1" : "wrong";
      const form = await send("POST", "/api/auth/login", `name=admin&password=${password}&next=${encode(next)}`, { "content-type": "application/x-www-form-urlencoded" });
      assert.equal(problemWith(form), null, `sign-in with next ${JSON.stringify(next)}`);
      assert.equal(form.status, 303);
      assert.ok(form.location?.startsWith("/") && !/^\/[/\\]/.test(form.location), `${JSON.stringify(next)} → ${form.location}`);
      assert.doesNotThrow(() => http.validateHeaderValue("location", form.location!));
      await ctx.db.sql`delete from users`;
    }), { numRuns: 30 });
  } finally {
    delete process.env.ADMIN_PASSWORD;
    await ctx.db.sql`delete from login_attempts`;
    await ctx.db.sql`delete from users`;
  }
});

test("a seed search for words without terms (stop words, numbers, punctuation, over-long words): a 400 saying what to type, never a 500", async () => {
  const termless = ["-1", "的", "...", "的 了 -1", "！！", "\u3000", "1 2 3", "x".repeat(150)];
  for (const query of termless) {
    for (const lang of ["zh-CN", "en"]) {
      const a = await send("POST", "/api/seeds/search", JSON.stringify({ query }), { "accept-language": lang });
      assert.equal(problemWith(a), null, `query ${JSON.stringify(query)}`);
      assert.equal(a.status, 400, `query ${JSON.stringify(query)}: ${a.text.slice(0, 200)}`);
      const error = JSON.parse(a.text).error as string;
      if (query.trim() && query.length < 100) assert.match(error, lang === "en" ? /words of the field/ : /这个领域的词/, error);
    }
  }
  await fc.assert(fc.asyncProperty(nastyUrlText.map((t) => t.slice(0, 200)), async (query) => {
    assert.equal(problemWith(await send("POST", "/api/seeds/search", JSON.stringify({ query }))), null, `query ${JSON.stringify(query.slice(0, 40))}`);
  }), { numRuns: 40 });
});

test("four identical writes at once to every route that writes: each answered, none a 500", async () => {
  const ids = await fixtures();
  const problems: string[] = [];
  for (const [pattern, mod] of ROUTES) {
    for (const method of routeMethods(mod).filter((m) => m !== "GET" && m !== "HEAD")) {
      const body = JSON.stringify(VALID_BODIES[`${method} ${pattern}`] ?? {});
      const url = pathOf(pattern, ids);
      const isForm = pattern.startsWith("/api/auth/");
      const answers = await Promise.all([1, 2, 3, 4].map(() => send(method, url, isForm ? "" : body, isForm ? { "content-type": "application/x-www-form-urlencoded" } : {})));
      answers.forEach((a, i) => {
        const p = problemWith(a);
        if (p) problems.push(`${method} ${url} #${i + 1} → ${p}`);
      });
    }
  }
  assert.deepEqual(problems, [], `${problems.length} wrong answers`);
});
