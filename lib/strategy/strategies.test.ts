import assert from "node:assert/strict";
import { test } from "node:test";
import { topicScorer } from "../topic/topic";
import { backlinkBoost, cmscrawler, harvestRate, queuedMerit } from "./cmscrawler";
import { getStrategy, parseStrategyParams, STRATEGY_IDS, strategyPolicy } from "./registry";
import { relevanceWeight } from "./rw";
import { simulateCrawl } from "./simulate";
import { tianwangWeight } from "./tianwang";
import { emptyState, type ScoreInput } from "./types";

// Seed 003's example site: A→B, A→C, B→D, B→E, C→E, E→B; D has no links.
const SITE = { A: ["B", "C"], B: ["D", "E"], C: ["E"], D: [], E: ["B"] };

test("opic-nutch replays seed 003's worked example: order A, B, C, E, D and every score of its table", () => {
  const run = simulateCrawl({ graph: SITE, seeds: ["A"], strategy: getStrategy("opic-nutch") });
  assert.deepEqual(run.order, ["A", "B", "C", "E", "D"]);
  // Rows 1-5 of the table ("--" = not known yet); fetched pages keep their score.
  const table: Record<string, number>[] = [
    { A: 1, B: 0.5, C: 0.5 },
    { A: 1, B: 0.5, C: 0.5, D: 0.25, E: 0.25 },
    { A: 1, B: 0.5, C: 0.5, D: 0.25, E: 0.75 },
    { A: 1, B: 1.25, C: 0.5, D: 0.25, E: 0.75 },
    { A: 1, B: 1.25, C: 0.5, D: 0.25, E: 0.75 },
  ];
  run.steps.forEach((s, i) => assert.deepEqual(Object.fromEntries(s.priorities), table[i], `after step ${i + 1}`));
});

test("OPIC (Abiteboul) conserves cash: what fetched pages hand on is what the frontier and later receipts hold", () => {
  // A strongly connected graph (no leaf loses cash to the virtual root).
  const graph = { a: ["b", "c", "d"], b: ["c"], c: ["a", "d"], d: ["b", "a"] };
  const run = simulateCrawl({ graph, seeds: ["a"], strategy: getStrategy("opic") });
  let total = 0;
  for (const u of run.frontier.values()) total += u.status === "pending" ? u.priority : u.priority - u.priorityAtFetch!;
  assert.ok(Math.abs(total - 1) < 1e-12, `total cash ${total}`);
  // And each fetch splits the page's cash evenly.
  const scores = getStrategy("opic").scoreLinks({ parent: { url: "x", host: "x", depth: 1, relevance: 0, isRelevant: false, priority: 0.9 },
    links: [{ url: "p", host: "h", anchor: "" }, { url: "q", host: "h", anchor: "" }, { url: "r", host: "h", anchor: "" }],
    topic: topicScorer({ terms: [] }), params: {}, state: emptyState() });
  assert.deepEqual(scores.map((s) => s.priority), [0.3, 0.3, 0.3].map((x) => x * 1));
});

test("Tianwang weights: 10 − slashes − ? − & − 2×(search, proxy, gate), floored at 0", () => {
  const table: [string, number][] = [
    ["http://a.com/", 10],
    ["http://a.com/index.html", 9],
    ["http://a.com/a/b/c.html", 7],
    ["http://a.com/search?q=1&p=2", 5],
    ["http://a.com/SEARCH", 7],
    ["http://a.com/cgi/proxy/gate.php?x=1", 2],
    ["http://a.com/1/2/3/4/5/6/7/8/9/10/11", 0],
  ];
  for (const [url, w] of table) assert.equal(tianwangWeight(url), w, url);
  assert.equal(tianwangWeight("http://a.com/x", 20), 19, "the initial weight is configurable");
});

test("RW: the strongest topic term of anchor, title, alt and URL, 0 below c", () => {
  const topic = topicScorer({ terms: [["电子商务", 0.8], ["网络", 0.4], ["支付", 0.1]] });
  assert.deepEqual(relevanceWeight(topic, { url: "http://x.test/a", host: "x.test", anchor: "电子商务 网站" }, 0.1), { rw: 1, term: "电子商务" });
  assert.deepEqual(relevanceWeight(topic, { url: "http://x.test/a", host: "x.test", anchor: "", title: "网络 安全" }, 0.1), { rw: 0.5, term: "网络" });
  assert.equal(relevanceWeight(topic, { url: "http://x.test/a", host: "x.test", anchor: "", alt: "支付" }, 0.2).rw, 0, "0.125 is below c = 0.2");
  assert.equal(relevanceWeight(topic, { url: "http://x.test/网络/1.html", host: "x.test", anchor: "" }, 0.1).rw, 0.5, "URL words count");
});

test("CMSCrawler fine-grained: a link on an irrelevant page is queued only above the page's own priority; coarse drops them", () => {
  const topic = topicScorer({ terms: [["经济", 0.9], ["市场", 0.4]] });
  const base = (isRelevant: boolean, grain: "fine" | "coarse"): ScoreInput => ({
    parent: { url: "http://e.test/p", host: "e.test", depth: 2, relevance: isRelevant ? 0.6 : 0.02, isRelevant, priority: 0.1 },
    links: [{ url: "http://e.test/jingji/经济.html", host: "e.test", anchor: "经济 市场" }, { url: "http://e.test/x.zip", host: "e.test", anchor: "下载", mime: "application/zip" }],
    topic, params: parseStrategyParams("cmscrawler", { grain }), state: { ...emptyState(), jobFetched: 10, jobRelevant: 5 },
  });
  const fine = cmscrawler.scoreLinks(base(false, "fine") as never);
  assert.ok(fine[0].priority !== null && fine[0].priority > 0.1, `a strong link beats the parent's 0.1: ${JSON.stringify(fine[0])}`);
  assert.equal(fine[1].priority, null, "a weak link on an irrelevant page is not queued");
  assert.deepEqual(cmscrawler.scoreLinks(base(false, "coarse") as never).map((s) => s.priority), [null, null]);
  const relevant = cmscrawler.scoreLinks(base(true, "fine") as never);
  assert.ok(relevant.every((s) => s.priority !== null), "links on a relevant page are queued when Rank > 0");
  assert.ok(relevant[0].priority! > relevant[1].priority!, "topic words in anchor and URL rank higher");
  // Rank = harvest × S_backlink × (0.2 mime + 0.2 parent + 0.3 anchor + 0.3 url): the zip link has only the parent term.
  // The job's rate is (5 + 1) / (10 + 2) = 0.5; the host e.test, new, has the relevant parent: (1 + 5 · 0.5) / (1 + 5).
  assert.ok(Math.abs(relevant[1].priority! - (3.5 / 6) * backlinkBoost(1) * (0.2 * 0.6)) < 1e-9, JSON.stringify(relevant[1]));
  assert.equal(harvestRate({ ...emptyState(), jobFetched: 10, jobRelevant: 5, hosts: new Map([["h", { fetched: 5, relevant: 5 }]]) }, "h", "host"), 0.75);
});

test("CMSCrawler: a relevant page's links are queued even when every page fetched before it was irrelevant", () => {
  const topic = topicScorer({ terms: [["水稻", 0.9]] });
  // The job has stored 12 pages, none relevant; this page, the first of its host, is relevant.
  const state = { ...emptyState(), jobFetched: 12, jobRelevant: 0, hosts: new Map([["other.test", { fetched: 12, relevant: 0 }]]) };
  const input = (isRelevant: boolean) => ({
    parent: { url: "http://blog.test/", host: "blog.test", depth: 1, relevance: isRelevant ? 0.04 : 0.001, isRelevant, priority: 0.2, kind: "home" },
    links: [{ url: "http://blog.test/archives/", host: "blog.test", anchor: "归档" }, { url: "http://blog.test/article/rice/", host: "blog.test", anchor: "水稻" }],
    topic, params: parseStrategyParams("cmscrawler", {}), state,
  });
  const scored = cmscrawler.scoreLinks(input(true) as never);
  assert.ok(scored.every((s) => s.priority !== null && s.priority > 0), JSON.stringify(scored));
  assert.ok(harvestRate(state, "new.test", "global") > 0, "the job's rate is never 0");
  // The parent counts for its own host: its relevance lifts its siblings above a stranger host's.
  assert.ok(harvestRate(state, "blog.test", "host", { host: "blog.test", isRelevant: true }) > harvestRate(state, "blog.test", "host"));
  assert.equal(harvestRate(state, "blog.test", "host", { host: "else.test", isRelevant: true }), harvestRate(state, "blog.test", "host"));
});

test("CMSCrawler fine-grained: the same irrelevant page lets the same links through whatever the harvest rate of the moment", () => {
  const topic = topicScorer({ terms: [["经济", 0.9], ["市场", 0.4]] });
  const links = [{ url: "http://e.test/jingji/经济.html", host: "e.test", anchor: "经济 市场" }, { url: "http://e.test/about", host: "e.test", anchor: "关于" }];
  // The parent was queued with Rank 0.05 when its host's harvest rate was 0.2: merit 0.25. It is
  // fetched early in one run (harvest rate now about 0.14) and late in another (about 0.42).
  const decide = (jobFetched: number, jobRelevant: number) => cmscrawler.scoreLinks({
    parent: { url: "http://e.test/p", host: "e.test", depth: 2, relevance: 0.01, isRelevant: false, priority: 0.05, kind: "content",
      detail: { rank: 0.05, harvest: 0.2, merit: 0.25 } },
    links, topic, params: parseStrategyParams("cmscrawler", {}), state: { ...emptyState(), jobFetched, jobRelevant },
  } as never).map((s) => s.priority !== null);
  const early = decide(4, 0), late = decide(400, 200);
  assert.deepEqual(early, late, "the decision does not follow the harvest rate of the moment");
  assert.deepEqual(early, [true, false], "the topical link beats the page's merit, the other does not");
  assert.equal(queuedMerit({ priority: 0.3, detail: null }), 0.3, "without a recorded merit the page's priority is the bar");
  assert.equal(queuedMerit({ priority: 0.3, detail: { merit: 0.12 } }), 0.12);
});

test("best-first follows the relevant page, backlinks the most linked URL; every strategy crawls the example site whole", () => {
  const graph = { s: ["http://a.test/rel", "http://b.test/irr"], "http://a.test/rel": ["http://a.test/x"], "http://b.test/irr": ["http://b.test/y"] };
  const run = simulateCrawl({ graph, seeds: ["s"], strategy: getStrategy("best-first"), relevance: { "http://a.test/rel": 0.9, "http://b.test/irr": 0.05, s: 0.5 } });
  assert.ok(run.order.indexOf("http://a.test/x") < run.order.indexOf("http://b.test/y"), run.order.join(" "));
  // Backlinks: E (linked from B and C) is served before D (linked from B only).
  const counted = simulateCrawl({ graph: SITE, seeds: ["A"], strategy: getStrategy("backlinks") });
  assert.ok(counted.order.indexOf("E") < counted.order.indexOf("D"), counted.order.join(" "));
  // Every strategy crawls the example site to the end without losing a page.
  const u = (x: string) => `http://site.test/${x}.html`;
  const site = Object.fromEntries(Object.entries(SITE).map(([k, v]) => [u(k), v.map(u)]));
  for (const id of STRATEGY_IDS) {
    const r = simulateCrawl({ graph: site, seeds: [u("A")], strategy: getStrategy(id), params: parseStrategyParams(id, {}),
      relevance: Object.fromEntries(["A", "B", "C", "E"].map((x) => [u(x), 0.9])) });
    assert.deepEqual([...r.order].sort(), ["A", "B", "C", "D", "E"].map(u), id);
  }
});

test("strategy parameters: defaults from docs/ALGORITHMS.md, out-of-range and unknown ones refused with the allowed values", () => {
  assert.deepEqual(parseStrategyParams("tianwang", {}), { initialWeight: 10, byWeight: 1, random: 1 });
  assert.deepEqual(parseStrategyParams("ipagerank", {}), { d: 0.85, recomputeEvery: 500, c: 0.1 });
  assert.throws(() => parseStrategyParams("ipagerank", { d: 1.5 }), /d must be a number from 0.01 to 0.99/);
  assert.throws(() => parseStrategyParams("bfs", { d: 0.5 }), /strategy bfs has no parameter d; its parameters: none/);
  assert.throws(() => parseStrategyParams("cmscrawler", { grain: "medium" }), /grain must be one of: fine, coarse/);
  assert.throws(() => getStrategy("dfs"), /unknown strategy "dfs": use one of bfs, tianwang/);
});

test("a strategy's policy comes from its own definition: Tianwang's selection, the graph strategies' recompute interval", () => {
  assert.deepEqual(strategyPolicy("tianwang", {}), { claimByPriority: 1, claimRandom: 1, claimHoldBack: 0, recomputeEvery: null, priorityFeedback: false });
  assert.deepEqual(strategyPolicy("tianwang", { byWeight: 5, random: 2 }), { claimByPriority: 5, claimRandom: 2, claimHoldBack: 0, recomputeEvery: null, priorityFeedback: false });
  assert.deepEqual(strategyPolicy("pagerank", {}), { claimByPriority: 1, claimRandom: 0, claimHoldBack: 0, recomputeEvery: 500, priorityFeedback: false });
  assert.deepEqual(strategyPolicy("tr-hits", { recomputeEvery: 60 }), { claimByPriority: 1, claimRandom: 0, claimHoldBack: 0.5, recomputeEvery: 60, priorityFeedback: true });
  assert.equal(strategyPolicy("best-first", {}, 20).claimHoldBack, 0.2, "the job's focusHoldBack, as a share");
  for (const id of STRATEGY_IDS) {
    const p = strategyPolicy(id, {});
    assert.equal(p.recomputeEvery === null, !getStrategy(id).recompute, `${id} recomputes exactly when it declares a recompute`);
  }
});
