/**
 * The long-tail layout against the `sites` layout, built from the bundled CSL sample with THUCNews-
 * shaped headlines and a small static site added, so that every kind of text is spread.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { parseHtml } from "../rules/parse";
import { buildRealWeb, labelRealWeb, PORTAL_HOST, type RealWeb } from "./build";
import { loadBundledSample, type RealCorpus } from "./corpora";
import { DECOY_HOSTS } from "./decoys";
import { NEWS_CLASS_NAMES } from "./labels";
import { linkSites, planSites } from "./long-tail-plan";
import { servedHeadlines } from "./parts";
import { createRng } from "../testweb/random";

const SAMPLE = path.resolve(import.meta.dirname, "../../bench/data/csl-dev.tsv");
const CLASSES = ["TP", "R", "F", "S", "G", "K"];

/** The sample's 1,000 papers, 150 headlines per news class, a catalogue and one static site of two articles. */
function corpus(): RealCorpus {
  const sample = loadBundledSample(SAMPLE);
  const headlines = Object.entries(NEWS_CLASS_NAMES).flatMap(([cls, name]) => Array.from({ length: 150 }, (_, i) => ({ title: `${name}新闻第${i + 1}条`, cls })));
  const prose = "程序设计语言的变量与函数。".repeat(30);
  const files = new Map([
    ["index.html", Buffer.from(`<html><body><a href="docs/a.html">A</a> <a href="docs/b.html">B</a></body></html>`)],
    ["docs/a.html", Buffer.from(`<html><body><p>${prose}</p></body></html>`)],
    ["docs/b.html", Buffer.from(`<html><body><p>${prose}变量</p></body></html>`)],
  ]);
  return { ...sample, headlines, titles: [{ title: "论文一", field: "工学" }], sites: [{ host: "docs.example-jiaocheng.cn", codes: ["TP3"], files }] };
}

const CORPUS = corpus();
const build = (layout: "sites" | "long-tail", seed = 1) => buildRealWeb(CORPUS, seed, { deadHosts: 40, decoys: true, layout });
const LONG = build("long-tail");

/** Pages reached from the portal by following the links every page's HTML holds. */
function reachable(web: RealWeb): Set<string> {
  const seen = new Set([web.portal]);
  const queue = [web.portal];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    const page = web.pages.get(url)!;
    const html = "html" in page ? page.html() : page.type.startsWith("text/html") ? page.file.toString("utf8") : "";
    for (const link of parseHtml(html, url).links) {
      if (web.pages.has(link.url) && !seen.has(link.url)) {
        seen.add(link.url);
        queue.push(link.url);
      }
    }
  }
  return seen;
}

/** Relevant pages of `target` by host. */
function relevantByHost(web: RealWeb, target: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [url, label] of Object.entries(labelRealWeb(web, target).pages)) {
    if (label.relevant) counts.set(new URL(url).hostname, (counts.get(new URL(url).hostname) ?? 0) + 1);
  }
  return counts;
}

test("the long-tail layout serves the same texts under the same labels as the sites layout", () => {
  const sites = build("sites");
  for (const c of CLASSES) assert.equal(labelRealWeb(LONG, c).relevantCount, labelRealWeb(sites, c).relevantCount, `relevant pages of ${c}`);
  const contentOf = (web: RealWeb) => [...web.pages.values()].filter((p) => p.kind === "content").length;
  assert.equal(contentOf(LONG), contentOf(sites), "one article page per text in both");
  assert.ok(LONG.pages.has("http://docs.example-jiaocheng.cn/docs/a.html"), "the static site is served under its own host");
});

test("the long-tail layout spreads the texts over several hundred hosts whose sizes are heavy-tailed", () => {
  assert.ok(LONG.hosts.length >= 300 && LONG.hosts.length <= 600, `${LONG.hosts.length} hosts`);
  const sizes = new Map<string, number>();
  for (const p of LONG.pages.values()) if (p.kind === "content") sizes.set(p.host, (sizes.get(p.host) ?? 0) + 1);
  const sorted = [...sizes.values()].sort((a, b) => b - a);
  const median = sorted[Math.floor(sorted.length / 2)];
  assert.ok(sorted[0] >= 50 * median, `largest host ${sorted[0]} articles, median ${median}`);
  assert.ok(sorted.filter((n) => n <= 2).length >= sorted.length / 2, "most hosts hold one or two articles");
  const small = CLASSES.map((c) => [...relevantByHost(LONG, c).values()].filter((n) => n <= 2).length);
  assert.ok(small.reduce((a, b) => a + b) >= 100, `hosts with one or two relevant pages, by class ${CLASSES.join("/")}: ${small.join("/")}`);
  assert.ok(small[2] >= 20 && small[4] >= 20, `F and G each have at least 20 hosts with one or two relevant pages: ${small[2]}, ${small[4]}`);
});

test("every page of the long-tail layout but the snapshot's own orphans is reachable from the portal, which stays the seed", () => {
  assert.equal(LONG.portal, `http://${PORTAL_HOST}/`);
  const seen = reachable(LONG);
  const missed = [...LONG.pages].filter(([url, p]) => !seen.has(url) && "html" in p).map(([url]) => url);
  assert.deepEqual(missed.slice(0, 5), [], `${missed.length} generated pages cannot be reached`);
  for (const h of LONG.hosts) assert.ok(seen.has(`http://${h.name}/`), `${h.name}'s home page cannot be reached`);
});

test("the long-tail layout keeps the decoys and the hosts that refuse", () => {
  const names = new Set(LONG.hosts.map((h) => h.name));
  assert.ok(DECOY_HOSTS.filter((h) => names.has(h)).length >= 10, "decoys and plain-entry sites are served");
  assert.equal(LONG.deadHosts.length, 40);
  const portal = LONG.pages.get(LONG.portal)!;
  assert.ok("html" in portal && LONG.deadHosts.some((d) => portal.html().includes(d)), "the portal links hosts that refuse");
  assert.ok(LONG.deadHosts.every((d) => !names.has(d)), "no host both answers and refuses");
});

test("the long-tail layout is the same for the same seed and differs for another", () => {
  const again = build("long-tail");
  assert.deepEqual([...again.pages.keys()], [...LONG.pages.keys()]);
  assert.deepEqual(again.hosts.map((h) => h.name), LONG.hosts.map((h) => h.name));
  const page = (web: RealWeb) => { const p = web.pages.get(web.portal)!; return "html" in p ? p.html() : ""; };
  assert.equal(page(again), page(LONG));
  assert.notDeepEqual(build("long-tail", 2).hosts.map((h) => h.name), LONG.hosts.map((h) => h.name));
});

test("sites link mostly, but not only, to sites of their own group", () => {
  const sites = planSites(CORPUS.papers, servedHeadlines(CORPUS.headlines), createRng(1));
  linkSites(sites, ["www.other.cn"], createRng(2));
  const groupOf = new Map(sites.map((s) => [s.name, s.group]));
  const all = sites.flatMap((s) => s.links.map((h) => groupOf.get(h) === s.group));
  const share = all.filter(Boolean).length / all.length;
  assert.ok(share >= 0.6 && share <= 0.95, `${(share * 100).toFixed(0)}% of ${all.length} links stay within the group`);
  assert.ok(sites.every((s) => s.links.length >= 1), "every site links another");
});
