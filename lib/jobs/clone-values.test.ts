import assert from "node:assert/strict";
import { test } from "node:test";
import { cloneFormValues } from "./clone-values";
import { parseJobInput } from "./input";

test("a cloned job's form values are a valid job with the same settings, credentials left out", () => {
  const values = cloneFormValues({
    name: "源任务", seeds: ["http://a.test/", "http://b.test/x"], strategy: "bfs", strategyParams: {},
    settings: { minDelayMs: 250, scope: "seed-hosts", deny: ["ads.test"], proxy: "http://u:••••••@p.test:3128", siteAuth: ["a.test u:••••••"] },
    topicSnapshot: { definition: { clc: ["TP3"], keywords: [{ term: "数据库", weight: 1 }, { term: "算法", weight: 1 }] } },
    topicId: null, maxPages: 321, maxDepth: 4, pageThreshold: 0.05, timeBudgetSec: null,
  }, "源任务 (副本)");
  assert.equal(values.name, "源任务 (副本)");
  assert.equal(values.seeds, "http://a.test/\nhttp://b.test/x");
  assert.equal(values.keywords, "数据库,算法");
  assert.equal(values.proxy, undefined);
  assert.equal(values.siteAuth, undefined);
  const parsed = parseJobInput(values);
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.message);
  assert.equal(parsed.value.maxPages, 321);
  assert.equal(parsed.value.minDelayMs, 250);
  assert.equal(parsed.value.scope, "seed-hosts");
  assert.deepEqual(parsed.value.deny, ["ads.test"]);
});
