import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJobInput } from "./input";

test("valid form input is parsed and defaulted", () => {
  const r = parseJobInput({ keywords: "计算机，网络、数据库", seeds: "https://a.test/\nhttp://b.test/x", maxPages: "50" });
  assert.ok(r.ok);
  assert.deepEqual(r.value.keywords, ["计算机", "网络", "数据库"]);
  assert.deepEqual(r.value.seeds, ["https://a.test/", "http://b.test/x"]);
  assert.equal(r.value.maxPages, 50);
  assert.equal(r.value.strategy, "bfs");
});

test("every bad field gets its own message that says how to fix it", () => {
  const r = parseJobInput({ keywords: " , ", seeds: "ftp://x.test/ notaurl", maxPages: "12abc", maxDepth: "-1", strategy: "dfs", pageThreshold: "2" });
  assert.ok(!r.ok);
  assert.match(r.errors.keywords[0], /at least one keyword/);
  assert.equal(r.errors.seeds.length, 2);
  assert.match(r.errors.seeds.join(), /only http:\/\/ and https:\/\//);
  assert.match(r.errors.maxPages[0], /whole number/);
  assert.match(r.errors.maxDepth[0], /at least 0/);
  assert.match(r.errors.strategy[0], /one of: bfs, tianwang, best-first, rw/);
  assert.match(r.errors.pageThreshold[0], /between 0 and 1/);
});

test("strategy parameters come from an object or from the form's strategyParams.ID.NAME fields, defaults filled in", () => {
  const fromForm = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", strategy: "ipagerank", "strategyParams.ipagerank.d": "0.5",
    "strategyParams.tianwang.random": "7" });
  assert.ok(fromForm.ok);
  assert.deepEqual(fromForm.value.strategyParams, { d: 0.5, recomputeEvery: 500, c: 0.1 });
  const bad = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", strategy: "cmscrawler", strategyParams: { grain: "medium", wMime: 3 } });
  assert.ok(!bad.ok);
  assert.match(bad.errors.strategyParams.join(), /grain must be one of: fine, coarse.*wMime must be a number from 0 to 1/);
});

test("missing seeds and keywords are reported, not crashed on", () => {
  const r = parseJobInput({});
  assert.ok(!r.ok);
  assert.ok(r.errors.keywords && r.errors.seeds);
});

test("keywords that are all stop words are refused", () => {
  const r = parseJobInput({ keywords: "的,了", seeds: "http://a.test/" });
  assert.ok(!r.ok);
  assert.match(r.errors.keywords[0], /stop word/);
});

test("bad --resolve entries are refused", () => {
  const r = parseJobInput({ keywords: "a1", seeds: "http://a.test/", resolve: ["host"] });
  assert.ok(!r.ok);
  assert.match(r.errors.resolve[0], /host=ADDRESS/);
});
