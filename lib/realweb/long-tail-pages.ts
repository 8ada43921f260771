/**
 * The pages of one site of the long-tail layout: its home and list pages, which list its
 * articles, and one article page per text, each in the URL shapes and furniture of its kind
 * (a blog's blogroll on every page, a journal's related journals on its home page).
 */
import { createRng, mixSeed, type Rng } from "../testweb/random";
import { doc, esc, links } from "./html";
import { DISCIPLINE_TO_CLC, NEWS_CLASS_TO_CLC } from "./labels";
import { deadLink, JOURNALS, PORTAL_HOST, type AddPage } from "./parts";
import type { TailItem, TailSite } from "./long-tail-plan";

/** Articles listed per list page. */
const PER_LIST = 15;

/** What a site's pages need from the rest of the web. */
export interface SiteContext {
  add: AddPage; seed: number; deadHosts: readonly string[];
  /** A host's title, for links to it. */
  titleOf: (host: string) => string;
  /** A "see also" article on another site of the group, or none. */
  seeAlso: (site: TailSite, r: Rng) => { href: string; text: string } | undefined;
}

/** The path of the `i`-th article of `site`: ids with gaps as a CMS hands them out, in the shapes of its kind. */
export function articlePath(site: TailSite, i: number): string {
  const id = 1000 + i * 7 + (i % 3);
  const kind = site.kind;
  switch (kind) {
    case "journal": {
      const style = JOURNALS.find((j) => j.host === site.name)?.style ?? "html";
      return style === "html" ? `/article/${id}.html` : style === "php" ? `/article.php?id=${id}` : `/view?id=${id}&lang=zh`;
    }
    case "portal": return `/news/${site.items[i].headline?.cls ?? "misc"}/2024${1000 + i}.shtml`;
    case "small-journal": return `/oa/darticle.aspx?id=${id}`;
    case "lab": return `/papers/${id}.html`;
    case "tutorial": return `/notes/${id}.html`;
    case "blog": return site.name.length % 2 === 0 ? `/?p=${id}` : `/archives/${id}`;
    case "news-section": return `/2024${String(1 + (i % 12)).padStart(2, "0")}/t${id}.shtml`;
    default: return kind satisfies never;
  }
}

/** The title an item is listed under. */
export const itemTitle = (item: TailItem) => item.paper?.title ?? item.headline!.title;

/** The CLC classes of an item, from its source's own label. */
const itemCodes = (item: TailItem) => (item.paper ? DISCIPLINE_TO_CLC[item.paper.discipline] : NEWS_CLASS_TO_CLC[item.headline.cls]) ?? [];

/** The heading over the links to other sites, by kind. */
const SIDEBAR: Record<TailSite["kind"], string> = {
  journal: "相关期刊", portal: "合作媒体", "small-journal": "兄弟期刊", lab: "友情链接", tutorial: "推荐网站", blog: "博客圈", "news-section": "合作媒体",
};

/** Add every page of `site` (its `index`-th in the plan, for its random stream). */
export function addSitePages(site: TailSite, index: number, ctx: SiteContext): void {
  const base = `http://${site.name}`;
  const listUrl = (n: number) => (n === 1 ? `${base}/` : `${base}/index_${n}.html`);
  const listPages = Math.max(1, Math.ceil(site.items.length / PER_LIST));
  const page = (html: string, t: string) => doc(t, html, site.charset, site.charsetLabel);
  const nav = `<nav><a href="/">首页</a> · <a href="${listUrl(Math.min(2, listPages))}">文章列表</a>${site.kind === "journal" ? ` · <a href="http://${PORTAL_HOST}/">学术网址导航</a>` : ""}</nav>`;
  const sidebar = `<aside><h2>${SIDEBAR[site.kind]}</h2>${links(site.links.map((h) => ({ href: `http://${h}/`, text: ctx.titleOf(h) })))}</aside>`;
  const r = createRng(mixSeed(ctx.seed, index));
  const footer = `<footer>${links(Array.from({ length: 2 }, () => ({ href: deadLink(ctx.deadHosts, r), text: "合作伙伴" })))}</footer>`;
  const articles = site.items.map((item, i) => ({ item, url: `${base}${articlePath(site, i)}` }));

  for (let n = 1; n <= listPages; n++) {
    const slice = articles.slice((n - 1) * PER_LIST, n * PER_LIST);
    const pager = listPages > 1 ? `<div class="pager">${Array.from({ length: listPages }, (_, k) => `<a href="${listUrl(k + 1)}">${k + 1}</a>`).join(" ")}</div>` : "";
    const html = `${nav}<h1>${esc(site.title)}</h1>${links(slice.map((a) => ({ href: a.url, text: itemTitle(a.item) })))}${pager}` +
      (n === 1 || site.kind === "blog" ? sidebar : "") + footer;
    ctx.add(listUrl(n), { kind: n === 1 ? "home" : "list", host: site.name, path: "", codes: [], html: () => page(html, n === 1 ? site.title : `${site.title} - 第${n}页`) });
  }
  articles.forEach((a, i) => {
    const ar = createRng(mixSeed(mixSeed(ctx.seed, index), i + 1));
    const near = [articles[i - 1], articles[i + 1], ar.pick(articles), ar.pick(articles)].filter((b) => b && b !== a);
    const also = ctx.seeAlso(site, ar);
    const refs = a.item.paper ? `<section><h2>参考文献</h2>${links(Array.from({ length: 1 + ar.int(2) }, () => ({ href: deadLink(ctx.deadHosts, ar), text: "[全文链接]" })))}</section>` : "";
    const body = a.item.paper
      ? `<p class="abstract"><b>摘要：</b>${esc(a.item.paper.abstract)}</p>` + (a.item.paper.keywords.length ? `<p class="keywords"><b>关键词：</b>${esc(a.item.paper.keywords.join("；"))}</p>` : "")
      : `<p>${esc(a.item.headline.title)}。</p>`;
    const html = `${nav}<article><h1>${esc(itemTitle(a.item))}</h1>${body}<p>返回<a href="${listUrl(Math.floor(i / PER_LIST) + 1)}">列表</a></p></article>` +
      `<aside><h2>相关文章</h2>${links([...new Set(near)].map((b) => ({ href: b.url, text: itemTitle(b.item) })))}` +
      (also ? `<h2>延伸阅读</h2>${links([also])}` : "") + `</aside>${refs}${site.kind === "blog" ? sidebar : ""}`;
    ctx.add(a.url, { kind: "content", host: site.name, path: "", codes: itemCodes(a.item), html: () => page(html, `${itemTitle(a.item)} - ${site.title}`) });
  });
}
