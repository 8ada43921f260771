import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { buildRealWeb, labelRealWeb, PORTAL_HOST } from "./build";
import { loadBundledSample } from "./corpora";
import { isUnder } from "./labels";
import { parseLabels, politeRelevantBound } from "../eval/metrics";

const SAMPLE = path.resolve(import.meta.dirname, "../../bench/data/csl-dev.tsv");

test("the realistic web from the bundled sample: a portal linking every journal and dead hosts, articles labelled by their discipline's CLC class", () => {
  const corpus = loadBundledSample(SAMPLE, 300);
  const web = buildRealWeb(corpus, 1, { deadHosts: 40 });
  const portal = web.pages.get(`http://${PORTAL_HOST}/`);
  assert.ok(portal && "html" in portal);
  const html = portal.html();
  for (const h of web.hosts.filter((h) => h.name !== PORTAL_HOST)) assert.ok(html.includes(`http://${h.name}/`), `${h.name} is not on the portal`);
  assert.equal(web.deadHosts.length, 40);
  assert.ok(web.deadHosts.some((d) => html.includes(d)), "the portal links hosts that refuse");
  const articles = [...web.pages.values()].filter((p) => p.kind === "content");
  assert.equal(articles.length, corpus.papers.length, "one article page per paper");
  const labels = labelRealWeb(web, "R");
  const medical = corpus.papers.filter((p) => ["中医学/中药学", "基础医学/临床医学", "药学", "口腔医学", "公共卫生与预防医学"].includes(p.discipline)).length;
  assert.equal(labels.relevantCount, medical, "R's relevant pages are the medical papers");
  assert.ok(Object.entries(labels.pages).some(([url, l]) => url.includes("/view?id=") && l.relevant), "id-addressed article URLs");
  assert.deepEqual(buildRealWeb(corpus, 1, { deadHosts: 40 }).deadHosts, web.deadHosts, "the same seed builds the same web");
});

test("a page is under a target class when one of its classes starts with it", () => {
  assert.equal(isUnder(["TP3"], "TP"), true);
  assert.equal(isUnder(["T"], "TP"), false);
  assert.equal(isUnder(["R3", "R4"], "r"), true);
});

test("a static site's article served at dir/ and dir/index.html is one relevant page, known by the address its links use", () => {
  const prose = "程序设计语言的变量与函数。".repeat(30);
  const files = new Map([
    ["index.html", Buffer.from(`<html><body><a href="/article/a/">A</a></body></html>`)],
    ["article/a/index.html", Buffer.from(`<html><body><p>${prose}</p></body></html>`)],
  ]);
  const corpus = { ...loadBundledSample(SAMPLE, 50), sites: [{ host: "docs.example-jiaocheng.cn", codes: ["TP3"], files }] };
  const labels = labelRealWeb(buildRealWeb(corpus, 1, { deadHosts: 0 }), "TP");
  const dir = "http://docs.example-jiaocheng.cn/article/a/";
  assert.equal(labels.pages[dir].relevant, true);
  assert.equal(labels.pages[dir].sameAs, undefined);
  assert.equal(labels.pages[`${dir}index.html`].sameAs, dir);
  const parsed = parseLabels(JSON.parse(JSON.stringify(labels)));
  const onSite = (n: number) => politeRelevantBound({ ...parsed, relevant: new Set([...parsed.relevant].filter((u) => u.includes("jiaocheng"))) }, 1000, n).relevant;
  assert.equal(onSite(600_000), 1, "the bound counts the article once");
});
