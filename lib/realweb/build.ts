/**
 * The realistic web: a directory portal linking about twenty sites made of real text the topic
 * model never saw — journals of CSL paper abstracts grouped by discipline, news portals of
 * THUCNews headlines, a catalogue of paper titles, the three real static sites under their
 * original host names — plus hundreds of links to hosts that do not answer. Deterministic for a
 * seed; every page carries its CLC classes from the data's own labels (labels.ts).
 */
import { createRng, type Rng } from "../testweb/random";
import type { Paper, RealCorpus } from "./corpora";
import type { RealHost, RealPage, RealWeb } from "./page-types";
import { DISCIPLINE_TO_CLC, isUnder, NEWS_CLASS_NAMES, NEWS_CLASS_TO_CLC } from "./labels";
import { doc, esc, links } from "./html";
import { addDecoySites, DECOY_HOSTS, isHiddenPaper } from "./decoys";
import { buildLongTailWeb } from "./long-tail";
import {
  addSnapshotSites, addTitleCatalogue, canon, deadLink as linkToDead, isServedPaper, journalOf, JOURNALS, makeDeadHosts, moreSitesLinks, NEWS_PORTALS,
  oldJournalLinks, PORTAL_HOST, servedHeadlines, TITLES_HOST,
} from "./parts";

export type { RealHost, RealPage, RealWeb } from "./page-types";
export { PORTAL_HOST } from "./parts";

/** How the realistic web spreads its texts over hosts. */
export const REALWEB_LAYOUTS = ["sites", "long-tail"] as const;
/**
 * `sites`: about twenty hosts, one journal per group of disciplines and one news portal per group
 * of classes; `long-tail`: the same texts over several hundred hosts of very different sizes
 * (lib/realweb/long-tail.ts).
 */
export type RealWebLayout = (typeof REALWEB_LAYOUTS)[number];

/** Whether `s` names a layout of the realistic web. */
export const isRealWebLayout = (s: string): s is RealWebLayout => (REALWEB_LAYOUTS as readonly string[]).includes(s);

/** Options of a realistic web. */
export interface RealWebOptions { deadHosts?: number; decoys?: boolean; layout?: RealWebLayout }

const PER_LIST = 15;
/** Hosts that refuse, by default. */
const DEAD_HOSTS = 400;

/**
 * Build the realistic web from `corpus` (deterministic for `seed`) in `layout` (default `sites`);
 * `deadHosts` hosts that refuse (default 400); with `decoys`, the two sites of lib/realweb/decoys.ts
 * as well (a tenth of the papers then move from the journals to the plain-entry site).
 */
export function buildRealWeb(corpus: RealCorpus, seed = 1, opts: RealWebOptions = {}): RealWeb {
  const deadHosts = makeDeadHosts(createRng(seed), opts.deadHosts ?? DEAD_HOSTS);
  if (opts.layout === "long-tail") return buildLongTailWeb(corpus, seed, { deadHosts, decoys: Boolean(opts.decoys) });
  return buildSitesWeb(corpus, seed, deadHosts, Boolean(opts.decoys));
}

/** The `sites` layout: a portal, eleven journals, three news portals, the catalogue, the real sites. */
function buildSitesWeb(corpus: RealCorpus, seed: number, deadHosts: string[], decoys: boolean): RealWeb {
  const pages = new Map<string, RealPage>();
  const hosts: RealHost[] = [];
  const add = (url: string, page: RealPage) => pages.set(canon(url), page);
  const deadLink = (r: Rng) => linkToDead(deadHosts, r);

  const byJournal = new Map<string, Paper[]>();
  const hidden: Paper[] = [];
  const isHidden = (p: Paper, i: number) => decoys && isHiddenPaper(p, i);
  corpus.papers.forEach((p, i) => {
    if (isHidden(p, i)) hidden.push(p);
  });
  for (const p of corpus.papers.filter((p, i) => !isHidden(p, i))) {
    if (isServedPaper(p)) byJournal.set(journalOf(p)!.host, [...(byJournal.get(journalOf(p)!.host) ?? []), p]);
  }
  const journals = JOURNALS.filter((j) => byJournal.has(j.host));
  const articleUrl = (j: (typeof JOURNALS)[number], id: number) =>
    j.style === "html" ? `http://${j.host}/article/${id}.html` : j.style === "php" ? `http://${j.host}/article.php?id=${id}` : `http://${j.host}/view?id=${id}&lang=zh`;
  const listUrl = (j: (typeof JOURNALS)[number], n: number) =>
    n === 1 ? `http://${j.host}/` : j.style === "html" ? `http://${j.host}/list/${n}.html` : j.style === "php" ? `http://${j.host}/index.php?page=${n}` : `http://${j.host}/list.asp?page=${n}`;
  const allArticles: { url: string; title: string }[] = [];
  const journalArticles = new Map<string, { url: string; paper: Paper; id: number }[]>();
  for (const j of journals) {
    const list = byJournal.get(j.host)!.map((paper, i) => ({ paper, id: 1000 + i * 7 + (i % 3), url: "" }));
    for (const a of list) a.url = articleUrl(j, a.id);
    journalArticles.set(j.host, list);
    allArticles.push(...list.map((a) => ({ url: a.url, title: a.paper.title })));
  }

  journals.forEach((j, ji) => {
    const charset = ji === 4 ? "gbk" : "utf-8";
    hosts.push({ name: j.host, title: j.name, charset, charsetLabel: ji === 4 ? "meta" : "header" });
    const list = journalArticles.get(j.host)!;
    const listPages = Math.ceil(list.length / PER_LIST);
    const nav = `<nav><a href="/">首页</a> · <a href="${listUrl(j, 2)}">过刊浏览</a> · <a href="http://${PORTAL_HOST}/">学术网址导航</a> · <a href="/about.html">关于本刊</a></nav>`;
    for (let n = 1; n <= listPages; n++) {
      const slice = list.slice((n - 1) * PER_LIST, n * PER_LIST);
      const pager = Array.from({ length: listPages }, (_, k) => `<a href="${listUrl(j, k + 1)}">${k + 1}</a>`).join(" ");
      add(listUrl(j, n), {
        kind: n === 1 ? "home" : "list", host: j.host, path: "", codes: [],
        html: () => doc(`${j.name}${n === 1 ? "" : ` - 第${n}页`}`, `${nav}<h1>${esc(j.name)}</h1><p>本刊刊登${esc(j.name)}领域的研究论文。</p>` +
          links(slice.map((a) => ({ href: a.url, text: a.paper.title }))) + `<div class="pager">${pager}</div>` +
          `<footer>友情链接：${links(Array.from({ length: 4 }, (_, k) => ({ href: deadLink(createRng(seed * 31 + ji * 1000 + n * 10 + k)), text: "合作期刊" })))}</footer>`, charset, hosts[hosts.length - 1].charsetLabel),
      });
    }
    list.forEach((a, i) => {
      const r = createRng(seed * 7919 + ji * 100_000 + i);
      const same = list.filter((b) => b !== a && b.paper.discipline === a.paper.discipline);
      const related = [...Array.from({ length: 3 }, () => r.pick(same.length ? same : list)), r.pick(list)].filter((b) => b !== a);
      const other = r.pick(allArticles);
      const label = hosts.find((h) => h.name === j.host)!.charsetLabel;
      add(a.url, {
        kind: "content", host: j.host, path: "", codes: DISCIPLINE_TO_CLC[a.paper.discipline] ?? [],
        html: () => doc(`${a.paper.title} - ${j.name}`, `${nav}<article><h1>${esc(a.paper.title)}</h1>` +
          `<p class="abstract"><b>摘要：</b>${esc(a.paper.abstract)}</p>` +
          (a.paper.keywords.length ? `<p class="keywords"><b>关键词：</b>${esc(a.paper.keywords.join("；"))}</p>` : "") +
          `<p>返回<a href="${listUrl(j, Math.floor(i / PER_LIST) + 1)}">目录</a></p></article>` +
          `<aside><h2>相关文章</h2>${links([...related.map((b) => ({ href: b.url, text: b.paper.title })), { href: other.url, text: other.title }])}</aside>` +
          `<section><h2>参考文献</h2>${links(Array.from({ length: 1 + r.int(2) }, () => ({ href: deadLink(r), text: "[全文链接]" })))}</section>`, charset, label),
      });
    });
    add(`http://${j.host}/about.html`, { kind: "list", host: j.host, path: "", codes: [], html: () => doc(`关于本刊 - ${j.name}`, `${nav}<p>编辑部地址、投稿须知与版权声明。</p>`, charset, "header") });
  });

  // News portals: channel lists and article pages of one headline with related headlines.
  const byClass = servedHeadlines(corpus.headlines);
  NEWS_PORTALS.forEach((portal, pi) => {
    const classes = portal.classes.filter((c) => byClass.has(c));
    if (classes.length === 0) return;
    const host: RealHost = { name: portal.host, title: portal.name, charset: "gbk", charsetLabel: portal.charsetLabel };
    hosts.push(host);
    const articles = new Map<string, { url: string; title: string }[]>();
    for (const c of classes) {
      articles.set(c, byClass.get(c)!.map((h, i) => ({ url: `http://${portal.host}/news/${c}/2024${String(1000 + i)}.shtml`, title: h.title })));
    }
    const chan = (c: string, n: number) => `http://${portal.host}/${c}/${n === 1 ? "" : `index_${n}.shtml`}`;
    const nav = `<nav><a href="/">首页</a> ${classes.map((c) => `<a href="${chan(c, 1)}">${NEWS_CLASS_NAMES[c]}</a>`).join(" ")}</nav>`;
    add(`http://${portal.host}/`, {
      kind: "home", host: portal.host, path: "", codes: [],
      html: () => doc(portal.name, `${nav}<h1>${portal.name}</h1>` + classes.map((c) => `<h2>${NEWS_CLASS_NAMES[c]}</h2>${links(articles.get(c)!.slice(0, 10).map((a) => ({ href: a.url, text: a.title })))}`).join("") +
        `<footer>${links(Array.from({ length: 10 }, (_, k) => ({ href: deadLink(createRng(seed * 131 + pi * 10 + k)), text: "合作媒体" })))}</footer>`, "gbk", host.charsetLabel),
    });
    for (const c of classes) {
      const list = articles.get(c)!;
      const listPages = Math.ceil(list.length / 20);
      for (let n = 1; n <= listPages; n++) {
        add(chan(c, n), {
          kind: "list", host: portal.host, path: "", codes: [],
          html: () => doc(`${NEWS_CLASS_NAMES[c]}频道 - ${portal.name}`, `${nav}<h1>${NEWS_CLASS_NAMES[c]}</h1>${links(list.slice((n - 1) * 20, n * 20).map((a) => ({ href: a.url, text: a.title })))}` +
            (n < listPages ? `<a href="${chan(c, n + 1)}">下一页</a>` : ""), "gbk", host.charsetLabel),
        });
      }
      list.forEach((a, i) => {
        const r = createRng(seed * 104_729 + pi * 10_000 + classes.indexOf(c) * 1000 + i);
        const related = Array.from({ length: 6 }, () => r.pick(list)).filter((b) => b !== a);
        const hot = Array.from({ length: 4 }, () => r.pick(articles.get(r.pick(classes))!));
        add(a.url, {
          kind: "content", host: portal.host, path: "", codes: NEWS_CLASS_TO_CLC[c] ?? [],
          html: () => doc(`${a.title}_${NEWS_CLASS_NAMES[c]}_${portal.name}`, `${nav}<article><h1>${esc(a.title)}</h1><p>${esc(a.title)}。</p></article>` +
            `<aside><h2>相关阅读</h2>${links(related.map((b) => ({ href: b.url, text: b.title })))}<h2>热点</h2>${links(hot.map((b) => ({ href: b.url, text: b.title })))}</aside>`, "gbk", host.charsetLabel),
        });
      });
    }
  });

  const catalogue = addTitleCatalogue(add, corpus.titles, seed, deadHosts);
  if (catalogue) hosts.push(catalogue);
  hosts.push(...addSnapshotSites(add, corpus.sites));

  if (decoys) hosts.push(...addDecoySites({ add, seed, hidden, papers: [...journalArticles.values()].flat().map((a) => a.paper) }));

  // The portal: every live site by category, then a long list of sites that do not answer.
  const cat = (pred: (h: RealHost) => boolean) => hosts.filter(pred).map((h) => ({ href: `http://${h.name}/`, text: h.title }));
  const more = moreSitesLinks(deadHosts);
  const broken = oldJournalLinks();
  add(`http://${PORTAL_HOST}/`, {
    kind: "home", host: PORTAL_HOST, path: "", codes: [],
    html: () => doc("学术网址导航", `<h1>学术网址导航</h1><h2>学术期刊</h2>${links([...cat((h) => JOURNALS.some((j) => j.host === h.name)), ...broken])}` +
      `<h2>新闻门户</h2>${links(cat((h) => NEWS_PORTALS.some((p) => p.host === h.name)))}` +
      `<h2>学习资源</h2>${links(cat((h) => Boolean(h.site) || h.name === TITLES_HOST || DECOY_HOSTS.includes(h.name)))}<h2>更多网站</h2>${links(more)}`, "utf-8", "header"),
  });
  hosts.unshift({ name: PORTAL_HOST, title: "学术网址导航", charset: "utf-8", charsetLabel: "header" });
  return { seed, portal: `http://${PORTAL_HOST}/`, hosts, pages, deadHosts };
}

/**
 * Each page's own address: a page served at several addresses (a static site's `dir/` and
 * `dir/index.html`) is one page, known by its shortest address, the one its site links to.
 */
export function canonicalAddresses(web: RealWeb): Map<RealPage, string> {
  const own = new Map<RealPage, string>();
  for (const [url, p] of web.pages) {
    const seen = own.get(p);
    if (seen === undefined || url.length < seen.length) own.set(p, url);
  }
  return own;
}

/**
 * The ground truth for `target`: URL → relevant (content page under the class), kind and classes;
 * an address of a page that has a shorter one names it (`sameAs`), so that a page counts once.
 */
export function labelRealWeb(web: RealWeb, target: string) {
  const pages: Record<string, { relevant: boolean; kind: string; codes: string[]; sameAs?: string }> = {};
  const relevantPages = new Set<RealPage>();
  const own = canonicalAddresses(web);
  for (const [url, p] of web.pages) {
    const relevant = p.kind === "content" && isUnder(p.codes, target);
    if (relevant) relevantPages.add(p);
    const canonical = own.get(p)!;
    pages[url] = { relevant, kind: p.kind, codes: p.codes, ...(canonical !== url ? { sameAs: canonical } : {}) };
  }
  return { seed: web.seed, target, relevantCount: relevantPages.size, pages };
}
