import assert from "node:assert/strict";
import { test } from "node:test";
import { linkRejections, queryShape, trapReason } from "./traps";

const rules = { maxDepth: 3, maxRepeatedSegments: 2 };

test("links past the depth limit or with a path segment repeated too often are refused with the reason", () => {
  assert.equal(trapReason("http://a.test/x/y.html", 3, rules), null);
  assert.equal(trapReason("http://a.test/x/y.html", 4, rules), "trap:max-depth");
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/", 1, rules), null);
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/cal/", 1, rules), "trap:repeated-segment");
  assert.equal(trapReason("http://a.test/a/a/a", 1, { maxDepth: 9, maxRepeatedSegments: 3 }), null);
});

test("linkRejections: page link limit, depth, repeated segments and scope", () => {
  const urls = ["http://a.test/cal?d=2024-01", "http://b.test/x", "http://a.test/r/r/r/r", "http://a.test/y", "http://a.test/z"];
  const reasons = linkRejections(urls, 1, {
    maxDepth: 5, maxRepeatedSegments: 3, maxLinksPerPage: 4,
    inScope: (u) => (u.startsWith("http://b.test") ? { allowed: false, reason: "scope:other-host" } : { allowed: true }),
  });
  assert.deepEqual(reasons, [null, "scope:other-host", "trap:repeated-segment", null, "trap:max-links-per-page"]);
  assert.deepEqual(linkRejections(["http://a.test/y"], 6, { maxDepth: 5, maxRepeatedSegments: 3, maxLinksPerPage: 4, inScope: () => ({ allowed: true }) }), ["trap:max-depth"]);
});

test("a query's shape collapses numeric values, so an id-addressed site's articles share one shape and calendars do not", () => {
  assert.equal(queryShape("?lang=zh&id=17"), "id=#&lang=zh");
  assert.equal(queryShape("?id=20000&lang=zh"), "id=#&lang=zh");
  assert.equal(queryShape("?month=2024-01"), "month=2024-01");
  assert.notEqual(queryShape("?month=2024-02"), queryShape("?month=2024-01"));
});
