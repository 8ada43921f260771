import assert from "node:assert/strict";
import { test } from "node:test";
import { changeProbability, estimateChangeRate, orderRevisits, priorChangeRate, revisitPriority, REVISIT_PRIORITY_BASE } from "./revisit";

const DAY = 86_400;
const near = (a: number, b: number, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} ≉ ${b}`);

test("the change rate follows Cho & Garcia-Molina's estimator on hand-made histories", () => {
  const table: { visits: number; changes: number; days: number; rate: number }[] = [
    // n = 4 daily intervals, X = 2 changes: −ln((4 − 2 + 0.5) / 4.5) per day.
    { visits: 5, changes: 2, days: 4, rate: -Math.log(2.5 / 4.5) / DAY },
    // Every visit saw a change: ln(2n + 1) per mean interval, finite (the naive X / T would say 1 a day).
    { visits: 4, changes: 3, days: 6, rate: Math.log(7) / (2 * DAY) },
    // More changes than intervals (a bad count) is read as every interval changed.
    { visits: 3, changes: 9, days: 2, rate: Math.log(5) / DAY },
  ];
  for (const r of table) near(estimateChangeRate({ visits: r.visits, changes: r.changes, trackedSec: r.days * DAY, kind: "content" }), r.rate);
});

test("a URL seen once takes its kind's prior; one never seen changing keeps a fading floor, not zero", () => {
  assert.equal(estimateChangeRate({ visits: 1, changes: 0, trackedSec: 0, kind: "hub" }), priorChangeRate("hub"));
  assert.ok(priorChangeRate("home") > priorChangeRate("hub") && priorChangeRate("hub") > priorChangeRate("content"));
  assert.equal(priorChangeRate("unknown-kind"), priorChangeRate("content"));
  const still = estimateChangeRate({ visits: 10, changes: 0, trackedSec: 9 * DAY, kind: "content" });
  near(still, priorChangeRate("content") / 10);
  assert.ok(still < estimateChangeRate({ visits: 10, changes: 1, trackedSec: 9 * DAY, kind: "content" }));
});

test("the probability of a change since the last visit is 1 − exp(−λt)", () => {
  near(changeProbability(1 / DAY, DAY), 1 - Math.exp(-1));
  assert.equal(changeProbability(1 / DAY, 0), 0);
  assert.equal(changeProbability(1 / DAY, -5), 0, "a clock running behind is no negative chance");
  near(changeProbability(Math.log(2) / DAY, DAY), 0.5);
});

test("revisits go most likely changed first, ties in their given order, above every new URL", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const ago = (days: number) => new Date(now.getTime() - days * DAY * 1000);
  const fast = { name: "fast", history: { visits: 5, changes: 4, trackedSec: 4 * DAY, kind: "content" }, lastVisitAt: ago(1) };
  const slowLongAgo = { name: "slow-long-ago", history: { visits: 5, changes: 1, trackedSec: 4 * DAY, kind: "content" }, lastVisitAt: ago(30) };
  const slowRecent = { name: "slow-recent", history: { visits: 5, changes: 1, trackedSec: 4 * DAY, kind: "content" }, lastVisitAt: ago(1) };
  const hub = { name: "hub-once", history: { visits: 1, changes: 0, trackedSec: 0, kind: "hub" }, lastVisitAt: ago(1) };
  const content = { name: "content-once", history: { visits: 1, changes: 0, trackedSec: 0, kind: "content" }, lastVisitAt: ago(1) };
  const content2 = { ...content, name: "content-once-2" };
  const ordered = orderRevisits([content, slowRecent, hub, content2, fast, slowLongAgo], now);
  assert.deepEqual(ordered.map((o) => o.item.name), ["slow-long-ago", "fast", "hub-once", "slow-recent", "content-once", "content-once-2"]);
  for (let i = 1; i < ordered.length; i++) assert.ok(ordered[i - 1].changeProbability >= ordered[i].changeProbability);
  assert.ok(revisitPriority(0) >= REVISIT_PRIORITY_BASE && revisitPriority(0.9) > revisitPriority(0.1));
});
