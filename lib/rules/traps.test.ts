import assert from "node:assert/strict";
import { test } from "node:test";
import { createQueryVariantCounter, linkRejections, trapReason } from "./traps";

const rules = { maxDepth: 3, maxRepeatedSegments: 2 };

test("links past the depth limit or with a path segment repeated too often are refused with the reason", () => {
  assert.equal(trapReason("http://a.test/x/y.html", 3, rules), null);
  assert.equal(trapReason("http://a.test/x/y.html", 4, rules), "trap:max-depth");
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/", 1, rules), null);
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/cal/", 1, rules), "trap:repeated-segment");
  assert.equal(trapReason("http://a.test/a/a/a", 1, { maxDepth: 9, maxRepeatedSegments: 3 }), null);
});

test("linkRejections: page link limit, scope, and query variants per path", () => {
  const urls = [
    "http://a.test/cal?d=1", "http://a.test/cal?d=2", "http://a.test/cal?d=1", "http://a.test/cal?d=3",
    "http://b.test/x", "http://a.test/y", "http://a.test/z",
  ];
  const reasons = linkRejections(urls, 1, {
    maxDepth: 5, maxRepeatedSegments: 3, maxLinksPerPage: 6, maxQueryVariants: 2,
    inScope: (u) => (u.startsWith("http://b.test") ? { allowed: false, reason: "scope:other-host" } : { allowed: true }),
    allowVariant: createQueryVariantCounter(),
  });
  assert.deepEqual(reasons, [null, null, null, "trap:query-variants", "scope:other-host", null, "trap:max-links-per-page"]);
});
