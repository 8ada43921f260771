import assert from "node:assert/strict";
import { test } from "node:test";
import { classifyPageKind, parseHtml } from "./parse";

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
