import assert from "node:assert/strict";
import { test } from "node:test";
import { generateTestWeb, labelTestWeb, pageUrl } from "./generator";
import { renderPage } from "./render";

test("the same seed gives the same web; another seed another", () => {
  const a = generateTestWeb({ seed: 7, pages: 1500 });
  const b = generateTestWeb({ seed: 7, pages: 1500 });
  const c = generateTestWeb({ seed: 8, pages: 1500 });
  assert.deepEqual(a.pages.map((p) => p.links), b.pages.map((p) => p.links));
  assert.equal(renderPage(a, a.pages[100]), renderPage(b, b.pages[100]));
  assert.notDeepEqual(a.pages.map((p) => p.links), c.pages.map((p) => p.links));
});

test("every page is reachable from the portal", () => {
  const web = generateTestWeb({ seed: 1, pages: 3000 });
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length) for (const to of web.pages[queue.shift()!].links) if (!seen.has(to)) { seen.add(to); queue.push(to); }
  assert.equal(seen.size, web.pages.length);
});

test("labels mark the content pages of the target topic as relevant", () => {
  const web = generateTestWeb({ seed: 1, pages: 2000 });
  const labels = labelTestWeb(web, "TP");
  const tp = web.pages.filter((p) => p.topic === "TP" && p.kind === "content");
  assert.equal(labels.relevantCount, tp.length);
  assert.ok(tp.length > 100);
  assert.equal(labels.pages[pageUrl(tp[0])].relevant, true);
  assert.ok(web.hosts.some((h) => h.charset === "gbk") && web.hosts.some((h) => h.lang === "en"));
});
