/**
 * The long-tail layout of the realistic web: the texts of the `sites` layout (the same abstracts,
 * headlines, title catalogue and real sites, under the same labels) spread over several hundred
 * hosts of very different sizes, as the web has them: the eleven journals and three news portals
 * keep a share, and the rest lives on small journals, lab and tutorial sites, news sections on
 * their own sub-domains and single-author blogs, many with one or two posts
 * (long-tail-plan.ts). The seed stays a directory portal; it and two more directories (blogs,
 * news) list many sites but not all, and sites link each other (blogrolls, related sites, see
 * also), mostly within their group. Every site is reachable from the portal; the decoys and the
 * hosts that refuse are kept.
 */
import { createRng, mixSeed, type Rng } from "../testweb/random";
import type { RealCorpus } from "./corpora";
import { addDecoySites, isHiddenPaper } from "./decoys";
import { doc, links } from "./html";
import { NEWS_CLASS_NAMES } from "./labels";
import { addSitePages, articlePath, itemTitle } from "./long-tail-pages";
import { linkSites, linkUnreached, planSites, type TailKind, type TailSite } from "./long-tail-plan";
import type { RealHost, RealPage, RealWeb } from "./page-types";
import {
  addSnapshotSites, addTitleCatalogue, type AddPage, canon, deadLink, isServedPaper, journalOf, JOURNALS, PORTAL_HOST, moreSitesLinks, oldJournalLinks, servedHeadlines,
} from "./parts";

/** The directory of blogs and small sites, and the directory of news sites. */
export const BLOG_DIRECTORY = "www.boke-daohang.cn";
export const NEWS_DIRECTORY = "www.xinwen-daohang.cn";

/** Chance a directory lists a site of a kind it covers: real directories list many sites, not all. */
const LISTED: Partial<Record<TailKind, number>> = { "small-journal": 0.5, tutorial: 0.5, lab: 0.5, blog: 0.5, "news-section": 0.6 };
/** Chance an article has a "see also" link to an article on another site of its group. */
const SEE_ALSO = 0.4;

/** A directory's page: its title and the hosts it lists, under headings. */
interface Listing { url: string; title: string; sections: { heading: string; hosts: string[] }[]; subpages?: { href: string; text: string }[] }

/** Build the long-tail layout (deterministic for `seed`); `deadHosts` are linked to and refuse. */
export function buildLongTailWeb(corpus: RealCorpus, seed: number, opts: { deadHosts: string[]; decoys: boolean }): RealWeb {
  const rng = createRng(mixSeed(seed, 0x7a11));
  const pages = new Map<string, RealPage>();
  const add = (url: string, page: RealPage) => pages.set(canon(url), page);
  const isHidden = (i: number) => opts.decoys && isHiddenPaper(corpus.papers[i], i);
  const hidden = corpus.papers.filter((_, i) => isHidden(i));
  const served = corpus.papers.filter((p, i) => !isHidden(i) && isServedPaper(p));
  const sites = planSites(served, servedHeadlines(corpus.headlines), rng);

  const catalogue = addTitleCatalogue(add, corpus.titles, seed, opts.deadHosts);
  const others: RealHost[] = [...(catalogue ? [catalogue] : []), ...addSnapshotSites(add, corpus.sites)];
  // The journals' papers in the `sites` layout's order, so that each decoy quotes the same abstracts there and here.
  if (opts.decoys) others.push(...addDecoySites({ add, seed, hidden, papers: JOURNALS.flatMap((j) => served.filter((p) => journalOf(p) === j)) }));
  linkSites(sites, others.map((h) => h.name), rng);
  const listings = planDirectories(sites, others, rng);
  const lists = (url: string) => listings.filter((l) => l.url.startsWith(url)).flatMap((l) => l.sections.flatMap((s) => s.hosts));
  const start = new Map([PORTAL_HOST, BLOG_DIRECTORY, NEWS_DIRECTORY].map((h) => [h, lists(`http://${h}/`)]));
  linkUnreached(sites, start, rng);

  const titles = new Map([...sites, ...others].map((h) => [h.name, h.title]));
  const byGroup = new Map<string, { site: TailSite; i: number }[]>();
  for (const site of sites) site.items.forEach((_, i) => byGroup.set(site.group, [...(byGroup.get(site.group) ?? []), { site, i }]));
  const seeAlso = (site: TailSite, r: Rng) => {
    const pick = r.chance(SEE_ALSO) ? r.pick(byGroup.get(site.group)!) : undefined;
    return pick && pick.site !== site ? { href: `http://${pick.site.name}${articlePath(pick.site, pick.i)}`, text: itemTitle(pick.site.items[pick.i]) } : undefined;
  };
  sites.forEach((site, index) => addSitePages(site, index, { add, seed, deadHosts: opts.deadHosts, titleOf: (h) => titles.get(h) ?? h, seeAlso }));
  addDirectoryPages(add, listings, titles, opts.deadHosts, rng);

  const directories: RealHost[] = [[PORTAL_HOST, "学术网址导航"], [BLOG_DIRECTORY, "博客导航"], [NEWS_DIRECTORY, "新闻网址导航"]]
    .map(([name, title]) => ({ name, title, charset: "utf-8", charsetLabel: "header" }));
  return { seed, portal: `http://${PORTAL_HOST}/`, hosts: [...directories, ...sites, ...others], pages, deadHosts: opts.deadHosts };
}

/** The directories' pages: the portal by category, the blog directory and the news directory one page per group. */
function planDirectories(sites: TailSite[], others: RealHost[], rng: Rng): Listing[] {
  const listed = (kinds: TailKind[], group?: string) => sites
    .filter((s) => kinds.includes(s.kind) && (group === undefined || s.group === group) && (s.kind === "journal" || s.kind === "portal" || rng.chance(LISTED[s.kind] ?? 1)))
    .map((s) => s.name);
  const portal: Listing = {
    url: `http://${PORTAL_HOST}/`, title: "学术网址导航", sections: [
      { heading: "学术期刊", hosts: listed(["journal", "small-journal"]) },
      { heading: "新闻门户", hosts: listed(["portal", "news-section"]) },
      { heading: "学习资源", hosts: [...others.map((h) => h.name), ...listed(["tutorial"])] },
      { heading: "网址导航", hosts: [BLOG_DIRECTORY, NEWS_DIRECTORY] },
    ],
  };
  const groups = [...new Set(sites.map((s) => s.group))];
  const paperGroups = groups.filter((g) => JOURNALS.some((j) => j.host === g));
  const newsGroups = groups.filter((g) => !paperGroups.includes(g));
  const groupName = (g: string) => JOURNALS.find((j) => j.host === g)?.name.replace(/学报$/, "") ?? NEWS_CLASS_NAMES[g] ?? g;
  const blogPages = [...paperGroups, ...newsGroups].map((g, k) => ({
    url: `http://${BLOG_DIRECTORY}/fenlei/${k + 1}.html`, title: `${groupName(g)} - 博客导航`, sections: [{ heading: groupName(g), hosts: listed(["blog", "lab", "tutorial"], g) }],
  }));
  const newsPages = newsGroups.map((g, k) => ({
    url: `http://${NEWS_DIRECTORY}/${k + 1}/`, title: `${groupName(g)}新闻 - 新闻网址导航`, sections: [{ heading: groupName(g), hosts: listed(["portal", "news-section"], g) }],
  }));
  const index = (host: string, title: string, list: Listing[]): Listing =>
    ({ url: `http://${host}/`, title, sections: [], subpages: list.map((l) => ({ href: l.url, text: l.sections[0].heading })) });
  return [portal, index(BLOG_DIRECTORY, "博客导航", blogPages), ...blogPages, index(NEWS_DIRECTORY, "新闻网址导航", newsPages), ...newsPages];
}

/** Add the directories' pages: each listed host's home page under its heading, and links to hosts that refuse (many on the portal). */
function addDirectoryPages(add: AddPage, listings: Listing[], titles: Map<string, string>, deadHosts: readonly string[], rng: Rng): void {
  for (const l of listings) {
    const host = new URL(l.url).hostname;
    const dead = host === PORTAL_HOST ? [...oldJournalLinks(), ...moreSitesLinks(deadHosts)] : Array.from({ length: 5 }, () => ({ href: deadLink(deadHosts, rng), text: "推荐网站" }));
    const body = `<h1>${l.title}</h1>${l.subpages ? links(l.subpages) : ""}` +
      l.sections.map((s) => `<h2>${s.heading}</h2>${links(s.hosts.map((h) => ({ href: `http://${h}/`, text: titles.get(h) ?? h })))}`).join("") +
      `<h2>更多网站</h2>${links(dead)}`;
    add(l.url, { kind: new URL(l.url).pathname === "/" ? "home" : "list", host, path: "", codes: [], html: () => doc(l.title, body, "utf-8", "header") });
  }
}
