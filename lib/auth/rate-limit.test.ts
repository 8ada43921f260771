import assert from "node:assert/strict";
import { test } from "node:test";
import {
  afterFailure, attemptKeys, failureDelayMs, FREE_LOGIN_FAILURES, LOGIN_MAX_DELAY_MS, LOGIN_WINDOW_MS, lockedUntil, type AttemptState,
} from "./rate-limit";

const t0 = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

test("after three failures each further try waits 2^(n-3) seconds, at most five minutes", () => {
  const rows: [number, number][] = [[0, 0], [1, 0], [2, 0], [3, 1_000], [4, 2_000], [5, 4_000], [8, 32_000], [11, 256_000], [12, LOGIN_MAX_DELAY_MS], [500, LOGIN_MAX_DELAY_MS]];
  for (const [failures, want] of rows) assert.equal(failureDelayMs(failures), want, `${failures} failures`);
});

test("a key's wait grows with each failure and ends on time; no failure count ever locks it for long", () => {
  let s: AttemptState | undefined;
  let now = 0;
  for (let n = 1; n <= 20; n++) {
    s = afterFailure(s, at(now));
    assert.equal(s.failures, n);
    const wait = failureDelayMs(n);
    if (n < FREE_LOGIN_FAILURES) assert.equal(lockedUntil(s, at(now)), null, `free failure ${n}`);
    else {
      assert.deepEqual(lockedUntil(s, at(now)), at(now + wait), `failure ${n} waits ${wait} ms`);
      assert.notEqual(lockedUntil(s, at(now + wait - 1)), null);
    }
    now += wait;
    assert.equal(lockedUntil(s, at(now)), null, `after failure ${n} the key may try again once ${wait} ms passed`);
  }
  assert.ok(now < 2 * 60 * 60_000, "twenty failures in a row keep a key waiting under two hours in all");
});

test("failures are forgotten a window after the first; a failure while waiting still counts", () => {
  let s = afterFailure(undefined, t0);
  for (let i = 0; i < 4; i++) s = afterFailure(s, at(1000));
  assert.equal(s.failures, 5);
  s = afterFailure(s, at(LOGIN_WINDOW_MS));
  assert.equal(s.failures, 1);
  assert.equal(s.lockedUntil, null);
  assert.deepEqual(s.windowStartedAt, at(LOGIN_WINDOW_MS));
  assert.equal(lockedUntil(undefined, t0), null);
});

test("a sign-in counts against the case-folded user name and the client address, header credentials apart from the form", () => {
  assert.deepEqual(attemptKeys(" Alice ", "203.0.113.9"), ["user:alice", "addr:203.0.113.9"]);
  assert.deepEqual(attemptKeys("Alice", "203.0.113.9", "header"), ["header-user:alice", "header-addr:203.0.113.9"]);
});
