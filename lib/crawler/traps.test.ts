import assert from "node:assert/strict";
import { test } from "node:test";
import { trapReason } from "./traps";

const rules = { maxDepth: 3, maxRepeatedSegments: 2 };

test("links past the depth limit or with a path segment repeated too often are refused with the reason", () => {
  assert.equal(trapReason("http://a.test/x/y.html", 3, rules), null);
  assert.equal(trapReason("http://a.test/x/y.html", 4, rules), "trap:max-depth");
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/", 1, rules), null);
  assert.equal(trapReason("http://a.test/cal/2024/cal/2025/cal/", 1, rules), "trap:repeated-segment");
  assert.equal(trapReason("http://a.test/a/a/a", 1, { maxDepth: 9, maxRepeatedSegments: 3 }), null);
});
