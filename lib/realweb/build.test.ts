import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { buildRealWeb, labelRealWeb, PORTAL_HOST } from "./build";
import { loadBundledSample } from "./corpora";
import { isUnder } from "./labels";

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
