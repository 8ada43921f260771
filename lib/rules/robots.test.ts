import assert from "node:assert/strict";
import { test } from "node:test";
import { isAllowedByRobots, MAX_CRAWL_DELAY_MS, robotsFromResponse } from "./robots";

const UA = "FocusCrawl/0.1 (+https://example.test/bot)";

test("rules are honoured for our agent and for *", () => {
  const r = robotsFromResponse("a.test", { status: 200, body: "User-agent: *\nDisallow: /private/\n\nUser-agent: FocusCrawl\nDisallow: /nofocus/\nCrawl-delay: 2\n" }, UA);
  assert.equal(r.state, "rules");
  assert.equal(r.crawlDelayMs, 2000);
  assert.equal(isAllowedByRobots(r, "http://a.test/nofocus/x", UA), false);
  assert.equal(isAllowedByRobots(r, "http://a.test/a/1.html", UA), true);
  const star = robotsFromResponse("b.test", { status: 200, body: "User-agent: *\nDisallow: /private/\nCrawl-delay: 9999\n" }, UA);
  assert.equal(isAllowedByRobots(star, "http://b.test/private/1.html", UA), false);
  assert.equal(star.crawlDelayMs, MAX_CRAWL_DELAY_MS, "a huge Crawl-delay is capped");
});

test("a 4xx robots.txt allows everything; a 5xx or no answer disallows for a while", () => {
  const missing = robotsFromResponse("c.test", { status: 404, body: "" }, UA);
  assert.equal(missing.state, "allow-all");
  assert.equal(isAllowedByRobots(missing, "http://c.test/anything", UA), true);
  for (const r of [robotsFromResponse("d.test", { status: 503, body: "" }, UA, 0), robotsFromResponse("d.test", null, UA, 0)]) {
    assert.equal(r.state, "unreachable");
    assert.equal(isAllowedByRobots(r, "http://d.test/", UA), false);
    assert.equal(r.expiresAt.getTime(), 30_000, "the first failure is retried after 30 s");
  }
  const waits = [1, 2, 3, 5, 6, 20].map((before) => robotsFromResponse("d.test", null, UA, 0, before).expiresAt.getTime());
  assert.deepEqual(waits, [60_000, 120_000, 240_000, 600_000, 600_000, 600_000], "each further failure doubles the wait, up to 10 min");
});

test("a host is unreachable at once when its name does not exist or its address is blocked, after two failures in a row when it refuses, times out or its lookup fails", async () => {
  const { isHostUnreachable, UNREACHABLE_AFTER } = await import("./robots");
  assert.equal(UNREACHABLE_AFTER, 2);
  const definite = (reason: string) => ({ reason, isRetryable: false });
  const transient = (reason: string) => ({ reason, isRetryable: true });
  assert.equal(isHostUnreachable(definite("dns"), 0), true);
  assert.equal(isHostUnreachable(definite("blocked-address"), 0), true);
  for (const reason of ["connect-error", "timeout", "dns"]) {
    assert.equal(isHostUnreachable(transient(reason), 0), false, reason);
    assert.equal(isHostUnreachable(transient(reason), 1), true, reason);
  }
  // A bad certificate says nothing of the host's plain-HTTP pages; a proxy's failure nothing of the host.
  assert.equal(isHostUnreachable(definite("tls"), 5), false);
  assert.equal(isHostUnreachable(transient("proxy-error"), 5), false);
});
