import assert from "node:assert/strict";
import { test } from "node:test";
import { parseHtml } from "./parse";
import { countCommas, countWide } from "./main-text";
import { createRng } from "./random";

/** An article of a few paragraphs of prose, long enough to be found as one. */
const ARTICLE = `<article class="post"><h1>水稻育种的新进展</h1>` +
  `<p>近年来，水稻育种在产量、抗病性和品质方面都取得了进展，分子标记辅助选择让育种周期缩短了一半。</p>` +
  `<p>研究人员利用全基因组关联分析，定位了控制粒重、株高和抽穗期的多个位点，并在田间试验中验证了效果。</p>` +
  `<p>在南方稻区，新品种的平均亩产比对照提高了百分之八，稻瘟病的发病率也明显下降，农民的收入随之增加。</p>` +
  `<p>专家认为，下一步应把基因编辑、表型组学和大数据结合起来，建立更快、更准的育种体系，服务粮食安全。</p></article>`;
const page = (body: string) => parseHtml(`<html><head><title>t</title></head><body>${body}</body></html>`, "http://e.test/a/1.html").mainText;

test("reader comments leave the main text, the article stays", () => {
  const comments = `<div id="comments"><h3>评论</h3>` +
    Array.from({ length: 6 }, (_, i) => `<div class="comment-body"><p>读者${i}说：这篇文章写得很好，我在老家也种水稻，今年的收成比去年好，希望多写一些，谢谢作者的分享。</p></div>`).join("") + `</div>`;
  const text = page(ARTICLE + comments);
  assert.ok(text.includes("分子标记辅助选择") && text.includes("服务粮食安全"), text);
  assert.ok(!text.includes("读者3说") && !text.includes("评论"), text);
});

test("a menu whose items carry descriptions is not main text", () => {
  const menu = `<div class="site-menu"><ul>` +
    ["新闻中心", "科研成果", "人才培养", "合作交流"].map((m) => `<li><a href="/${m}">${m}</a><span>栏目介绍：本栏目发布有关${m}的最新动态和通知公告</span></li>`).join("") + `</ul></div>`;
  const text = page(menu + ARTICLE);
  assert.ok(text.includes("全基因组关联分析"), text);
  assert.ok(!text.includes("科研成果") && !text.includes("栏目介绍"), text);
});

test("a related-articles list with summaries is not main text", () => {
  const related = `<section class="related-posts"><h3>相关文章</h3><ul>` +
    ["玉米抗旱品种选育", "小麦赤霉病防治", "大豆高产栽培"].map((t) => `<li><a href="/r/${t}">${t}</a><p>摘要：本文介绍了${t}的主要方法、试验设计和推广经验，供各地参考使用。</p></li>`).join("") + `</ul></section>`;
  const text = page(ARTICLE + related);
  assert.ok(text.includes("稻瘟病的发病率"), text);
  assert.ok(!text.includes("小麦赤霉病防治") && !text.includes("相关文章"), text);
});

test("a list page keeps its items one per line, without its pager", () => {
  const items = ["无线传感器网络中的组划分算法", "并行学习", "比较研究"];
  const list = `<h1>论文列表</h1><ul>${items.map((t, i) => `<li><a href="/p/${i}">${t}</a></li>`).join("")}</ul>` +
    `<div class="pagination"><a href="/l/1">1</a> <a href="/l/2">2</a> <a href="/l/3">3</a> <a href="/l/2">下一页</a> <span>共 3 页</span></div>`;
  assert.equal(page(list), ["论文列表", ...items].join("\n"));
});

test("a hub page keeps every link item on its own line and leaves out its sidebar", () => {
  const items = Array.from({ length: 8 }, (_, i) => `第${i + 1}期：农业科学研究论文`);
  const hub = `<div class="archive"><h2>归档</h2>${items.map((t, i) => `<a class="item" href="/a/${i}"><time>2024-0${i + 1}-01</time><div>${t}</div></a>`).join("")}</div>` +
    `<div class="sidebar"><p>关于本站：这里记录了作者多年来的学习笔记和科研心得，欢迎交流。</p></div>`;
  const lines = page(hub).split("\n");
  for (const t of items) assert.ok(lines.includes(t), lines.join(" | "));
  assert.ok(!lines.some((l) => l.includes("关于本站")), lines.join(" | "));
});

test("wide characters and commas are counted as the character classes match them, on every kind of text", () => {
  const wide = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
  const comma = /[,，、;；]/g;
  // Each range's edges and their neighbours, ASCII, CJK punctuation, a surrogate pair (𠀀) and combining marks.
  const pieces = ["\u303f", "\u3040", "\u30ff", "\u3100", "\u33ff", "\u3400", "\u9fff", "\ua000", "\uabff", "\uac00", "\ud7af", "\ud7b0",
    "\uf8ff", "\uf900", "\ufaff", "\ufb00", ",", "，", "、", ";", "；", "。", "：", "a", " ", "\n", "𠀀", "e\u0301", "水稻", "カナ", "한글"];
  const rng = createRng(7);
  for (let i = 0; i < 500; i++) {
    const s = Array.from({ length: rng.int(40) }, () => pieces[rng.int(pieces.length)]).join("");
    assert.equal(countWide(s), s.match(wide)?.length ?? 0, JSON.stringify(s));
    assert.equal(countCommas(s), s.match(comma)?.length ?? 0, JSON.stringify(s));
  }
  assert.equal(countWide(""), 0);
  assert.equal(countWide("水稻，育种、产量；yield, rice"), 6);
  assert.equal(countCommas("水稻，育种、产量；yield, rice; 。"), 5);
});
