import assert from "node:assert/strict";
import { test } from "node:test";
import { createQueryVariantCounter, linkRejections, queryShape, trapReason } from "./traps";

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
    "http://a.test/cal?d=2024-01", "http://a.test/cal?d=2024-02", "http://a.test/cal?d=2024-01", "http://a.test/cal?d=2024-03",
    "http://b.test/x", "http://a.test/y", "http://a.test/z",
  ];
  const reasons = linkRejections(urls, 1, {
    maxDepth: 5, maxRepeatedSegments: 3, maxLinksPerPage: 6, maxQueryVariants: 2,
    inScope: (u) => (u.startsWith("http://b.test") ? { allowed: false, reason: "scope:other-host" } : { allowed: true }),
    allowVariant: createQueryVariantCounter(),
  });
  assert.deepEqual(reasons, [null, null, null, "trap:query-variants", "scope:other-host", null, "trap:max-links-per-page"]);
});

test("query variants are counted by shape: numeric ids of one path all pass, calendars stop at the limit", () => {
  assert.equal(queryShape("?lang=zh&id=17"), "id=#&lang=zh");
  assert.equal(queryShape("?month=2024-01"), "month=2024-01");
  const allow = createQueryVariantCounter();
  const ids = Array.from({ length: 20_000 }, (_, i) => allow(`http://site.test/view?id=${i + 1}&lang=zh`, 100));
  assert.equal(ids.filter(Boolean).length, 20_000, "every article of an id-addressed site passes");
  const months = Array.from({ length: 300 }, (_, i) => allow(`http://site.test/cal?month=${2000 + Math.floor(i / 12)}-${(i % 12) + 1}`, 100));
  assert.equal(months.filter(Boolean).length, 100, "an endless calendar stops at the limit");
  assert.equal(allow("http://site.test/view?id=5&lang=en", 100), true, "a new shape of the id path is counted on its own path");
});
