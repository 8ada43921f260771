import assert from "node:assert/strict";
import { test } from "node:test";
import { claimRoom } from "./worker";

test("a freed slot waits for a quarter of the slots, or a short while, before it is claimed", () => {
  assert.equal(claimRoom(32, 31, 0), 0, "one free slot of 32, just claimed: wait");
  assert.equal(claimRoom(32, 24, 0), 8, "a quarter free: claim them all");
  assert.equal(claimRoom(32, 31, 60), 1, "one free slot, the last claim long enough ago: claim it");
  assert.equal(claimRoom(32, 0, 0), 32, "nothing in flight: claim at once");
  assert.equal(claimRoom(32, 32, 500), 0, "no free slot");
  assert.equal(claimRoom(1, 0, 0), 1, "a single slot is claimed as soon as it is free");
  assert.equal(claimRoom(3, 2, 0), 1, "below four slots every free slot is claimed");
});
