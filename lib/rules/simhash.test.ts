import assert from "node:assert/strict";
import { test } from "node:test";
import { hammingDistance, NEAR_DUPLICATE_BITS, simhash64, simhashBlocks } from "./simhash";

const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `w${(i * 7919 + seed * 104729) % 997}`);

test("identical texts hash alike; a small edit stays near; other texts are far", () => {
  const a = words(400, 1);
  const edited = [...a];
  edited[200] = "changed";
  assert.equal(simhash64(a), simhash64([...a]));
  assert.ok(hammingDistance(simhash64(a), simhash64(edited)) <= NEAR_DUPLICATE_BITS);
  assert.ok(hammingDistance(simhash64(a), simhash64(words(400, 2))) > 10);
});

test("hamming distance and blocks on hand-made values", () => {
  assert.equal(hammingDistance(0n, 0b1011n), 3);
  assert.equal(hammingDistance(-1n, 0n), 64);
  assert.deepEqual(simhashBlocks(BigInt.asIntN(64, 0x0004000300020001n)), [1, 2, 3, 4]);
  assert.deepEqual(simhashBlocks(-1n), [65535, 65535, 65535, 65535]);
});

test("hashes stay those already stored: values pinned from the first implementation (slice, join, hash the string)", () => {
  const cases: [string[], bigint][] = [
    [[], 5341669593620315147n],
    [["数据"], -6618897930850766811n],
    [["数据", "网络"], -6775574700231304997n],
    ["数据 网络 爬虫 性能 the crawler 北京 数据 网络 爬虫".split(" "), 2709118415868080635n],
    [Array.from({ length: 5000 }, (_, i) => `w${i % 97}`), -4681597075349833325n],
  ];
  for (const [tokens, stored] of cases) assert.equal(simhash64(tokens), stored, `${tokens.length} tokens`);
});
