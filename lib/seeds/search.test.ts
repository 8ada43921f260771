/** Candidate seeds from a local server that answers like SearXNG: results, failures, empty and slow answers, the guard. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startHugeAnswerServer } from "../testing/huge-answer-server";
import { startSearxngStub, type SearxngStub } from "../testing/searxng-stub";
import { buildTopic, TopicDefinitionSchema } from "../topic/topic";
import { createRateLimiter } from "./rate-limit";
import { MAX_ANSWER_BYTES, searchSeeds, type SeedSearchOptions } from "./search";
import { MIN_CANDIDATE_SCORE } from "./candidates";

let stub: SearxngStub;
before(async () => { stub = await startSearxngStub(); });
after(() => stub.close());

const topic = buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "软件", "计算机", "算法"] }));

function options(paths: Record<string, string>, over: Partial<SeedSearchOptions> = {}): SeedSearchOptions {
  return {
    providers: Object.entries(paths).map(([name, path]) => ({ name, endpoint: stub.url(path) })),
    // Tests allow loopback the way the crawl tests do: the stub is on 127.0.0.1.
    fetch: { userAgent: "test", allowPrivate: true }, timeoutMs: 5_000, intervalMs: 0, limiter: createRateLimiter(), ...over,
  };
}

test("two providers, one failing: one candidate per on-topic host, off-topic hosts not offered, the failure reported", async () => {
  const r = await searchSeeds(topic, "", options({ good: "/ok/search", bad: "/fail/search" }));
  assert.ok(r.queries.length >= 1);
  const hosts = r.candidates.map((c) => c.host);
  // art-1.test and econ-1.test say nothing of the topic: below MIN_CANDIDATE_SCORE.
  assert.deepEqual([...hosts].sort(), ["tech-1.test", "tech-2.test", "tech-3.test"]);
  assert.ok(r.candidates.every((c) => c.score >= MIN_CANDIDATE_SCORE));
  // tech-1.test's front page, not its "关于" page, which says nothing of the topic.
  assert.equal(r.candidates.find((c) => c.host === "tech-1.test")!.url, "http://tech-1.test/");
  assert.ok(r.candidates.every((c) => c.provider === "good" && c.providers.join() === "good"));
  const bad = r.providers.find((p) => p.name === "bad")!;
  assert.equal(bad.results, 0);
  assert.deepEqual(bad.failures.map((f) => [f.kind, f.detail]), r.queries.map(() => ["http", "500"]));
});

test("empty answers, refusals and web pages: nothing offered, each provider says why", async () => {
  const r = await searchSeeds(topic, "数据库", options({ empty: "/empty/search", forbidden: "/forbidden/search", html: "/html/search" }));
  assert.deepEqual(r.queries, ["数据库"]);
  assert.deepEqual(r.candidates, []);
  const kinds = Object.fromEntries(r.providers.map((p) => [p.name, p.failures.map((f) => `${f.kind}:${f.detail}`)]));
  assert.deepEqual(kinds, { empty: [], forbidden: ["http:403"], html: ["not-json:text/html"] });
});

test("a provider that never answers ends at the deadline; the others' results are still offered", async () => {
  const r = await searchSeeds(topic, "数据库", options({ slow: "/slow/search", good: "/ok/search" }, { timeoutMs: 400 }));
  assert.deepEqual(r.providers.find((p) => p.name === "slow")!.failures.map((f) => f.kind), ["timeout"]);
  assert.equal(r.candidates.length, 3);
});

test("the private-network guard applies to providers: a loopback one is refused before any request", async () => {
  const before = stub.requests.length;
  const r = await searchSeeds(topic, "数据库", options({ local: "/ok/search" }, { fetch: { userAgent: "test", allowPrivate: false } }));
  assert.deepEqual(r.providers[0].failures.map((f) => f.kind), ["blocked"]);
  assert.equal(stub.requests.length, before);
});

test("the rate limit spaces a provider's queries and refuses one that would wait past the deadline", async () => {
  const before = stub.requests.length;
  const r = await searchSeeds(topic, "", options({ good: "/ok/search" }, { intervalMs: 60_000, timeoutMs: 5_000 }));
  assert.ok(r.queries.length >= 2, "the topic makes several queries");
  assert.equal(stub.requests.length - before, 1);
  assert.deepEqual(r.providers[0].failures.map((f) => f.kind), r.queries.slice(1).map(() => "rate-limited"));
});

test("a provider answering 1 GiB, or 500 with an endless body: a failure each, the body not read past its cap, memory flat", async () => {
  const MB = 1024 * 1024;
  const huge = await startHugeAnswerServer({ status: 200, contentType: "application/json", totalBytes: 1024 * MB });
  const refusing = await startHugeAnswerServer({ status: 500 });
  try {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const providers = [{ name: "huge", endpoint: huge.url("/search") }, { name: "refusing", endpoint: refusing.url("/search") }];
    const r = await searchSeeds(topic, "数据库", options({}, { providers, timeoutMs: 20_000 }));
    const grownMb = (process.memoryUsage().rss - rssBefore) / MB;
    const kinds = Object.fromEntries(r.providers.map((p) => [p.name, p.failures.map((f) => `${f.kind}:${f.detail}`)]));
    assert.deepEqual(kinds, { huge: [`too-large:${MAX_ANSWER_BYTES} bytes`], refusing: ["http:500"] });
    assert.ok(grownMb < 50, `RSS grew by ${grownMb.toFixed(1)} MB`);
    await Promise.all([huge.settled(), refusing.settled()]);
    assert.ok(huge.bytesWritten() < MAX_ANSWER_BYTES + 32 * MB, `${(huge.bytesWritten() / MB).toFixed(1)} MB written to the client`);
    assert.ok(refusing.bytesWritten() < 32 * MB, `${(refusing.bytesWritten() / MB).toFixed(1)} MB written to the client`);
  } finally {
    await Promise.all([huge.close(), refusing.close()]);
  }
});
