import assert from "node:assert/strict";
import { test } from "node:test";
import iconv from "iconv-lite";
import { decodeBody, metaCharset } from "./decode";

const zh = "中文网页：计算机网络与数据库";

test("charset from the Content-Type header (GBK)", () => {
  const d = decodeBody(iconv.encode(`<p>${zh}</p>`, "gbk"), "text/html; charset=GBK");
  assert.equal(d.source, "header");
  assert.ok(d.text.includes(zh));
});

test("GB2312 label decodes GBK-only characters through its superset", () => {
  const text = "镕"; // outside GB2312, inside GBK: sites labelled gb2312 send it anyway
  const d = decodeBody(iconv.encode(text, "gbk"), "text/html; charset=gb2312");
  assert.equal(d.text, text);
});

test("charset from <meta> when the header has none", () => {
  const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"></head><body>${zh}</body></html>`;
  assert.equal(metaCharset(iconv.encode(html, "gbk")), "gbk");
  const d = decodeBody(iconv.encode(html, "gbk"), "text/html");
  assert.equal(d.source, "meta");
  assert.ok(d.text.includes(zh));
});

test("Big5 and UTF-16 with a BOM", () => {
  assert.ok(decodeBody(iconv.encode("繁體中文網頁", "big5"), "text/html; charset=big5").text.includes("繁體中文網頁"));
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(zh, "utf16le")]);
  const d = decodeBody(utf16, "text/html");
  assert.equal(d.source, "bom");
  assert.equal(d.text, zh);
});

test("an unknown label falls through instead of failing the page", () => {
  const d = decodeBody(Buffer.from(`<meta charset="utf-8">${zh}`), "text/html; charset=x-no-such-charset");
  assert.equal(d.source, "meta");
  assert.ok(d.text.includes(zh));
});

test("GBK labelled UTF-8 in the header is decoded as GBK (the meta tag or detection tells)", () => {
  const page = `<html><head><title>${zh}</title></head><body><p>${zh.repeat(5)}</p></body></html>`;
  const d = decodeBody(iconv.encode(page, "gbk"), "text/html; charset=utf-8");
  assert.ok(d.text.includes(zh), d.text.slice(0, 80));
  assert.equal(d.source, "detected");
  assert.equal(d.charset, "gb18030");
});

test("with no label at all, GBK, Big5 and Shift_JIS are detected", () => {
  const cases: [string, string, string][] = [
    ["gbk", `<p>${zh.repeat(6)}</p>`, "gb18030"],
    ["big5", "<p>繁體中文網頁：計算機網路與資料庫技術的研究與應用。繁體中文網頁：計算機網路與資料庫技術的研究與應用。</p>", "big5"],
    ["shift_jis", "<p>日本語のウェブページです。コンピュータネットワークとデータベースの研究。日本語のウェブページです。</p>", "shift_jis"],
  ];
  for (const [enc, html, want] of cases) {
    const d = decodeBody(iconv.encode(html, enc), "text/html");
    assert.equal(d.source, "detected", enc);
    assert.equal(d.charset, want, enc);
    assert.equal(d.text, html, enc);
  }
  assert.deepEqual(decodeBody(Buffer.from(`<p>${zh}</p>`)).source, "detected");
});
