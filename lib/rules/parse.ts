/**
 * HTML → title, main text and out-links with their metadata (seed 004 §3.5). The DOM is built
 * with htmlparser2 (what cheerio uses underneath; about 3x faster than cheerio's default parse5
 * on the same pages in the design's measurements) and read in a few linear walks (dom-text.ts)
 * rather than through CSS selectors: the elements it needs are indexed in one walk, every text
 * is read once, and a link's own text only as far as its anchor is kept.
 */
import { Parser } from "htmlparser2";
import { DomHandler, isTag, type AnyNode, type Document, type Element } from "domhandler";
import { collectText, collectTextUpTo, squashedLength, walk } from "./dom-text";
import { extractMainText } from "./main-text";
import { flattenDeepNesting } from "./nesting";
import { mimeFromExtension } from "./classify";
import { canonicalizeUrl } from "./url";

/** Where on the page a link was found. */
export type LinkSource = "a" | "area" | "frame" | "iframe" | "next" | "alternate" | "refresh";

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
  /** True when the page was longer than MAX_PARSE_CHARS and only its beginning was read. */
  isCut: boolean;
  title: string;
  /** The page's main text, one line per block (paragraph, list item, table row, heading…). */
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
/** Where a link's nearby text is taken from: its nearest enclosing block of these. */
const NEARBY_BLOCK_TAGS = new Set(["p", "li", "td", "dd", "div", "section", "article", "body"]);
/** Ancestors looked at for a link's block: deeper than this, the link has no nearby text. */
const MAX_NEARBY_DEPTH = 64;

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The nearest enclosing block of a link within MAX_NEARBY_DEPTH ancestors. */
function nearbyBlock(el: Element): Element | null {
  let node = el.parent;
  for (let depth = 0; node && depth < MAX_NEARBY_DEPTH; depth++, node = node.parent) {
    if (isTag(node) && NEARBY_BLOCK_TAGS.has(node.name.toLowerCase())) return node;
  }
  return null;
}

/**
 * Text around each link inside its nearest block, without the anchor itself. Many links share
 * one block (a list in a div): its text is read once. The text read for blocks is budgeted at a
 * few times the page's size, so that links each in their own nested block cannot make the page
 * cost the square of its size: past the budget, links get no nearby text.
 */
function nearbyTexts(budgetChars: number) {
  const blockTexts = new Map<Element, string>();
  let spent = 0;
  return (el: Element, anchor: string): string => {
    const block = nearbyBlock(el);
    if (!block) return "";
    let text = blockTexts.get(block);
    if (text === undefined) {
      if (spent > budgetChars) return "";
      text = squash(collectText(block));
      spent += text.length;
      blockTexts.set(block, text);
    }
    if (!anchor) return text.slice(0, NEARBY_CHARS);
    const at = text.indexOf(anchor);
    if (at < 0) return text.slice(0, NEARBY_CHARS);
    const half = NEARBY_CHARS / 2;
    return squash(`${text.slice(Math.max(0, at - half), at)} ${text.slice(at + anchor.length, at + anchor.length + half)}`);
  };
}

/** `<title>`, else the first heading before the first long paragraph, else the first h1/h2. */
function extractTitle(page: PageElements): string {
  const title = page.title ? squash(collectText(page.title)) : "";
  if (title) return title;
  for (const el of page.headingsAndParagraphs) {
    const text = squash(collectText(el));
    if (el.name === "p") {
      if (text.length >= LONG_PARAGRAPH_CHARS) break;
    } else if (text) return text;
  }
  return page.firstH1orH2 ? squash(collectText(page.firstH1orH2)) : "";
}

/** The elements parseHtml reads, in document order, found in one walk (no CSS selector runs). */
interface PageElements {
  robotsMeta?: Element; refreshMeta?: Element; base?: Element; title?: Element; firstH1orH2?: Element;
  /** `a[href], area[href]`. */
  anchors: Element[];
  /** The first `img[alt]` inside each `a[href]` that has one. */
  anchorImages: Map<Element, Element>;
  /** `frame[src], iframe[src]`. */
  frames: Element[];
  /** `link[href][rel]`. */
  linkTags: Element[];
  headingsAndParagraphs: Element[];
  bodies: Element[];
}

const HEADING_OR_P = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);

/** Index the elements of a parsed document (names as htmlparser2 gives them: lower case in HTML). */
function indexElements(doc: AnyNode): PageElements {
  const page: PageElements = { anchors: [], anchorImages: new Map(), frames: [], linkTags: [], headingsAndParagraphs: [], bodies: [] };
  // Open a[href] elements still without an image: an img[alt] is the image of all of them.
  const awaitingImage: Element[] = [];
  walk(doc, {
    leave: (n) => { if (awaitingImage[awaitingImage.length - 1] === n) awaitingImage.pop(); },
    enter: (n) => {
      if (!isTag(n)) return;
      const { name, attribs: a } = n;
      if (name === "img" && a.alt !== undefined) {
        for (const anchor of awaitingImage) page.anchorImages.set(anchor, n);
        awaitingImage.length = 0;
      }
      if ((name === "a" || name === "area") && a.href !== undefined) {
        page.anchors.push(n);
        if (name === "a") awaitingImage.push(n);
      } else if ((name === "frame" || name === "iframe") && a.src !== undefined) page.frames.push(n);
      else if (name === "link" && a.href !== undefined && a.rel !== undefined) page.linkTags.push(n);
      else if (name === "meta" && !page.robotsMeta && a.name?.toLowerCase() === "robots") page.robotsMeta = n;
      else if (name === "meta" && !page.refreshMeta && a["http-equiv"]?.toLowerCase() === "refresh") page.refreshMeta = n;
      else if (name === "base" && !page.base && a.href !== undefined) page.base = n;
      else if (name === "title" && !page.title) page.title = n;
      else if (name === "body") page.bodies.push(n);
      if (HEADING_OR_P.has(name)) {
        page.headingsAndParagraphs.push(n);
        if (!page.firstH1orH2 && (name === "h1" || name === "h2")) page.firstH1orH2 = n;
      }
    },
  });
  return page;
}

/**
 * The most of a page that is read: parsing is linear in the page's length, so this bounds the
 * CPU one page can take (about 0.2 s on one core for the worst shapes, bench:parse). The main text
 * keeps at most MAIN_TEXT_MAX_CHARS anyway; a longer page is stored as truncated ("parse").
 */
export const MAX_PARSE_CHARS = 1_000_000;

/** The first `max` characters of `html`, cut before the last tag that would be split. */
function cutHtml(html: string, max: number): string {
  if (html.length <= max) return html;
  const lastTag = html.lastIndexOf("<", max);
  return html.slice(0, lastTag > max / 2 ? lastTag : max);
}

/** The address of a meta refresh's `content` ("5; url=next.html", "0;URL='a b.html'"), if it names one. */
export function refreshUrl(content: string | undefined): string | undefined {
  const m = /^\s*[\d.]*\s*[;,]?\s*url\s*=\s*(?:'([^']*)'?|"([^"]*)"?|(.*))$/i.exec(content ?? "");
  const url = (m?.[1] ?? m?.[2] ?? m?.[3] ?? "").trim();
  return url || undefined;
}

/**
 * The document tree of `html`: htmlparser2's tokenizer and parser building domhandler 5's nodes.
 * htmlparser2's own `parseDocument` builds domhandler 6's, whose class-field initialisers cost
 * Node 20's V8 2.7 times as much: 3.7 against 1.4 ms a real Chinese page (bench/PERFORMANCE.md).
 * Both versions' trees have the same fields, and the rest of the parse reads them alike.
 */
function documentOf(html: string): Document {
  const handler = new DomHandler();
  new Parser(handler, { decodeEntities: true }).end(html);
  return handler.root;
}

/** Parse `html` fetched from `pageUrl`. Links are resolved against `<base href>` when present. */
export function parseHtml(fullHtml: string, pageUrl: string): ParsedPage {
  const html = cutHtml(fullHtml, MAX_PARSE_CHARS);
  const doc = documentOf(flattenDeepNesting(html).html);
  const page = indexElements(doc);
  const robots = (page.robotsMeta?.attribs.content ?? "").toLowerCase();
  const baseHref = page.base?.attribs.href;
  const base = baseHref && canonicalizeUrl(baseHref, pageUrl).ok ? new URL(baseHref, pageUrl).toString() : pageUrl;
  const isNofollow = /\b(nofollow|none)\b/.test(robots);

  const links: ExtractedLink[] = [];
  const seen = new Set<string>();
  let anchorChars = 0;
  const nearbyText = nearbyTexts(4 * html.length);
  const add = (href: string | undefined, source: LinkSource, meta: { anchor: string; title: string; alt: string; nearby: string }) => {
    if (!href) return;
    const c = canonicalizeUrl(href, base);
    if (!c.ok || seen.has(c.url)) return;
    seen.add(c.url);
    links.push({ url: c.url, host: c.host, source, mime: mimeFromExtension(c.url), ...meta });
  };
  const attr = (el: Element, name: string) => squash(el.attribs[name] ?? "").slice(0, MAX_ANCHOR_CHARS);

  for (const el of page.anchors) {
    const title = attr(el, "title");
    const img = el.name === "area" ? el : page.anchorImages.get(el);
    const alt = img ? attr(img, "alt") : "";
    const text = squash(collectTextUpTo(el, MAX_ANCHOR_CHARS)).slice(0, MAX_ANCHOR_CHARS);
    anchorChars += text.length;
    if (isNofollow || /\bnofollow\b/i.test(el.attribs.rel ?? "")) continue;
    add(el.attribs.href, el.name === "area" ? "area" : "a", { anchor: text || title || alt, title, alt, nearby: nearbyText(el, text) });
  }
  if (!isNofollow) {
    for (const el of page.frames) {
      const title = squash(el.attribs.title ?? el.attribs.name ?? "").slice(0, MAX_ANCHOR_CHARS);
      add(el.attribs.src, el.name === "frame" ? "frame" : "iframe", { anchor: title, title, alt: "", nearby: "" });
    }
    // A page that sends its readers elsewhere (<meta http-equiv="refresh" content="0; url=intro.html">,
    // as documentation sites' root pages do) links there: without it the whole site is unreachable.
    const refreshTo = refreshUrl(page.refreshMeta?.attribs.content);
    if (refreshTo) add(refreshTo, "refresh", { anchor: "", title: "", alt: "", nearby: "" });
    for (const el of page.linkTags) {
      const rel = el.attribs.rel.toLowerCase().split(/\s+/);
      const source = rel.includes("next") ? "next" : rel.includes("alternate") && !el.attribs.type?.includes("xml") ? "alternate" : null;
      if (!source) continue;
      const title = attr(el, "title");
      add(el.attribs.href, source, { anchor: title, title, alt: "", nearby: "" });
    }
  }

  const title = extractTitle(page);
  const visibleChars = squashedLength(page.bodies);
  const mainText = extractMainText(page.bodies, doc).slice(0, MAIN_TEXT_MAX_CHARS);
  return {
    isCut: html.length < fullHtml.length,
    title,
    mainText,
    links,
    isNofollow,
    isNoindex: /\b(noindex|none)\b/.test(robots),
    anchorTextShare: visibleChars ? Math.min(1, anchorChars / visibleChars) : 0,
  };
}

/** The kinds of page classifyPageKind tells apart. */
export const PAGE_KINDS = ["home", "hub", "content"] as const;

/** docs/ALGORITHMS.md §5: the site root is home, a page mostly made of anchor text is a hub. */
export function classifyPageKind(url: string, anchorTextShare: number, hubShare = 0.5): (typeof PAGE_KINDS)[number] {
  const u = new URL(url);
  if ((u.pathname === "/" || /^\/index\.\w+$/.test(u.pathname)) && !u.search) return "home";
  return anchorTextShare > hubShare ? "hub" : "content";
}
