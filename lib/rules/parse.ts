/**
 * HTML → title, main text and out-links with their metadata (seed 004 §3.5). The DOM is built
 * with htmlparser2, about 3x faster than cheerio's default parse5 on the same pages (DESIGN.md).
 */
import * as cheerio from "cheerio";
import { parseDocument } from "htmlparser2";
import type { AnyNode, Element } from "domhandler";
import { mimeFromExtension } from "./classify";
import { canonicalizeUrl } from "./url";

/** Where on the page a link was found. */
export type LinkSource = "a" | "area" | "frame" | "iframe" | "next" | "alternate";

/** A link found on a page, already canonical, with what the page says about it (seed 004 §3.6.2). */
export interface ExtractedLink {
  url: string;
  host: string;
  /** Visible anchor text, else the title attribute, else an image's alt text. */
  anchor: string;
  /** The link's `title` attribute. */
  title: string;
  /** Alt text of an image inside the link. */
  alt: string;
  /** About NEARBY_CHARS characters of text around the link in its block. */
  nearby: string;
  source: LinkSource;
  /** The MIME type its extension suggests, before it is fetched. */
  mime: string;
}

/** What the pipeline needs from an HTML page. */
export interface ParsedPage {
  title: string;
  mainText: string;
  links: ExtractedLink[];
  isNofollow: boolean;
  isNoindex: boolean;
  anchorTextShare: number;
}

const MAX_ANCHOR_CHARS = 200;
const MAIN_TEXT_MAX_CHARS = 200_000;
/** Characters of surrounding text kept per link, half before and half after it. */
export const NEARBY_CHARS = 50;
/** A paragraph this long starts the main text (title fallback, seed 004 §3.5.2). */
const LONG_PARAGRAPH_CHARS = 40;
/** A block whose text is more than this share anchor text is navigation, not content. */
const LINK_DENSE_SHARE = 0.6;
/** A page left with less text than this after removing link-dense blocks keeps them (it is a list page). */
const MIN_MAIN_TEXT_CHARS = 200;
const BOILERPLATE = "script, style, noscript, template, nav, footer, header, aside, form, iframe, frameset, svg";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Text around the link inside its nearest block, without the anchor itself. */
function nearbyText($: cheerio.CheerioAPI, el: Element, anchor: string, blockTexts: Map<AnyNode, string>): string {
  const block = $(el).closest("p, li, td, dd, div, section, article, body");
  const node = block.get(0);
  // Many links share one block (a list in a div): its text is squashed once per page.
  let text = "";
  if (node) {
    text = blockTexts.get(node) ?? squash(block.text());
    blockTexts.set(node, text);
  }
  if (!anchor) return text.slice(0, NEARBY_CHARS);
  const at = text.indexOf(anchor);
  if (at < 0) return text.slice(0, NEARBY_CHARS);
  const half = NEARBY_CHARS / 2;
  return squash(`${text.slice(Math.max(0, at - half), at)} ${text.slice(at + anchor.length, at + anchor.length + half)}`);
}

/** `<title>`, else the first heading before the first long paragraph, else the first h1/h2. */
function extractTitle($: cheerio.CheerioAPI): string {
  const title = squash($("title").first().text());
  if (title) return title;
  for (const el of $("h1, h2, h3, h4, h5, h6, p").toArray()) {
    const text = squash($(el).text());
    if (el.tagName === "p") {
      if (text.length >= LONG_PARAGRAPH_CHARS) break;
    } else if (text) return text;
  }
  return squash($("h1, h2").first().text());
}

/** Remove blocks made mostly of links (menus, tag clouds, related lists) unless nothing else is left. */
function removeLinkDenseBlocks($: cheerio.CheerioAPI): string {
  const before = squash($("body").text() || $.root().text());
  const dense = $("ul, ol, table, div, section, p").toArray().filter((el) => {
    const text = squash($(el).text()).length;
    if (text === 0) return false;
    const anchors = $(el).find("a").toArray().reduce((n, a) => n + squash($(a).text()).length, 0);
    return anchors / text > LINK_DENSE_SHARE;
  });
  if (dense.length === 0) return before;
  for (const el of dense) $(el).remove();
  const after = squash($("body").text() || $.root().text());
  return after.length >= MIN_MAIN_TEXT_CHARS ? after : before;
}

/** Parse `html` fetched from `pageUrl`. Links are resolved against `<base href>` when present. */
export function parseHtml(html: string, pageUrl: string): ParsedPage {
  const $ = cheerio.load(parseDocument(html, { decodeEntities: true }) as unknown as AnyNode);
  const robots = ($('meta[name="robots" i]').attr("content") ?? "").toLowerCase();
  const baseHref = $("base[href]").attr("href");
  const base = baseHref && canonicalizeUrl(baseHref, pageUrl).ok ? new URL(baseHref, pageUrl).toString() : pageUrl;
  const isNofollow = /\b(nofollow|none)\b/.test(robots);

  const links: ExtractedLink[] = [];
  const seen = new Set<string>();
  let anchorChars = 0;
  const blockTexts = new Map<AnyNode, string>();
  const add = (href: string | undefined, source: LinkSource, meta: { anchor: string; title: string; alt: string; nearby: string }) => {
    if (!href) return;
    const c = canonicalizeUrl(href, base);
    if (!c.ok || seen.has(c.url)) return;
    seen.add(c.url);
    links.push({ url: c.url, host: c.host, source, mime: mimeFromExtension(c.url), ...meta });
  };

  $("a[href], area[href]").each((_, el) => {
    const $el = $(el);
    const title = squash($el.attr("title") ?? "").slice(0, MAX_ANCHOR_CHARS);
    const alt = squash((el.tagName === "area" ? $el.attr("alt") : $el.find("img[alt]").attr("alt")) ?? "").slice(0, MAX_ANCHOR_CHARS);
    const text = squash($el.text()).slice(0, MAX_ANCHOR_CHARS);
    anchorChars += text.length;
    if (isNofollow || /\bnofollow\b/i.test($el.attr("rel") ?? "")) return;
    add($el.attr("href"), el.tagName === "area" ? "area" : "a", { anchor: text || title || alt, title, alt, nearby: nearbyText($, el, text, blockTexts) });
  });
  if (!isNofollow) {
    $("frame[src], iframe[src]").each((_, el) => {
      const $el = $(el);
      const title = squash($el.attr("title") ?? $el.attr("name") ?? "").slice(0, MAX_ANCHOR_CHARS);
      add($el.attr("src"), el.tagName === "frame" ? "frame" : "iframe", { anchor: title, title, alt: "", nearby: "" });
    });
    $("link[href][rel]").each((_, el) => {
      const rel = ($(el).attr("rel") ?? "").toLowerCase().split(/\s+/);
      const source = rel.includes("next") ? "next" : rel.includes("alternate") && !$(el).attr("type")?.includes("xml") ? "alternate" : null;
      if (!source) return;
      const title = squash($(el).attr("title") ?? "").slice(0, MAX_ANCHOR_CHARS);
      add($(el).attr("href"), source, { anchor: title, title, alt: "", nearby: "" });
    });
  }

  const title = extractTitle($);
  const visibleChars = squash($("body").text()).length;
  $(BOILERPLATE).remove();
  const mainText = removeLinkDenseBlocks($).slice(0, MAIN_TEXT_MAX_CHARS);
  return {
    title,
    mainText,
    links,
    isNofollow,
    isNoindex: /\b(noindex|none)\b/.test(robots),
    anchorTextShare: visibleChars ? Math.min(1, anchorChars / visibleChars) : 0,
  };
}

/** ALGORITHMS.md §5: the site root is home, a page mostly made of anchor text is a hub. */
export function classifyPageKind(url: string, anchorTextShare: number, hubShare = 0.5): "home" | "hub" | "content" {
  const u = new URL(url);
  if ((u.pathname === "/" || /^\/index\.\w+$/.test(u.pathname)) && !u.search) return "home";
  return anchorTextShare > hubShare ? "hub" : "content";
}
