import assert from "node:assert/strict";
import { test } from "node:test";
import { RETRY_FIRST_MS, RETRY_MAX_MS, retryDelayMs, retryWithBackoff } from "./backoff";

test("the wait doubles from the first and stops at the cap", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 50].map(retryDelayMs), [RETRY_FIRST_MS, 500, 1_000, RETRY_MAX_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
});

test("a call is tried again until it succeeds, each failure heard with its wait", async () => {
  const waits: number[] = [];
  let calls = 0;
  const value = await retryWithBackoff(async () => {
    if (++calls < 4) throw new Error(`refused ${calls}`);
    return "ok";
  }, { sleep: async (ms) => void waits.push(ms), onRetry: () => {} });
  assert.equal(value, "ok");
  assert.deepEqual(waits, [250, 500, 1_000]);
});

test("past the deadline the last error is thrown; once stopped, nothing more is tried", async () => {
  const sleep = async () => {};
  const t0 = Date.now();
  await assert.rejects(retryWithBackoff(async () => { throw new Error("still down"); }, { deadline: t0 + 1, sleep }), /still down/);
  let calls = 0;
  const stopped = await retryWithBackoff(async () => { calls++; throw new Error("down"); }, { sleep, isStopped: () => calls >= 2 });
  assert.equal(stopped, undefined);
  assert.equal(calls, 2);
});
