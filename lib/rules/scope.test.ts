import assert from "node:assert/strict";
import { test } from "node:test";
import { createScope, describePatternProblem, registrableDomain } from "./scope";

test("registrableDomain uses the public suffix list", () => {
  assert.equal(registrableDomain("news.sina.com.cn"), "sina.com.cn");
  assert.equal(registrableDomain("www.bbc.co.uk"), "bbc.co.uk");
  assert.equal(registrableDomain("a.b.example.com:8080"), "example.com");
  assert.equal(registrableDomain("127.0.0.1"), "127.0.0.1");
});

test("scope modes: any, seed hosts, seed domains; deny wins; allow widens", () => {
  const seeds = ["https://www.sina.com.cn/"];
  const cases: [Parameters<typeof createScope>[0], string, string | null][] = [
    [{ mode: "any", allow: [], deny: [] }, "https://other.org/x", null],
    [{ mode: "seed-hosts", allow: [], deny: [] }, "https://news.sina.com.cn/x", "scope:other-host"],
    [{ mode: "seed-hosts", allow: [], deny: [] }, "https://www.sina.com.cn/x", null],
    [{ mode: "seed-domains", allow: [], deny: [] }, "https://news.sina.com.cn/x", null],
    [{ mode: "seed-domains", allow: [], deny: [] }, "https://sina.com/x", "scope:other-domain"],
    [{ mode: "seed-domains", allow: ["*.gov.cn"], deny: [] }, "https://www.miit.gov.cn/", null],
    [{ mode: "seed-domains", allow: [], deny: ["https://www.sina.com.cn/ads/*"] }, "https://www.sina.com.cn/ads/1", "scope:deny-pattern"],
    [{ mode: "seed-domains", allow: [], deny: ["sina.com.cn"] }, "https://blog.sina.com.cn/", "scope:deny-pattern"],
    [{ mode: "any", allow: ["example.com"], deny: [] }, "https://other.org/", "scope:not-allowed"],
    [{ mode: "any", allow: ["example.com"], deny: [] }, "https://docs.example.com/", null],
    [{ mode: "any", allow: ["example.com/news/*"], deny: [] }, "http://example.com/news/a", null],
    [{ mode: "any", allow: ["example.com/news/*"], deny: [] }, "http://example.com/sport/a", "scope:not-allowed"],
  ];
  for (const [rules, url, reason] of cases) {
    const d = createScope(rules, seeds)(url);
    assert.equal(d.allowed ? null : d.reason, reason, `${JSON.stringify(rules)} ${url}`);
  }
});

test("bad patterns are described", () => {
  assert.match(describePatternProblem("exa mple.com")!, /spaces/);
  assert.match(describePatternProblem("ex@mple")!, /host pattern/);
  assert.equal(describePatternProblem("*.gov.cn"), null);
});
