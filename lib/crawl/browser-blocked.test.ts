/** A page's record of refused targets stays bounded however many it tries. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BLOCKED_KEPT, BLOCKED_URL_CHARS, reportBlocked, type RenderCost } from "./browser";

const fresh = (): RenderCost => ({ ms: 0, requests: 0, blocked: [], isTimedOut: false });

test("a target refused twice is kept once", () => {
  const c = fresh();
  reportBlocked(c, "http://10.0.0.1/a");
  reportBlocked(c, "http://10.0.0.1/a");
  assert.deepEqual(c.blocked, ["http://10.0.0.1/a"]);
  assert.equal(c.blockedMore, undefined);
});

test("past the cap, targets are counted, not stored", () => {
  const c = fresh();
  for (let i = 0; i < 5_000; i++) reportBlocked(c, `http://10.0.${i >> 8}.${i & 255}/`);
  assert.equal(c.blocked.length, BLOCKED_KEPT);
  assert.equal(c.blockedMore, 5_000 - BLOCKED_KEPT);
  assert.equal(c.blocked[0], "http://10.0.0.0/");
});

test("a long target is cut to a bounded length", () => {
  const c = fresh();
  reportBlocked(c, `http://10.0.0.1/${"x".repeat(100_000)}`);
  assert.equal(c.blocked[0].length, BLOCKED_URL_CHARS + 1);
  assert.ok(c.blocked[0].endsWith("…"));
});
