import assert from "node:assert/strict";
import { test } from "node:test";
import { diffTopics } from "./topic-diff";

test("a topic diff names the terms added, dropped, raised and lowered, largest change first, and ignores tiny moves", () => {
  const before = { terms: [["玉米", 0.8], ["小麦", 0.5], ["大豆", 0.3], ["水稻", 0.1]] as [string, number][] };
  const after = { terms: [["玉米", 0.6], ["小麦", 0.502], ["水稻", 0.3], ["选育", 0.5], ["品种", 0.2]] as [string, number][] };
  const d = diffTopics(before, after);
  assert.deepEqual(d.added.map((c) => c.term), ["选育", "品种"]);
  assert.deepEqual(d.removed, [{ term: "大豆", before: 0.3, after: 0 }]);
  assert.deepEqual(d.raised.map((c) => c.term), ["水稻"]);
  assert.deepEqual(d.lowered.map((c) => c.term), ["玉米"]);
  assert.deepEqual(diffTopics(before, before), { added: [], removed: [], raised: [], lowered: [] });
  assert.equal(diffTopics(before, after, 1).added.length, 1);
});
