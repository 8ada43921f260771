import assert from "node:assert/strict";
import { test } from "node:test";
import { classifyPageKind, parseHtml, MAX_PARSE_CHARS } from "./parse";

const PAGE = `<!doctype html><html><head><title> 计算机 网络 </title><base href="http://example.com/dir/"></head>
<body><nav><a href="/nav">导航链接</a></nav>
<h1>Heading</h1><p>正文内容 about crawling.</p>
<a href="a.html#x">相对链接</a>
<a href="a.html">重复</a>
<a href="javascript:void(0)">js</a>
<a href="mailto:x@y.z">mail</a>
<a href="http://other.test/p" rel="nofollow">nofollow</a>
<a href="/img"><img alt="图片说明" src="i.png"></a>
<map><area href="/area" alt="a"></map>
<footer>版权所有 footer text</footer><script>var x = "脚本";</script></body></html>`;

test("parseHtml extracts canonical links against <base href>, skipping nofollow and non-http", () => {
  const p = parseHtml(PAGE, "http://example.com/index.html");
  assert.deepEqual(p.links.map((l) => l.url), [
    "http://example.com/nav", "http://example.com/dir/a.html", "http://example.com/img", "http://example.com/area",
  ]);
  assert.equal(p.links[1].anchor, "相对链接");
  assert.equal(p.links[2].anchor, "图片说明");
});

test("parseHtml keeps the title and drops boilerplate from the main text", () => {
  const p = parseHtml(PAGE, "http://example.com/");
  assert.equal(p.title, "计算机 网络");
  assert.ok(p.mainText.includes("正文内容"));
  for (const junk of ["导航链接", "版权所有", "脚本"]) assert.ok(!p.mainText.includes(junk), junk);
});

test("title falls back to the first heading; meta robots nofollow drops every link", () => {
  const p = parseHtml(`<meta name="robots" content="noindex, nofollow"><h1>第一标题</h1><a href="/x">x</a>`, "http://e.test/");
  assert.equal(p.title, "第一标题");
  assert.equal(p.links.length, 0);
  assert.ok(p.isNoindex && p.isNofollow);
});

test("classifyPageKind: site root is home, anchor-heavy pages are hubs", () => {
  assert.equal(classifyPageKind("http://e.test/", 0.9), "home");
  assert.equal(classifyPageKind("http://e.test/list/1.html", 0.8), "hub");
  assert.equal(classifyPageKind("http://e.test/a/1.html", 0.1), "content");
});

test("links carry title, alt, nearby text, source and predicted MIME; frames and link rel are followed", () => {
  const html = `<html><head><link rel="next" href="/p2.html"><link rel="alternate" hreflang="en" href="/en/">
  <link rel="alternate" type="application/rss+xml" href="/feed.xml"><link rel="stylesheet" href="/s.css"></head>
  <body><p>前面的文字说明 <a href="/doc.pdf" title="年度报告">下载报告</a> 后面还有一些文字</p>
  <a href="/pic"><img src="x.png" alt="电子商务示意图"></a><iframe src="/frame.html" title="内嵌"></iframe></body></html>`;
  const p = parseHtml(html, "http://e.test/");
  const by = new Map(p.links.map((l) => [l.url, l]));
  assert.deepEqual([...by.keys()].sort(), ["http://e.test/doc.pdf", "http://e.test/en/", "http://e.test/frame.html", "http://e.test/p2.html", "http://e.test/pic"]);
  const pdf = by.get("http://e.test/doc.pdf")!;
  assert.equal(pdf.title, "年度报告");
  assert.equal(pdf.mime, "application/pdf");
  assert.equal(pdf.nearby, "前面的文字说明 后面还有一些文字");
  assert.equal(by.get("http://e.test/pic")!.alt, "电子商务示意图");
  assert.equal(by.get("http://e.test/pic")!.anchor, "电子商务示意图");
  assert.equal(by.get("http://e.test/frame.html")!.source, "iframe");
  assert.equal(by.get("http://e.test/p2.html")!.source, "next");
  assert.equal(by.get("http://e.test/en/")!.mime, "text/html");
});

test("title falls back to the heading before the first long paragraph, not a later one", () => {
  const p = parseHtml(`<body><div class="crumb">首页</div><h3>文章标题</h3><p>${"很长的正文段落。".repeat(10)}</p><h1>相关阅读</h1></body>`, "http://e.test/a");
  assert.equal(p.title, "文章标题");
});

test("link-dense blocks leave the main text, unless the page is only links", () => {
  const menu = `<ul>${Array.from({ length: 20 }, (_, i) => `<li><a href="/m${i}">菜单项目${i}</a></li>`).join("")}</ul>`;
  const article = `<p>${"网络爬虫按主题抓取网页并计算相关度。".repeat(20)}</p>`;
  const content = parseHtml(`<body>${menu}${article}</body>`, "http://e.test/a");
  assert.ok(content.mainText.includes("网络爬虫") && !content.mainText.includes("菜单项目"), content.mainText.slice(0, 80));
  const hub = parseHtml(`<body>${menu}</body>`, "http://e.test/list");
  assert.ok(hub.mainText.includes("菜单项目3"));
});

test("links nested in links: each anchor is read only as far as it is kept", () => {
  const nested = parseHtml(`<body>${'<a href="/n"><b>层层链接 '.repeat(300)}</body>`, "http://e.test/");
  assert.equal(nested.links.length, 1);
  assert.equal(nested.links[0].anchor.length, 200, "an anchor is cut at 200 characters");
});

test("a page longer than MAX_PARSE_CHARS is read only up to the cap, before a tag it would split, and says so", () => {
  const unit = '<p>计算机网络 <a href="/p">链接</a></p>\n';
  const html = `<html><head><title>大页面</title></head><body>${unit.repeat(Math.ceil((3 * MAX_PARSE_CHARS) / unit.length))}<a href="/far-away">尾</a></body></html>`;
  const page = parseHtml(html, "http://big.test/");
  assert.equal(page.isCut, true);
  assert.equal(page.title, "大页面");
  assert.ok(page.mainText.startsWith("计算机网络"), page.mainText.slice(0, 20));
  assert.ok(page.links.some((l) => l.url === "http://big.test/p"));
  assert.ok(!page.links.some((l) => l.url === "http://big.test/far-away"), "nothing after the cap is read");
  assert.equal(parseHtml(unit.repeat(10), "http://small.test/").isCut, false);
});
