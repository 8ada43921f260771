/**
 * The plan of the long-tail layout: which host serves which text, and which hosts link which.
 * Each group of texts (a journal's disciplines, a news class) keeps a share on its big journal or
 * news portal; the rest is cut, in discipline order, into sites whose sizes follow a power law
 * (P(size ≥ k) = k^-ALPHA): many blogs of one or two posts, fewer tutorial and lab sites, a few
 * small journals and news sections. Blogs sometimes carry a post off their topic, and every site
 * links a few others, mostly of its own group.
 */
import type { Rng } from "../testweb/random";
import type { Headline, Paper } from "./corpora";
import { NEWS_CLASS_NAMES } from "./labels";
import { JOURNALS, journalOf, NEWS_PORTALS, type Journal } from "./parts";
import type { RealHost } from "./page-types";

/** A text served as one article page. */
export type TailItem = { paper: Paper; headline?: undefined } | { headline: Headline; paper?: undefined };

/** What kind of site a host is; it decides its names, URL shapes and how many sites it links. */
export type TailKind = "journal" | "portal" | "small-journal" | "lab" | "tutorial" | "blog" | "news-section";

/** One generated host of the long-tail layout. */
export interface TailSite extends RealHost {
  kind: TailKind;
  /** Its group: a journal's host for papers, a THUCNews class for headlines. */
  group: string;
  items: TailItem[];
  /** Hosts its pages link to as blogroll, "related sites" or "see also". */
  links: string[];
}

/** Share of each group's texts its big journal or news portal keeps. */
const BIG_SHARE = 0.3;
/** Exponent of the size law of the small sites (P(size ≥ k) = k^-ALPHA) and their largest size. */
const ALPHA = 1.1;
const MAX_SMALL = 60;
/** Chance a blog swaps one post with a blog of another group (an off-topic post). */
const OFF_TOPIC = 0.3;
/** Chance a link between sites stays in the site's own group. */
const SAME_GROUP = 0.75;

const SURNAMES = ["zhang", "wang", "li", "liu", "chen", "yang", "zhao", "huang", "zhou", "wu", "xu", "sun", "hu", "zhu", "gao", "lin"];
const SYLLABLES = ["an", "bo", "chen", "da", "fang", "guo", "hong", "jia", "kai", "lan", "ming", "ning", "ping", "qing", "rui", "song", "tao", "wei", "xin", "yu", "ze"];
const BLOG_PLATFORMS = ["bokeyuan.cn", "xueshu-boke.cn", "kexue-wang.cn", "boke.sohu-cn.cn"];

/** A size drawn from the power law, at most MAX_SMALL. */
const drawSize = (rng: Rng) => Math.min(MAX_SMALL, Math.floor(Math.pow(1 - rng.next(), -1 / ALPHA)));

/** The kind of a small site of `size` texts: papers go to blogs, tutorial and lab sites, small journals; headlines to blogs and news sections. */
function smallKind(size: number, isNews: boolean, rng: Rng): TailKind {
  if (size <= 2) return "blog";
  if (isNews) return size <= 4 && rng.chance(0.5) ? "blog" : "news-section";
  if (size <= 8) return rng.chance(0.5) ? "tutorial" : "lab";
  return "small-journal";
}

/** A unique host name and a title for a small site. */
function nameSite(kind: TailKind, group: string, topic: string, rng: Rng, taken: Set<string>): { name: string; title: string } {
  for (;;) {
    const a = rng.pick(SYLLABLES), b = rng.pick(SYLLABLES), who = `${rng.pick(SURNAMES)}${a}`;
    const name = kind === "blog" ? (rng.chance(0.5) ? `${who}.${rng.pick(BLOG_PLATFORMS)}` : `www.${who}-boke.cn`)
      : kind === "news-section" ? `${group}.${a}${b}-bao.cn`
      : kind === "tutorial" ? `www.${a}${b}-jiaocheng.cn`
      : kind === "lab" ? `${a}${b}-lab.${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}-u.edu.cn`
      : `xb.${a}${b}-u.edu.cn`;
    if (taken.has(name)) continue;
    taken.add(name);
    const title = kind === "blog" ? `${who}的博客：${topic}` : kind === "news-section" ? `${a}${b}报·${topic}频道`
      : kind === "tutorial" ? `${topic}学习笔记` : kind === "lab" ? `${topic}课题组` : `${a}${b}大学学报（${topic}版）`;
    return { name, title };
  }
}

/** The texts of each group: papers by journal in discipline order, headlines by class. */
function groupItems(papers: readonly Paper[], headlines: Map<string, Headline[]>): Map<string, TailItem[]> {
  const groups = new Map<string, TailItem[]>();
  for (const j of JOURNALS) {
    const mine = papers.filter((p) => journalOf(p) === j);
    const disciplines = [...new Set(mine.map((p) => p.discipline))];
    if (mine.length) groups.set(j.host, disciplines.flatMap((d) => mine.filter((p) => p.discipline === d)).map((paper) => ({ paper })));
  }
  for (const [cls, list] of headlines) groups.set(cls, list.map((headline) => ({ headline })));
  return groups;
}

/** Every site of the layout with its texts (links not yet set): the big journals and portals first, then the small sites. */
export function planSites(papers: readonly Paper[], headlines: Map<string, Headline[]>, rng: Rng): TailSite[] {
  const big = new Map<string, TailSite>();
  const small: TailSite[] = [];
  const taken = new Set<string>();
  const bigOf = (group: string): TailSite | undefined => {
    const j: Journal | undefined = JOURNALS.find((x) => x.host === group);
    const p = NEWS_PORTALS.find((x) => (x.classes as readonly string[]).includes(group));
    const host = j?.host ?? p?.host;
    if (!host) return undefined;
    if (!big.has(host)) {
      taken.add(host);
      big.set(host, j
        ? { name: j.host, title: j.name, kind: "journal", group, items: [], links: [], charset: j.prefixes[0] === "R" ? "gbk" : "utf-8", charsetLabel: j.prefixes[0] === "R" ? "meta" : "header" }
        : { name: p!.host, title: p!.name, kind: "portal", group, items: [], links: [], charset: "gbk", charsetLabel: p!.charsetLabel });
    }
    return big.get(host);
  };
  for (const [group, items] of groupItems(papers, headlines)) {
    const isNews = !JOURNALS.some((j) => j.host === group);
    const home = bigOf(group);
    const rest: TailItem[] = [];
    for (const item of items) (home && rng.chance(BIG_SHARE) ? home.items : rest).push(item);
    for (let at = 0; at < rest.length;) {
      const slice = rest.slice(at, at + drawSize(rng));
      at += slice.length;
      const kind = smallKind(slice.length, isNews, rng);
      const topic = isNews ? NEWS_CLASS_NAMES[group] ?? group : slice[0].paper!.discipline.split("/")[0];
      const gbk = kind === "news-section";
      small.push({ ...nameSite(kind, group, topic, rng, taken), kind, group, items: slice, links: [], charset: gbk ? "gbk" : "utf-8",
        charsetLabel: gbk ? (rng.chance(0.1) ? "none" : rng.pick(["header", "meta"] as const)) : "header" });
    }
  }
  mixBlogs(small.filter((s) => s.kind === "blog"), rng);
  return [...big.values(), ...small];
}

/** Some blogs trade one post with a blog of another group, as bloggers now and then write off their topic. */
function mixBlogs(blogs: TailSite[], rng: Rng): void {
  for (const blog of blogs) {
    if (!rng.chance(OFF_TOPIC)) continue;
    const other = rng.pick(blogs);
    if (other.group === blog.group) continue;
    const i = rng.int(blog.items.length), k = rng.int(other.items.length);
    [blog.items[i], other.items[k]] = [other.items[k], blog.items[i]];
  }
}

/** How many other sites a site of `kind` links to. */
const linkCount = (kind: TailKind, rng: Rng) => (kind === "journal" || kind === "portal" ? 8 : kind === "blog" ? 2 + rng.int(7) : 1 + rng.int(4));

/** Set every site's links: mostly to sites of its own group, sometimes to any live host (`others`: the real sites, decoys, catalogue). */
export function linkSites(sites: TailSite[], others: readonly string[], rng: Rng): void {
  const byGroup = new Map<string, TailSite[]>();
  for (const s of sites) byGroup.set(s.group, [...(byGroup.get(s.group) ?? []), s]);
  const anyHost = [...sites.map((s) => s.name), ...others];
  for (const s of sites) {
    const near = byGroup.get(s.group)!.filter((x) => x !== s).map((x) => x.name);
    const want = linkCount(s.kind, rng);
    for (let n = 0; n < want; n++) {
      const to = near.length && rng.chance(SAME_GROUP) ? rng.pick(near) : rng.pick(anyHost);
      if (to !== s.name && !s.links.includes(to)) s.links.push(to);
    }
  }
}

/**
 * Make every site reachable from `start` (host → hosts it links, for the portal and directories):
 * a site no link leads to is added to the links of a reached site of its group, or of any reached site.
 */
export function linkUnreached(sites: TailSite[], start: Map<string, string[]>, rng: Rng): void {
  const byName = new Map(sites.map((s) => [s.name, s]));
  const out = (h: string) => start.get(h) ?? byName.get(h)?.links ?? [];
  const reached = new Set<string>();
  const visit = (from: string) => {
    const queue = [from];
    for (let h = queue.pop(); h !== undefined; h = queue.pop()) {
      if (reached.has(h)) continue;
      reached.add(h);
      queue.push(...out(h));
    }
  };
  for (const h of start.keys()) visit(h);
  for (const s of sites) {
    if (reached.has(s.name)) continue;
    const inReach = sites.filter((x) => reached.has(x.name));
    const sameGroup = inReach.filter((x) => x.group === s.group);
    rng.pick(sameGroup.length ? sameGroup : inReach).links.push(s.name);
    visit(s.name);
  }
}
