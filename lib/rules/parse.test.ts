import assert from "node:assert/strict";
import { test } from "node:test";
import { classifyPageKind, parseHtml, MAX_PARSE_CHARS, refreshUrl } from "./parse";
import { tokenize } from "../topic/tokenize";

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

/** Table-driven: block boundaries end a line of the main text; inline elements never split a word. */
const BLOCK_TEXT_CASES: { name: string; body: string; mainText: string }[] = [
  {
    name: "a Chinese list page with a pager",
    body: `<h1>论文列表</h1><ul><li><a href="/1">比较研究</a></li><li><a href="/2">无线传感器网络中的组划分算法</a></li>` +
      `<li><a href="/3">并行学习</a></li></ul><div class="pager"><a href="/p/1">1</a> <a href="/p/2">2</a><a href="/p/next">下一页</a></div>`,
    mainText: "论文列表\n比较研究\n无线传感器网络中的组划分算法\n并行学习",
  },
  {
    name: "nested lists",
    body: `<ul><li>计算机<ul><li>网络</li><li>数据库</li></ul></li><li>农业<ol><li>水稻</li></ol>种植</li></ul>`,
    mainText: "计算机\n网络\n数据库\n农业\n水稻\n种植",
  },
  {
    name: "table rows one line each, cells apart",
    body: `<table><caption>题录</caption><tr><th>题名</th><th>年份</th></tr><tr><td>水稻种植</td><td>2024</td></tr><tr><td><a href="/m">玉米</a></td><td>2023</td></tr></table>`,
    mainText: "题录\n题名 年份\n水稻种植 2024\n玉米 2023",
  },
  {
    name: "lines separated by <br>",
    body: `<p>第一行<br>第二行<br/>第三行<br><br>第四行</p>`,
    mainText: "第一行\n第二行\n第三行\n第四行",
  },
  {
    name: "inline elements inside a word add nothing",
    body: `<p>计算<a href="/x">机</a><span>网</span><em>络</em><b>技</b><strong>术</strong> and <i>cr</i>awl<code>ing</code></p>`,
    mainText: "计算机网络技术 and crawling",
  },
  {
    name: "definition lists, headings, quotes, preformatted text; form controls are not text",
    body: `<dl><dt>作者</dt><dd>张三</dd><dt>单位</dt><dd>农业大学</dd></dl><h2>摘要</h2><h3>背景</h3><blockquote>引文</blockquote>` +
      `<pre>代码</pre><select><option>甲</option><option>乙</option></select>`,
    mainText: "作者\n张三\n单位\n农业大学\n摘要\n背景\n引文\n代码",
  },
  {
    name: "text beside blocks and the source's own whitespace",
    body: `前文<div>\n  <p> 中间 </p>\n  <p>第二段</p>\n</div>后文 <section>节</section><article>文章</article>`,
    mainText: "前文\n中间\n第二段\n后文\n节\n文章",
  },
];

for (const c of BLOCK_TEXT_CASES) {
  test(`main text keeps block boundaries: ${c.name}`, () => {
    assert.equal(parseHtml(`<html><head><title>t</title></head><body>${c.body}</body></html>`, "http://e.test/list").mainText, c.mainText);
  });
}

test("list items no longer join into words across items for the tokenizer", () => {
  // Glued, the first title's last word and the second's first make 影响面 (jieba).
  const html = `<body><ul><li><a href="/1">大豆不同前处理方式对豆浆品质的影响</a></li><li><a href="/2">面窝加工工艺参数优化研究</a></li></ul></body>`;
  const terms = tokenize(parseHtml(html, "http://e.test/").mainText);
  assert.ok(!terms.includes("影响面"), terms.join("|"));
  assert.ok(terms.includes("影响") && terms.includes("优化"), terms.join("|"));
});

test("line breaks do not change which blocks are main text: a list page is still measured without them", () => {
  // 150 one-character paragraphs: 150 characters without line breaks (under MIN_MAIN_TEXT_CHARS, so
  // the link-dense menu stays), 299 with them.
  const menu = `<ul>${Array.from({ length: 20 }, (_, i) => `<li><a href="/m${i}">菜单项目${i}</a></li>`).join("")}</ul>`;
  const page = parseHtml(`<body>${menu}${"<p>字</p>".repeat(150)}</body>`, "http://e.test/");
  assert.ok(page.mainText.includes("菜单项目3"), page.mainText.slice(0, 40));
  const longer = parseHtml(`<body>${menu}${"<p>字</p>".repeat(200)}</body>`, "http://e.test/");
  assert.ok(!longer.mainText.includes("菜单项目3"), "200 characters of text drop the menu, as before");
});

test("a meta refresh links to where it sends readers (a documentation site's root page), unless the page says nofollow", () => {
  const root = parseHtml(`<meta http-equiv="Refresh" content="0; url=intro.html" />`, "http://docs.test/");
  assert.deepEqual(root.links.map((l) => [l.url, l.source]), [["http://docs.test/intro.html", "refresh"]]);
  assert.deepEqual(parseHtml(`<meta name="robots" content="nofollow"><meta http-equiv="refresh" content="0; url=/a">`, "http://docs.test/").links, []);
  assert.equal(refreshUrl("5;URL='next page.html'"), "next page.html");
  assert.equal(refreshUrl(`0, url="/b"`), "/b");
  assert.equal(refreshUrl("30"), undefined, "a refresh of the same page links nowhere");
  assert.equal(refreshUrl(undefined), undefined);
});
