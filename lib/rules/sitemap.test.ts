import assert from "node:assert/strict";
import zlib from "node:zlib";
import { test } from "node:test";
import { parseLastmod, parseSitemap, sitemapsOfRobots, sitemapText } from "./sitemap";

test("robots.txt Sitemap: lines, any case, on the robots file's own host", () => {
  const robots = "User-agent: *\nDisallow: /x\nSitemap: http://a.test/sitemap_index.xml\nsitemap:http://a.test/news.xml.gz\nSITEMAP: http://b.test/s.xml\nSitemap: not a url\n";
  assert.deepEqual(sitemapsOfRobots(robots, "a.test"), ["http://a.test/sitemap_index.xml", "http://a.test/news.xml.gz"]);
  assert.deepEqual(sitemapsOfRobots("User-agent: *\n", "a.test"), []);
});

test("lastmod: W3C dates and datetimes; anything else is none", () => {
  assert.equal(parseLastmod("2026-11-20")?.toISOString(), "2026-11-20T00:00:00.000Z");
  assert.equal(parseLastmod(" 2026-11-20T08:30:00+08:00 ")?.toISOString(), "2026-11-20T00:30:00.000Z");
  assert.equal(parseLastmod("2026")?.toISOString(), "2026-01-01T00:00:00.000Z");
  for (const bad of ["", "yesterday", "2026-13-45", "20/11/2026"]) assert.equal(parseLastmod(bad), null, bad);
});

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://a.test/db/1.html</loc><lastmod>2026-11-01</lastmod></url>
  <url><loc> http://a.test/db/2.html?x=1&amp;y=2 </loc></url>
  <url><loc>http://other.test/x</loc></url>
  <url><loc>javascript:alert(1)</loc></url>
  <url><loc>http://a.test/db/3.html</loc><lastmod>soon</lastmod></url>
</urlset>`;

test("a urlset's pages on its host, in order, with lastmod; others counted as left out", () => {
  const s = parseSitemap(URLSET, "a.test", 100)!;
  assert.equal(s.kind, "urlset");
  assert.deepEqual(s.entries.map((e) => [e.url, e.lastmod?.toISOString() ?? null]), [
    ["http://a.test/db/1.html", "2026-11-01T00:00:00.000Z"], ["http://a.test/db/2.html?x=1&y=2", null], ["http://a.test/db/3.html", null],
  ]);
  assert.equal(s.leftOut, 2);
  const capped = parseSitemap(URLSET, "a.test", 1)!;
  assert.deepEqual([capped.entries.length, capped.leftOut], [1, 4]);
});

test("an index lists sitemaps; text that is no sitemap is null", () => {
  const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://a.test/s1.xml.gz</loc><lastmod>2026-10-01</lastmod></sitemap></sitemapindex>`;
  const s = parseSitemap(index, "a.test", 10)!;
  assert.deepEqual([s.kind, s.entries[0].url], ["index", "http://a.test/s1.xml.gz"]);
  for (const bad of ["<html><body>404</body></html>", "", "not xml at all"]) assert.equal(parseSitemap(bad, "a.test", 10), null, bad);
});

test("a gzip file is opened; one that expands past the bound, or is corrupt, reads as nothing", () => {
  assert.equal(sitemapText(zlib.gzipSync(Buffer.from(URLSET))), URLSET);
  assert.equal(sitemapText(Buffer.from(URLSET)), URLSET);
  const bomb = zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, "a"));
  assert.equal(sitemapText(bomb, 1024), "");
  assert.equal(sitemapText(Buffer.from("x".repeat(2000)), 1024).length, 1024);
  assert.equal(sitemapText(Buffer.from([0x1f, 0x8b, 1, 2, 3])), "");
});
