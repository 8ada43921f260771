#!/usr/bin/env node
// Deterministic static website of real-sized pages for the heavy crawl benchmark
// (`npm run bench:crawl -- --site heavy`, which imports generateSite).
//
//   node gen-site.mjs [--pages N] [--out DIR] [--origin http://127.0.0.1:18080] [--seed S]
//
// Writes N HTML pages (page 0 is "/" = index.html) of ~20-40 KB each, plus
// robots.txt, sitemap.xml (split at 50 000 URLs), static/site.css, and, NEXT TO
// the site root (not served), DIR.urls.txt: the N canonical absolute URLs a full
// crawl must fetch. Same (N, origin, seed) => byte-identical site.
//
// URL shapes (all served by the nginx config in nginx.conf.tmpl):
//   id 0                -> /                       (file index.html)
//   id % 10 == 3        -> /view?id=ID&lang=zh     (file v/ID.html, query-string page)
//   otherwise           -> /docs/sNNN/ID.html      (200 pages per directory)
// Every link to a page uses the page's one canonical query string, so the set of
// distinct URLs (fragments removed) is exactly the N pages for every crawler.
// Links mix root-relative, relative (./x, x, ../sNNN/x, ../../view?..), full
// absolute, and #fragment forms; the footer adds off-site, mailto: and
// javascript: links that a same-host crawler must ignore.
// Reachability: page i links to i+1 (pager) and to 3*i+1..3*i+3 (related), so
// every page is reachable from "/" (tree depth ~log3 N) whatever the random links.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function parseArgs(argv) {
  const a = { pages: 20000, out: '/tmp/crawlbench/site', origin: 'http://127.0.0.1:18080', seed: 1 };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--pages' || k === '-n') { a.pages = Number(v); i++; }
    else if (k === '--out') { a.out = v; i++; }
    else if (k === '--origin') { a.origin = v.replace(/\/+$/, ''); i++; }
    else if (k === '--seed') { a.seed = Number(v); i++; }
    else if (k === '-h' || k === '--help') {
      console.log('node gen-site.mjs [--pages N=20000] [--out DIR=/tmp/crawlbench/site] [--origin URL=http://127.0.0.1:18080] [--seed S=1]');
      process.exit(0);
    } else { throw new Error(`unknown argument ${k}`); }
  }
  if (!Number.isInteger(a.pages) || a.pages < 10) throw new Error('--pages must be an integer >= 10');
  return a;
}

// ---- seeded RNG (mulberry32) ------------------------------------------------
function mulberry32(seed) {
  let t = seed >>> 0;
  return function rand() {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
function hash32(...parts) { // FNV-1a over the decimal parts
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) { h ^= ch.charCodeAt(0); h = Math.imul(h, 0x01000193) >>> 0; }
  return h;
}

// ---- word lists ---------------------------------------------------------------
const EN = `the of and to in is that for it as with was on be by this are from at or an have not
which but all were when we there can more one would about their what so if out some other into
time only new could than first these also after way many most where much through well before
system data network server crawler page link index search query request response cache queue
storage database record table schema column value result report analysis model design method
process thread worker memory latency throughput performance benchmark measure signal pattern
document archive library research history culture river mountain city village market garden
season weather morning evening journey story language music painting science nature ocean
forest bridge harbor station museum school student teacher family friend neighbour kitchen
simple careful quick quiet bright ancient modern public private local global early late
build parse fetch store update delete create publish review compare explain describe observe`
  .split(/\s+/).filter(Boolean);
const ZH = `我们 他们 这个 那个 可以 没有 因为 所以 但是 如果 已经 还是 就是 一个 什么 时候 中国
北京 上海 城市 乡村 河流 山脉 天气 春天 夏天 秋天 冬天 早上 晚上 学校 学生 老师 朋友 家庭
工作 生活 问题 方法 系统 数据 网络 服务器 爬虫 网页 链接 索引 搜索 查询 请求 响应 缓存 队列
存储 数据库 记录 表格 结构 分析 模型 设计 过程 线程 内存 延迟 吞吐量 性能 测试 测量 文档 档案
图书馆 研究 历史 文化 语言 音乐 绘画 科学 自然 海洋 森林 桥梁 港口 车站 博物馆 市场 花园
简单 认真 快速 安静 明亮 古老 现代 公共 本地 全球 发展 经济 社会 技术 信息 管理 服务 产品
用户 内容 更新 发布 比较 解释 描述 观察 重要 主要 不同 开始 结束 继续 需要 认为 发现 提供`
  .split(/\s+/).filter(Boolean);
const SECTION_NAMES = ['新闻 News', '技术 Tech', '文化 Culture', '科学 Science', '旅行 Travel', '经济 Economy', '体育 Sports', '生活 Life'];
const NSECTIONS = SECTION_NAMES.length; // section pages are ids 1..8

// ---- URLs ---------------------------------------------------------------------
function pageFile(id) {
  if (id === 0) return 'index.html';
  if (id % 10 === 3) return `v/${id}.html`;
  return `docs/s${String(Math.floor(id / 200)).padStart(3, '0')}/${id}.html`;
}
function pagePath(id) { // canonical path + query, as it appears in a URL (not HTML-escaped)
  if (id === 0) return '/';
  if (id % 10 === 3) return `/view?id=${id}&lang=zh`;
  return '/' + pageFile(id);
}
function dirOf(p) { // directory of a URL path ("/docs/s001/250.html" -> "/docs/s001/")
  const q = p.indexOf('?');
  const base = q >= 0 ? p.slice(0, q) : p;
  return base.slice(0, base.lastIndexOf('/') + 1);
}
function relativeHref(fromPath, toPath) {
  const fromDir = dirOf(fromPath).split('/').filter(Boolean);
  const q = toPath.indexOf('?');
  const toBase = q >= 0 ? toPath.slice(0, q) : toPath;
  const query = q >= 0 ? toPath.slice(q) : '';
  const toParts = toBase.split('/').filter(Boolean);
  const toName = toBase.endsWith('/') ? '' : toParts.pop();
  let i = 0;
  while (i < fromDir.length && i < toParts.length && fromDir[i] === toParts[i]) i++;
  const up = fromDir.length - i;
  const rel = '../'.repeat(up) + toParts.slice(i).map((s) => s + '/').join('') + (toName || '');
  if (rel === '') return './' + query;
  return rel + query;
}
const escAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// ---- page generation ----------------------------------------------------------
function makePage(id, N, origin, seed) {
  const rand = mulberry32(hash32('page', seed, N, id));
  const ri = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const self = pagePath(id);

  const href = (target, style) => {
    const p = pagePath(target);
    const r = style ?? rand();
    let h;
    if (r < 0.35) h = p;                                           // root-relative
    else if (r < 0.60) {                                           // relative
      h = relativeHref(self, p);
      if (!h.startsWith('.') && rand() < 0.3) h = './' + h;
    } else if (r < 0.80) h = origin + p;                           // full absolute
    else if (r < 0.90) h = p + '#sec-' + ri(1, 6);                 // fragment
    else h = relativeHref(self, p) + '#top';                       // relative + fragment
    return escAttr(h);
  };
  const enSentence = () => {
    const n = ri(8, 18);
    const w = [];
    for (let i = 0; i < n; i++) w.push(pick(EN));
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    if (rand() < 0.08) w.splice(ri(1, n - 1), 0, '&amp;');
    if (rand() < 0.05) w.splice(ri(1, n - 1), 0, '&quot;' + pick(EN) + '&quot;');
    return w.join(' ') + (rand() < 0.1 ? '?' : '.');
  };
  const zhSentence = () => {
    const n = ri(6, 16);
    let s = '';
    for (let i = 0; i < n; i++) { s += pick(ZH); if (i < n - 1 && rand() < 0.15) s += '，'; }
    return s + (rand() < 0.1 ? '？' : '。');
  };
  const title = `${pick(ZH)}${pick(ZH)} ${pick(EN)} ${pick(EN)} ${id}`;
  const section = 1 + (id % NSECTIONS);

  // --- links to other pages of this site ---
  const navLinks = [`<li><a href="${href(0, 0)}">首页 Home</a></li>`];
  for (let s = 1; s <= NSECTIONS && s < N; s++) navLinks.push(`<li><a href="${href(s, rand() < 0.5 ? 0 : 0.7)}">${SECTION_NAMES[s - 1]}</a></li>`);
  const related = [];
  for (let c = 3 * id + 1; c <= 3 * id + 3 && c < N; c++) related.push(c);
  if (id > 0) related.push(Math.floor((id - 1) / 3)); // parent in the tree
  const prev = id > 0 ? id - 1 : N - 1;
  const next = id + 1 < N ? id + 1 : 0;
  const fixedCount = navLinks.length + 2 /* breadcrumb */ + 2 /* pager */ + related.length;
  const target = ri(20, 40);
  const nInText = Math.max(2, target - fixedCount);
  const inText = [];
  for (let k = 0; k < nInText; k++) {
    // mostly nearby pages (locality, like real sites), some anywhere
    const t = rand() < 0.6 ? ((id + ri(-300, 300)) % N + N) % N : ri(0, N - 1);
    inText.push(t === id ? (id + 1) % N : t);
  }

  // --- body text: paragraphs until the page reaches its size target ---
  const sizeTarget = ri(20000, 40000);
  const blocks = []; // {h: '<h2>..</h2>'} or {parts: [sentence|link...], sep}
  let bytes = 2000 + 95 * (inText.length + related.length); // head/nav/footer + links, roughly
  let h2 = 1;
  while (bytes < sizeTarget) {
    let b;
    if (rand() < 0.12) { b = { h: `<h2 id="sec-${h2}">${h2}. ${zhSentence().slice(0, -1)} ${pick(EN)}</h2>` }; h2++; bytes += Buffer.byteLength(b.h) + 1; }
    else {
      const kind = rand();
      const ns = ri(3, 7);
      const parts = [];
      for (let s = 0; s < ns; s++) parts.push(kind < 0.4 ? zhSentence() : kind < 0.75 ? enSentence() : (rand() < 0.5 ? zhSentence() : enSentence()));
      b = { parts, sep: kind < 0.4 ? '' : ' ' };
      bytes += Buffer.byteLength(parts.join(b.sep)) + 8;
    }
    blocks.push(b);
  }
  // put the in-text links between sentences of random paragraphs (never inside a tag)
  const pIdx = blocks.map((b, i) => (b.parts ? i : -1)).filter((i) => i >= 0);
  for (const t of inText) {
    const b = blocks[pIdx[Math.floor(rand() * pIdx.length)]];
    const anchor = rand() < 0.5 ? `${pick(ZH)}${pick(ZH)}` : `${pick(EN)} ${pick(EN)}`;
    b.parts.splice(ri(0, b.parts.length), 0, ` <a href="${href(t)}"${rand() < 0.2 ? ' class="inline" rel="nofollow"' : ''}>${anchor}</a> `);
  }
  const paras = blocks.map((b) => b.h ?? `<p>${b.parts.join(b.sep)}</p>`);

  const desc = enSentence().replace(/&amp;|&quot;/g, '');
  const out = `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - 示例站点 Example Site</title>
<meta name="description" content="${desc}">
<meta name="keywords" content="${pick(ZH)},${pick(ZH)},${pick(EN)},${pick(EN)}">
<meta property="og:title" content="${title}">
<meta property="og:type" content="article">
<link rel="canonical" href="${escAttr(origin + self)}">
<link rel="stylesheet" href="/static/site.css">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"${title}","datePublished":"2024-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}"}</script>
</head>
<body>
<a id="top"></a>
<header class="site-header">
<div class="logo"><a href="${href(0, 0)}"><img src="/static/logo.png" alt="示例站点 Example Site" width="120" height="40"></a></div>
<nav class="main-nav" aria-label="main">
<ul>
${navLinks.join('\n')}
</ul>
</nav>
<form class="search" action="/search" method="get"><input type="text" name="q" placeholder="搜索 Search"><button type="submit">Go</button></form>
</header>
<div class="breadcrumb"><a href="${href(0, 0)}">首页</a> &rsaquo; <a href="${href(section, 0.5)}">${SECTION_NAMES[section - 1]}</a> &rsaquo; <span>${title}</span></div>
<main id="content">
<article class="post" data-id="${id}">
<h1>${title}</h1>
<div class="meta">作者 Author: ${pick(EN)} · 2024-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')} · ${ri(100, 9999)} 次阅读 views</div>
${paras.join('\n')}
</article>
<aside class="related">
<h3>相关文章 Related</h3>
<ul>
${related.map((t) => `<li><a href="${href(t)}">${pick(ZH)}${pick(ZH)} ${pick(EN)} ${t}</a></li>`).join('\n')}
</ul>
</aside>
<nav class="pager"><a rel="prev" href="${href(prev)}">&laquo; 上一页 Previous</a> | <a rel="next" href="${href(next)}">下一页 Next &raquo;</a></nav>
</main>
<footer class="site-footer">
<p>&copy; 2024 示例站点 Example Site. 保留所有权利 All rights reserved.</p>
<p><a href="https://www.example.com/about">About us (off-site)</a> · <a href="https://github.com/example/site">GitHub</a> · <a href="mailto:webmaster@example.com">联系我们 Contact</a> · <a href="javascript:void(0)" onclick="window.scrollTo(0,0)">回到顶部 Back to top</a></p>
</footer>
</body>
</html>
`;
  return out;
}

/** Write the site of `pages` pages under `out` (replacing it) and its URL list next to it. */
export function generateSite({ pages: N, out, origin, seed = 1 }) {
  const t0 = Date.now();
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(path.join(out, 'static'), { recursive: true });
  fs.mkdirSync(path.join(out, 'v'), { recursive: true });
  for (let d = 0; d <= Math.floor((N - 1) / 200); d++) fs.mkdirSync(path.join(out, 'docs', `s${String(d).padStart(3, '0')}`), { recursive: true });

  let total = 0, min = Infinity, max = 0;
  const urls = [];
  for (let id = 0; id < N; id++) {
    const html = makePage(id, N, origin, seed);
    const b = Buffer.from(html, 'utf8');
    fs.writeFileSync(path.join(out, pageFile(id)), b);
    total += b.length; min = Math.min(min, b.length); max = Math.max(max, b.length);
    urls.push(origin + pagePath(id));
  }
  fs.writeFileSync(path.join(out, 'static', 'site.css'), 'body{font-family:sans-serif;max-width:60em;margin:auto}nav ul{list-style:none;display:flex;gap:1em}\n');
  fs.writeFileSync(path.join(out, 'robots.txt'), `User-agent: *\nDisallow: /cgi-bin/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  // sitemap(s): at most 50 000 URLs per file
  const xmlEsc = (s) => s.replace(/&/g, '&amp;');
  const chunks = [];
  for (let i = 0; i < urls.length; i += 50000) chunks.push(urls.slice(i, i + 50000));
  const urlset = (list) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.map((u) => `<url><loc>${xmlEsc(u)}</loc></url>`).join('\n')}\n</urlset>\n`;
  if (chunks.length === 1) fs.writeFileSync(path.join(out, 'sitemap.xml'), urlset(chunks[0]));
  else {
    chunks.forEach((c, i) => fs.writeFileSync(path.join(out, `sitemap-${i + 1}.xml`), urlset(c)));
    fs.writeFileSync(path.join(out, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${chunks.map((_, i) => `<sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`);
  }
  const manifest = out.replace(/\/+$/, '') + '.urls.txt';
  fs.writeFileSync(manifest, urls.join('\n') + '\n');
  return ({ pages: N, out, origin, seed, manifest, totalMB: +(total / 1048576).toFixed(1), avgKB: +(total / N / 1024).toFixed(1), minKB: +(min / 1024).toFixed(1), maxKB: +(max / 1024).toFixed(1), seconds: (Date.now() - t0) / 1000 });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(JSON.stringify(generateSite(parseArgs(process.argv))));
