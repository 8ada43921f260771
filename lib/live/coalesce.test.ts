import assert from "node:assert/strict";
import { test } from "node:test";
import { coalesce } from "./coalesce";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("a slow read started before the last change never lands after the read that saw it", async () => {
  // The state read is the version at the moment the read starts; the first read is slow.
  let version = 0;
  let reads = 0;
  const pushed: number[] = [];
  const c = coalesce(async () => {
    const seen = version;
    await sleep(reads++ === 1 ? 120 : 5);
    return seen;
  }, (v) => pushed.push(v), 20);
  await c.pushNow();
  version = 1;
  c.changed(); // read #2 (slow) starts at ~20 ms and sees version 1
  await sleep(40);
  version = 2;
  c.changed(); // the final change, while read #2 is still under way
  await sleep(250);
  assert.deepEqual(pushed, [0, 1, 2], "pushed in order, ending with the latest state");
  assert.equal(reads, 3);
  c.stop();
});

test("bursts of changes are coalesced into one read per interval; after stop nothing is pushed", async () => {
  let reads = 0;
  const pushed: number[] = [];
  const c = coalesce(async () => ++reads, (v) => pushed.push(v), 30);
  for (let i = 0; i < 100; i++) c.changed();
  await sleep(60);
  assert.deepEqual(pushed, [1]);
  c.changed();
  c.stop();
  await sleep(60);
  assert.deepEqual(pushed, [1], "a change pending at stop is dropped");
  // A read that fails pushes nothing and the next change reads again.
  const failing = coalesce(async () => { throw new Error("db down"); }, () => assert.fail("nothing to push"), 5);
  await failing.pushNow();
  failing.stop();
});
