import assert from "node:assert/strict";
import { test } from "node:test";
import { afterFailure, attemptKeys, LOGIN_LOCK_MS, LOGIN_WINDOW_MS, lockedUntil, MAX_LOGIN_FAILURES, type AttemptState } from "./rate-limit";

const t0 = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

test("the fifth failure within the window locks the key for the lock time; the fourth does not", () => {
  let s: AttemptState | undefined;
  for (let i = 1; i < MAX_LOGIN_FAILURES; i++) {
    s = afterFailure(s, at(i * 1000));
    assert.equal(s.failures, i);
    assert.equal(lockedUntil(s, at(i * 1000)), null);
  }
  s = afterFailure(s, at(10_000));
  assert.equal(s.failures, MAX_LOGIN_FAILURES);
  assert.deepEqual(lockedUntil(s, at(10_000)), at(10_000 + LOGIN_LOCK_MS));
  assert.notEqual(lockedUntil(s, at(10_000 + LOGIN_LOCK_MS - 1)), null);
  assert.equal(lockedUntil(s, at(10_000 + LOGIN_LOCK_MS)), null);
});

test("failures spread beyond the window start a new count; a failure after a lock ends starts over", () => {
  let s = afterFailure(undefined, t0);
  for (let i = 0; i < 3; i++) s = afterFailure(s, at(1000));
  assert.equal(s.failures, 4);
  s = afterFailure(s, at(LOGIN_WINDOW_MS));
  assert.equal(s.failures, 1);
  assert.equal(s.lockedUntil, null);
  assert.deepEqual(s.windowStartedAt, at(LOGIN_WINDOW_MS));

  const locked: AttemptState = { failures: 5, windowStartedAt: t0, lockedUntil: at(60_000) };
  const after = afterFailure(locked, at(60_000));
  assert.equal(after.failures, 1);
  assert.equal(lockedUntil(after, at(60_000)), null);
  assert.equal(lockedUntil(undefined, t0), null);
});

test("a sign-in counts against the case-folded user name and the client address, header credentials apart from the form", () => {
  assert.deepEqual(attemptKeys(" Alice ", "203.0.113.9"), ["user:alice", "addr:203.0.113.9"]);
  assert.deepEqual(attemptKeys("Alice", "203.0.113.9", "header"), ["header-user:alice", "header-addr:203.0.113.9"]);
});
