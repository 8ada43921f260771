/**
 * What both layouts of the realistic web share: the portal's name, the big journals and news
 * portals, the hosts that refuse, the title catalogue and the real static sites served as they
 * are. One place, so that both layouts serve the same texts under the same rules.
 */
import { canonicalizeUrl } from "../rules/url";
import type { Rng } from "../testweb/random";
import { createRng } from "../testweb/random";
import type { Headline, Paper, PaperTitle, SiteSnapshot } from "./corpora";
import { doc, links } from "./html";
import { DISCIPLINE_TO_CLC } from "./labels";
import type { RealHost, RealPage } from "./page-types";

/** The directory portal every crawl of the realistic web starts from. */
export const PORTAL_HOST = "www.xueshu-daohang.cn";
/** The catalogue of paper titles. */
export const TITLES_HOST = "www.lunwen-mulu.cn";

/** Journals: host, name, the CLC prefixes of the disciplines they publish, and their URL style. */
export const JOURNALS = [
  { host: "www.jsj-dzxx.cn", name: "计算机与电子信息学报", prefixes: ["TP", "TN"], style: "html" },
  { host: "www.jxny-gc.cn", name: "机械与能源工程", prefixes: ["TM", "TK", "TL", "TH", "TJ", "TF", "TD", "TE", "TV"], style: "php" },
  { host: "www.clhg-qg.cn", name: "材料化工与轻工", prefixes: ["TB", "TQ", "TS", "O6"], style: "view" },
  { host: "www.jzjt-xb.cn", name: "建筑与交通学报", prefixes: ["TU", "U", "V"], style: "html" },
  { host: "www.yixue-qk.cn", name: "医药卫生学报", prefixes: ["R"], style: "view" },
  { host: "www.nongye-kx.cn", name: "农业科学学报", prefixes: ["S"], style: "php" },
  { host: "www.dqhj-sm.cn", name: "地球环境与生命科学", prefixes: ["Q", "X", "P"], style: "html" },
  { host: "www.shuli-xb.cn", name: "数理科学学报", prefixes: ["O"], style: "php" },
  { host: "www.jjgl-lt.cn", name: "经济管理论坛", prefixes: ["F"], style: "view" },
  { host: "www.zhengfa-sh.cn", name: "政法与社会研究", prefixes: ["D", "C", "E", "B"], style: "html" },
  { host: "www.renwen-jy.cn", name: "人文与教育", prefixes: ["G", "J", "H", "I", "K"], style: "php" },
] as const;
/** One of JOURNALS. */
export type Journal = (typeof JOURNALS)[number];

/** News portals and the THUCNews classes they carry. */
export const NEWS_PORTALS = [
  { host: "news.caijing-ribao.cn", name: "财经日报网", classes: ["finance", "stocks", "realty"], charsetLabel: "header" },
  { host: "www.tiyu-yule.cn", name: "体育娱乐网", classes: ["sports", "entertainment", "game"], charsetLabel: "meta" },
  { host: "www.shehui-xinwen.cn", name: "社会新闻网", classes: ["politics", "society", "education", "science"], charsetLabel: "none" },
] as const;

/** Headlines served per THUCNews class. */
const HEADLINES_PER_CLASS = 150;
/** Title catalogue pages, 25 titles each. */
const TITLE_PAGES = 80;
const SYLLABLES = ["zhong", "hua", "xin", "wang", "ke", "ji", "shu", "yun", "tian", "hai", "jing", "da", "xue", "lian", "tong", "bo", "rui", "feng"];

/** A page added under its URL (canonicalised by the caller's `add`). */
export type AddPage = (url: string, page: RealPage) => void;

/** `url` canonicalised as the crawler does; a generator bug if it cannot be. */
export const canon = (url: string) => {
  const c = canonicalizeUrl(url);
  if (!c.ok) throw new Error(`realistic web: bad URL ${url}`);
  return c.url;
};

/** `count` host names that refuse connections, drawn from `rng` (they end in a number, unlike any live host). */
export function makeDeadHosts(rng: Rng, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `www.${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}${i}.${rng.pick(["com", "cn", "com.cn", "net", "org.cn"])}`);
}

/** A link to one of `deadHosts`: its home page or a detail page, over http or https. */
export function deadLink(deadHosts: readonly string[], r: Rng): string {
  const h = r.pick(deadHosts);
  return `${r.chance(0.3) ? "https" : "http"}://${h}/${r.chance(0.5) ? "" : `detail/${r.int(100_000)}.html`}`;
}

/** The portal's long list of sites that refuse: three in four of them, a fifth over https. */
export const moreSitesLinks = (deadHosts: readonly string[]) =>
  deadHosts.slice(0, Math.round(deadHosts.length * 0.75)).map((h, i) => ({ href: `${i % 5 === 0 ? "https" : "http"}://${h}/`, text: `网站${i + 1}` }));

/** The portal's links to five journals' old addresses, which answer 404. */
export const oldJournalLinks = () => JOURNALS.slice(0, 5).map((j) => ({ href: `http://${j.host}/old/index.asp`, text: `${j.name}（旧版）` }));

/** The journal of JOURNALS whose prefixes hold a paper's discipline, if any. */
export function journalOf(p: Paper): Journal | undefined {
  const code = DISCIPLINE_TO_CLC[p.discipline]?.[0] ?? "";
  return JOURNALS.find((j) => j.prefixes.some((x) => code.startsWith(x)));
}

/** The papers a layout serves as articles: those a journal publishes, with a title and an abstract. */
export const isServedPaper = (p: Paper) => Boolean(journalOf(p) && p.title && p.abstract);

/** The headlines served, by THUCNews class: the first HEADLINES_PER_CLASS with a title. */
export function servedHeadlines(headlines: readonly Headline[]): Map<string, Headline[]> {
  const byClass = new Map<string, Headline[]>();
  for (const h of headlines) if (h.title) byClass.set(h.cls, [...(byClass.get(h.cls) ?? []), h]);
  for (const [c, list] of byClass) byClass.set(c, list.slice(0, HEADLINES_PER_CLASS));
  return byClass;
}

/** The catalogue of paper titles by field: lists only (titles, no text), pages linked in a chain; its host, or none without titles. */
export function addTitleCatalogue(add: AddPage, all: readonly PaperTitle[], seed: number, deadHosts: readonly string[]): RealHost | undefined {
  const titles = all.slice(0, TITLE_PAGES * 25);
  if (titles.length === 0) return undefined;
  const count = Math.ceil(titles.length / 25);
  for (let n = 1; n <= count; n++) {
    const r = createRng(seed * 15_485_863 + n);
    add(n === 1 ? `http://${TITLES_HOST}/` : `http://${TITLES_HOST}/catalog.php?p=${n}`, {
      kind: n === 1 ? "home" : "list", host: TITLES_HOST, path: "", codes: [],
      html: () => doc(`论文目录 第${n}页`, `<h1>论文目录</h1>${links(titles.slice((n - 1) * 25, n * 25).map((t) => ({ href: deadLink(deadHosts, r), text: `${t.title}（${t.field}）` })))}` +
        `<p>${n > 1 ? `<a href="/catalog.php?p=${n - 1}">上一页</a> ` : ""}${n < count ? `<a href="/catalog.php?p=${n + 1}">下一页</a>` : ""}</p>`, "utf-8", "header"),
    });
  }
  return { name: TITLES_HOST, title: "论文目录", charset: "utf-8", charsetLabel: "header" };
}

/** The real sites, served as they are under their original host names; returns their hosts. */
export function addSnapshotSites(add: AddPage, sites: readonly SiteSnapshot[]): RealHost[] {
  return sites.map((site) => {
    for (const [path, file] of site.files) {
      const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
      const type = CONTENT_TYPES[ext] ?? "application/octet-stream";
      const kind = ext === "html" ? siteKind(path, file) : "list";
      const page: RealPage = { kind, host: site.host, path, codes: kind === "content" ? site.codes : [], file, type };
      add(`http://${site.host}/${path}`, page);
      if (path.endsWith("index.html")) add(`http://${site.host}/${path.slice(0, -"index.html".length)}`, page);
    }
    return { name: site.host, title: site.host, charset: "utf-8", charsetLabel: "header", site } satisfies RealHost;
  });
}

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8", xml: "application/xml", txt: "text/plain; charset=utf-8", css: "text/css", js: "application/javascript",
  png: "image/png", jpg: "image/jpeg", svg: "image/svg+xml", json: "application/json",
};

/** CJK characters of a page's text outside scripts, styles and tags. */
function cjkChars(html: string): number {
  const text = html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, "").replace(/<[^>]+>/g, "");
  return (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
}

/** A snapshot's HTML file is an article when it is not an index, tag, category or archive page and holds real prose. */
function siteKind(path: string, file: Buffer): RealPage["kind"] {
  if (path === "index.html") return "home";
  if (path.startsWith("article/")) return cjkChars(file.toString("utf8")) >= 300 ? "content" : "list";
  if (/(^|\/)(index(-\d+)?|genindex|search|404)\.html$|^(tags|categories|archives|page|about|links|contact)\//.test(path)) return "list";
  return cjkChars(file.toString("utf8")) >= 300 ? "content" : "list";
}
