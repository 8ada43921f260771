import assert from "node:assert/strict";
import { test } from "node:test";
import { buildSeedQueries } from "./queries";
import { createRateLimiter } from "./rate-limit";

test("a topic's strongest terms make queries of three, fragments of chosen terms left out", () => {
  const terms: [string, number][] = [["数据库", 0.5], ["数据", 0.4], ["软件", 0.3], ["计算机", 0.2], ["算法", 0.1], ["网络", 0.1], ["程序", 0.1],
    ["系统", 0.1], ["编译", 0.1], ["操作", 0.1], ["内存", 0.1]];
  assert.deepEqual(buildSeedQueries(terms), ["数据库 软件 计算机", "算法 网络 程序", "系统 编译 操作"]);
  assert.deepEqual(buildSeedQueries(terms.slice(0, 2)), ["数据库"]);
  assert.deepEqual(buildSeedQueries([]), []);
});

test("typed words are the one query", () => {
  assert.deepEqual(buildSeedQueries([["数据库", 1]], "  postgres   index "), ["postgres index"]);
  assert.equal(buildSeedQueries([], "x".repeat(500))[0].length, 200);
});

test("the rate limiter gives each provider slots an interval apart, and refuses a wait past the limit", () => {
  let now = 1000;
  const limiter = createRateLimiter(() => now);
  assert.equal(limiter.reserve("a", 500, 2000), 0);
  assert.equal(limiter.reserve("a", 500, 2000), 500);
  assert.equal(limiter.reserve("b", 500, 2000), 0);
  assert.equal(limiter.reserve("a", 500, 2000), 1000);
  assert.equal(limiter.reserve("a", 500, 1000), null);
  now = 3000;
  assert.equal(limiter.reserve("a", 500, 0), 0);
});
