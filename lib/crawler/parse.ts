/**
 * HTML → title, main text and out-links (seed 004 §3.5). The DOM is built with htmlparser2,
 * about 3x faster than cheerio's default parse5 on the same pages (DESIGN.md measurements).
 */
import * as cheerio from "cheerio";
import { parseDocument } from "htmlparser2";
import type { AnyNode } from "domhandler";
import { canonicalizeUrl } from "./url";

/** A link found on a page, already canonical. */
export interface ExtractedLink { url: string; host: string; anchor: string }

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
const BOILERPLATE = "script, style, noscript, template, nav, footer, header, aside, form, iframe, svg";

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Parse `html` fetched from `pageUrl`. Links are resolved against `<base href>` when present. */
export function parseHtml(html: string, pageUrl: string): ParsedPage {
  const $ = cheerio.load(parseDocument(html, { decodeEntities: true }) as unknown as AnyNode);
  const robots = ($('meta[name="robots" i]').attr("content") ?? "").toLowerCase();
  const baseHref = $("base[href]").attr("href");
  const base = baseHref ? (canonicalizeUrl(baseHref, pageUrl).ok ? new URL(baseHref, pageUrl).toString() : pageUrl) : pageUrl;
  const isNofollow = /\b(nofollow|none)\b/.test(robots);

  const links: ExtractedLink[] = [];
  const seen = new Set<string>();
  let anchorChars = 0;
  $("a[href], area[href]").each((_, el) => {
    const $el = $(el);
    const anchor = squash($el.text() || $el.attr("title") || $el.find("img[alt]").attr("alt") || "").slice(0, MAX_ANCHOR_CHARS);
    anchorChars += anchor.length;
    if (isNofollow || /\bnofollow\b/i.test($el.attr("rel") ?? "")) return;
    const c = canonicalizeUrl($el.attr("href")!, base);
    if (!c.ok || seen.has(c.url)) return;
    seen.add(c.url);
    links.push({ url: c.url, host: c.host, anchor });
  });

  const title = squash($("title").first().text()) || squash($("h1, h2").first().text());
  const visibleChars = squash($("body").text()).length;
  $(BOILERPLATE).remove();
  const mainText = squash($("body").text() || $.root().text()).slice(0, MAIN_TEXT_MAX_CHARS);
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
