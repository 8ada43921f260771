import assert from "node:assert/strict";
import { test } from "node:test";
import { buildGraph, hitsAuthority, pagerank } from "./graph";

// A → B, A → C, B → C, C → A (nodes 0, 1, 2), d = 0.85.
const FROM = [0, 0, 1, 2];
const TO = [1, 2, 2, 0];
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-5, `${what}: ${a} vs ${b}`);

test("PageRank matches the hand-solved formula 2 on a small graph", () => {
  // a = 0.15 + 0.85c, b = 0.15 + 0.85·a/2, c = 0.15 + 0.85·(a/2 + b)  ⇒  a = 0.385875 / 0.3316875
  const a = 0.385875 / 0.3316875;
  const b = 0.15 + 0.425 * a;
  const c = 0.2775 + 0.78625 * a;
  const pr = pagerank(buildGraph(3, FROM, TO), { d: 0.85 });
  close(pr[0], a, "A");
  close(pr[1], b, "B");
  close(pr[2], c, "C");
  close(pr[0] + pr[1] + pr[2], 3, "total");
});

test("IPageRank: A's rank splits by RW (0.8 to B, 0.2 to C), formula 3 solved by hand", () => {
  // b = 0.15 + 0.85·0.8a, c = 0.15 + 0.85·(0.2a + b), a = 0.15 + 0.85c  ⇒  a = 0.385875 / 0.3642
  const a = 0.385875 / 0.3642;
  const b = 0.15 + 0.68 * a;
  const c = 0.2775 + 0.748 * a;
  const ipr = pagerank(buildGraph(3, FROM, TO, [0.8, 0.2, 0.5, 0]), { d: 0.85 });
  close(ipr[0], a, "A");
  close(ipr[1], b, "B");
  close(ipr[2], c, "C");
});

test("weights summing to 0 spread evenly, like plain PageRank", () => {
  const plain = pagerank(buildGraph(3, FROM, TO), { d: 0.85 });
  const zero = pagerank(buildGraph(3, FROM, TO, [0, 0, 0, 0]), { d: 0.85 });
  for (let i = 0; i < 3; i++) close(zero[i], plain[i], `node ${i}`);
});

test("Topic-relevant PageRank sends random jumps only to relevant pages", () => {
  const g = buildGraph(4, [0, 1, 2, 3], [1, 2, 3, 0]); // a ring
  const teleport = new Float64Array([4, 0, 0, 0]); // only node 0 is relevant: n/|R| = 4
  const pr = pagerank(g, { d: 0.85, teleport });
  assert.ok(pr[0] > pr[1] && pr[1] > pr[2] && pr[2] > pr[3], `rank decays away from the relevant page: ${[...pr]}`);
});

test("HITS authority: URLs linked by more relevant hubs rank higher; irrelevant pages pass nothing", () => {
  // hubs 0 and 1 (relevant) both link 3; 0 also links 4; irrelevant 2 links 4 and 5.
  const g = buildGraph(6, [0, 0, 1, 2, 2], [3, 4, 3, 4, 5]);
  const auth = hitsAuthority(g, new Uint8Array([1, 1, 0, 0, 0, 0]));
  assert.ok(auth[3] > auth[4] && auth[4] > 0 && auth[5] === 0, `${[...auth]}`);
});
