/**
 * Property tests of the parts that read what websites send: the URL normaliser, the charset
 * decoder, the robots.txt rules and the HTML parser must never throw, hang or give up their
 * invariants on any input. Runs are seeded, so a failure reproduces; FUZZ_RUNS and FUZZ_SEED
 * explore further (e.g. FUZZ_RUNS=20000 FUZZ_SEED=7 node --import tsx --test lib/rules/fuzz.test.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { canonicalizeUrl, MAX_URL_LENGTH } from "./url";
import { decodeBody } from "./decode";
import { isAllowedByRobots, robotsFromResponse } from "./robots";
import { parseHtml } from "./parse";

const params = { seed: Number(process.env.FUZZ_SEED ?? 20261123), numRuns: Number(process.env.FUZZ_RUNS ?? 300) };
/** Each property has this long for all its runs; a hang fails the test instead of stalling the suite. */
const TIMEOUT = { timeout: 120_000 };

/** Pieces real URLs are made of, mixed with arbitrary text: a plain fc.string() rarely makes a URL. */
const urlPiece = fc.oneof(
  fc.constantFrom("http://", "https://", "HTTP://", "ftp://", "javascript:", "//", "/", "./", "../", "?", "#", "&", "=", "%", "%2e", "%00", "@", ":", "[", "]",
    "::1", "xn--", "例子.测试", "a.test", "A.TEST.", "127.0.0.1", "0x7f.1", "utm_source=x", "spm=1", "\t", "\n", " ", "\\", "..", "%zz", "😀"),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
);
const urlish = fc.array(urlPiece, { maxLength: 14 }).map((parts) => parts.join(""));
const base = fc.constantFrom("http://example.test/a/b.html", "https://例子.测试/路径/?q=1", "http://[::1]:8080/x/", "http://a.test");

test("the URL normaliser never throws, keeps its form and length, and is idempotent", TIMEOUT, () => {
  fc.assert(fc.property(urlish, fc.option(base, { nil: undefined }), (raw, b) => {
    const r = canonicalizeUrl(raw, b);
    if (!r.ok) return assert.equal(typeof r.reason, "string");
    assert.match(r.url, /^https?:\/\//);
    assert.ok(r.url.length <= MAX_URL_LENGTH);
    assert.ok(!r.url.includes("#"), r.url);
    const again = canonicalizeUrl(r.url);
    assert.ok(again.ok, r.url);
    assert.equal(again.url, r.url);
    assert.equal(again.host, r.host);
  }), params);
});

const contentType = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("text/html", "text/html; charset=gbk", "text/html; charset=utf-8", "text/html;charset=\"big5\"", "text/html; charset=x-unknown",
    "text/html; charset=", "text/html; charset=utf-16le", "application/octet-stream; charset=gb18030"),
  fc.string({ maxLength: 40 }),
);
const metaPrefix = fc.constantFrom("", "<meta charset=gbk>", "<meta http-equiv=Content-Type content=\"text/html; charset=gb2312\">", "\ufeff", "<meta charset=\"", "<meta charset=utf-16>");
const bytes = fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ maxLength: 300 }).map((s) => new TextEncoder().encode(s)));

test("the charset decoder decodes any bytes under any label, and never keeps a NUL", TIMEOUT, () => {
  fc.assert(fc.property(metaPrefix, bytes, contentType, (meta, body, type) => {
    const buf = Buffer.concat([Buffer.from(meta, "latin1"), Buffer.from(body)]);
    const d = decodeBody(buf, type);
    assert.equal(typeof d.text, "string");
    assert.ok(!d.text.includes("\0"));
    assert.equal(typeof d.charset, "string");
  }), params);
});

const robotsLine = fc.oneof(
  fc.constantFrom("User-agent: *", "User-agent: FocusCrawl", "user-agent:focuscrawl/0.1", "Disallow:", "Disallow: /", "Allow: /", "Crawl-delay: 5",
    "Crawl-delay: -1", "Crawl-delay: 1e308", "Crawl-delay: NaN", "Sitemap: http://a.test/s.xml", "# comment", "", "\ufeff"),
  fc.tuple(fc.constantFrom("Disallow: ", "Allow: ", "Crawl-delay: ", "User-agent: "), fc.array(fc.oneof(fc.constantFrom("*", "$", "/", "?", "%", "%2F", "中文", "\\"), fc.string({ maxLength: 5 })), { maxLength: 8 }))
    .map(([k, parts]) => k + parts.join("")),
  fc.string({ maxLength: 30 }),
);
const robotsTxt = fc.array(robotsLine, { maxLength: 25 }).chain((lines) => fc.constantFrom("\n", "\r\n", "\r").map((nl) => lines.join(nl)));
const pathish = fc.array(fc.oneof(fc.constantFrom("/", "a", "?", "=", "%", "%2F", "中", "$", "*", ".."), fc.string({ maxLength: 4 })), { maxLength: 10 }).map((p) => p.join(""));

test("robots.txt rules are read from any text, with a bounded delay, and answer for any URL of the host", TIMEOUT, () => {
  fc.assert(fc.property(robotsTxt, fc.integer({ min: 100, max: 599 }), pathish, (txt, status, path) => {
    const r = robotsFromResponse("a.test", { status, body: txt }, "FocusCrawl/0.1");
    assert.ok(r.crawlDelayMs === null || (Number.isFinite(r.crawlDelayMs) && r.crawlDelayMs > 0));
    const url = canonicalizeUrl(path.startsWith("/") ? path : `/${path}`, "http://a.test/");
    if (url.ok) assert.equal(typeof isAllowedByRobots(r, url.url, "FocusCrawl/0.1"), "boolean");
  }), params);
});

const tag = fc.constantFrom("p", "div", "a", "span", "script", "style", "title", "base", "meta", "table", "td", "li", "ul", "nav", "footer", "h1", "br", "img", "noscript", "template", "svg", "iframe");
const attr = fc.oneof(
  fc.constantFrom(" href=\"/x\"", " href='http://b.test/?a=1&amp;b=2'", " href=javascript:alert(1)", " href=\"#top\"", " href=\"//c.test\"", " href", " rel=nofollow",
    " name=robots content=noindex", " charset=gbk", " title=\"标题\"", " alt=图", " src=x.png", " href=\"http://[::1\""),
  fc.string({ maxLength: 10 }).map((s) => ` ${s}`),
);
const node: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true },
    fc.string({ maxLength: 20 }),
    fc.constantFrom("计算机网络与数据库", "&amp;", "&#x4e2d;", "&#99999999;", "<!--", "-->", "<![CDATA[", "]]>", "<", ">", "</", "<!DOCTYPE html>", "\0"),
    fc.tuple(tag, fc.array(attr, { maxLength: 3 }), fc.array(tie("node"), { maxLength: 4 }), fc.boolean())
      .map(([t, attrs, kids, closed]) => `<${t}${attrs.join("")}>${kids.join("")}${closed ? `</${t}>` : ""}`),
  ),
})).node;

test("the HTML parser reads any tag soup into a title, a text and canonical http(s) links", TIMEOUT, () => {
  fc.assert(fc.property(fc.array(node, { maxLength: 12 }), (nodes) => {
    const page = parseHtml(nodes.join(""), "http://example.test/dir/page.html");
    assert.equal(typeof page.title, "string");
    assert.equal(typeof page.mainText, "string");
    assert.ok(page.anchorTextShare >= 0 && page.anchorTextShare <= 1, String(page.anchorTextShare));
    for (const l of page.links) {
      const again = canonicalizeUrl(l.url);
      assert.ok(again.ok && again.url === l.url, l.url);
    }
  }), params);
});
