/**
 * A captured page made ready to replay: the stored HTML as it was captured, its layout and inline
 * styles kept, but nothing in it can run or load anything from the live web.
 *
 * - Scripts, frames, plugins, `<base>`, meta refresh and every `on…` handler are removed; forms
 *   lose where they would send (the document is also served with a CSP without script-src and with
 *   form-action 'none', and shown in an iframe sandboxed without allow-scripts: three locks).
 * - Links (`<a>`, `<area>`) lead to the replay of their target: the caller says for each whether it
 *   was captured, and its replay address; a link that was not captured says so in its title.
 * - Resources (stylesheets, images, media, CSS `url()`) load only from `data:` URLs: the crawler
 *   keeps the HTML of a page and not its resources, so every other one is dropped and counted.
 *
 * - The result is read back as the browser will read it (cheerio's parse5 follows the HTML
 *   standard's parser, as Chromium does): markup built to change shape when parsed again (MathML
 *   around a <style>, say) would let unrewritten links and hints through, so such a page is shown
 *   as its text-only snapshot instead. No text of a <style> can close it: its `<` are escaped.
 *
 * Built on cheerio (the parser the crawler already uses); the replay bar says what was dropped.
 */
import * as cheerio from "cheerio";
import { sanitizeSnapshot } from "./snapshot";

/**
 * The CSP a replayed document is served with: no script, no frame, no form target, nothing loaded
 * but inline styles and data: images; links still navigate (the top page, on a click). Its
 * sandbox gives the document an origin of its own even when it is opened outside the iframe.
 */
export const REPLAY_CSP = "default-src 'none'; img-src data:; media-src data:; font-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-top-navigation-by-user-activation";

/** Where a link of the replayed page leads: its replay address, and whether its target was captured. */
export interface ReplayLink { href: string; isCaptured: boolean }

/** The replayable document and what was left out of it. */
export interface ReplayDocument {
  html: string;
  /** Links leading to a captured copy, and links leading to the "not captured" notice. */
  links: { captured: number; missing: number };
  /** Stylesheets, images, media and CSS `url()` references not loaded (not kept by the crawl). */
  resourcesDropped: number;
  /**
   * The rewritten page would not parse back as it was written (markup built to change shape when
   * parsed again, e.g. MathML around a <style>): the text-only snapshot is shown instead, no links.
   */
  isSnapshot: boolean;
}

/** Elements removed with their content: code, frames and plugins, and what changes where the page goes. */
const REMOVED = "script, noscript, iframe, frame, frameset, object, embed, applet, base, template, portal, meta[http-equiv], "
  // Elements whose content parses differently once written out and read again (raw text in one
  // place, markup in another): removed rather than trusted.
  + "math, mglyph, malignmark, xmp, noembed, noframes, plaintext, listing";
/** Attributes that load something, ping someone, send a form elsewhere or turn a link into a download. */
const DROPPED_ATTRIBUTES = new Set(["srcset", "ping", "download", "action", "formaction", "background", "poster", "lowsrc", "dynsrc", "longdesc", "manifest", "codebase", "archive", "data"]);
/** CSS `@import`s and `url(…)` references (data: URLs kept), found in one pass: removing one never joins up another. */
const CSS_REFERENCE = /@import[^;]*;?|url\(\s*(['"]?)(?!data:)[^'")]*\1\s*\)/gi;

/** Attributes whose loss counts as a resource left out. */
const RESOURCE_ATTRIBUTES = new Set(["src", "xlink:href", "srcset", "background", "poster"]);
/** Marks a rewritten link; one the page brought along itself is removed. */
const REPLAY_MARK = "data-replay";

/**
 * Whether attribute `name` (lower case) of a `tagName` element would run code or load something:
 * a handler, one of DROPPED_ATTRIBUTES, a source other than data:, or the href of anything but a
 * link (an SVG <use> or <image>) unless it points into the page. Links' hrefs are rewritten apart.
 */
function runsOrLoads(tagName: string, name: string, value: string): boolean {
  if (name.startsWith("on") || DROPPED_ATTRIBUTES.has(name)) return true;
  if (name === "src" || name === "xlink:href") return !/^\s*data:/i.test(value);
  if (name === "href") return tagName !== "a" && tagName !== "area" && !value.startsWith("#");
  return false;
}

/** How a link to a page that was not captured stands out in the replay. */
const MISSING_LINK_STYLE = 'a[data-replay="missing"]{text-decoration-style:dashed;opacity:.75}';

/** The absolute URL `raw` names on a page at `base`, or null when it is not an http(s) URL. */
function absoluteHttp(raw: string, base: string): string | null {
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The base links resolve against: the page's `<base href>` if it names an http(s) URL, else the page's own URL. */
function baseOf($: cheerio.CheerioAPI, pageUrl: string): string {
  const href = $("base[href]").first().attr("href");
  return (href && absoluteHttp(href, pageUrl)) || pageUrl;
}

/** Every http(s) URL the page's links lead to, absolute (the caller looks up which were captured). */
export function replayLinkTargets(html: string, pageUrl: string): string[] {
  const $ = cheerio.load(html);
  const base = baseOf($, pageUrl);
  const out = new Set<string>();
  $("a[href], area[href]").each((_, el) => {
    const abs = absoluteHttp($(el).attr("href") ?? "", base);
    if (abs) out.add(abs);
  });
  return [...out];
}

/**
 * CSS with every non-data `url()` and `@import` taken out (`count` is told how many), and every
 * `<` escaped as CSS reads it (`\3c `), so that no text of a style can close its element.
 */
function stripCssUrls(css: string, count: (n: number) => void): string {
  let n = 0;
  const out = css.replace(CSS_REFERENCE, (m) => { n++; return m.startsWith("@") ? "" : "none"; });
  count(n);
  return out.replaceAll("<", "\\3c ");
}

/**
 * Whether the rewritten page, read back, holds nothing that runs, loads or leads outside the
 * replay: anything else means it changed shape when parsed again.
 */
function isSafeReplay(html: string): boolean {
  const $ = cheerio.load(html);
  if ($(`${REMOVED}, link`).length > 0) return false;
  if ($("style").toArray().some((el) => $(el).text().includes("<"))) return false;
  return $("*").toArray().every((el) => {
    if (el.type !== "tag") return true;
    const isLink = el.tagName === "a" || el.tagName === "area";
    return Object.entries(el.attribs).every(([name, value]) => {
      const lower = name.toLowerCase();
      if (isLink && lower === "href") return value.startsWith("#") || (value.startsWith("/jobs/") && el.attribs[REPLAY_MARK] !== undefined);
      return !runsOrLoads(el.tagName, lower, value);
    });
  });
}

/**
 * The page's HTML ready to replay. `linkFor(absoluteUrl)` gives each link's replay address;
 * `notice` is the title a link to an uncaptured page carries.
 */
export function rewriteForReplay(html: string, pageUrl: string, linkFor: (url: string) => ReplayLink, notice: string): ReplayDocument {
  const doc = rewriteOnce(html, pageUrl, linkFor, notice);
  // Read back as the browser will read it: a page that changes shape is shown as a snapshot instead.
  if (isSafeReplay(doc.html)) return doc;
  return { html: sanitizeSnapshot(html), links: { captured: 0, missing: 0 }, resourcesDropped: doc.resourcesDropped, isSnapshot: true };
}

function rewriteOnce(html: string, pageUrl: string, linkFor: (url: string) => ReplayLink, notice: string): ReplayDocument {
  const $ = cheerio.load(html);
  const base = baseOf($, pageUrl);
  const result: ReplayDocument = { html: "", links: { captured: 0, missing: 0 }, resourcesDropped: 0, isSnapshot: false };
  const drop = (n: number) => { result.resourcesDropped += n; };

  $("link").each((_, el) => {
    if (/stylesheet|icon|preload|prefetch|modulepreload|manifest/i.test($(el).attr("rel") ?? "")) drop(1);
    $(el).remove();
  });
  $(REMOVED).remove();
  $("style").each((_, el) => { $(el).text(stripCssUrls($(el).text(), drop)); });

  $("*").each((_, el) => {
    if (el.type !== "tag") return;
    const node = $(el);
    for (const name of Object.keys(el.attribs)) {
      const lower = name.toLowerCase();
      if (lower === REPLAY_MARK) node.removeAttr(name);
      else if (lower === "style") node.attr(name, stripCssUrls(el.attribs[name], drop));
      else if (runsOrLoads(el.tagName, lower, el.attribs[name])) {
        if (RESOURCE_ATTRIBUTES.has(lower)) drop(1);
        node.removeAttr(name);
      }
    }
  });

  $("a[href], area[href]").each((_, el) => {
    const node = $(el);
    const raw = node.attr("href") ?? "";
    if (raw.trim().startsWith("#")) return; // a place on this page: the frame scrolls, nothing loads
    const abs = absoluteHttp(raw, base);
    if (!abs) { node.removeAttr("href"); return; } // javascript:, mailto:, tel: … lead nowhere in a replay
    const link = linkFor(abs);
    node.attr("href", link.href).attr("target", "_top").attr("rel", "noreferrer");
    node.attr(REPLAY_MARK, link.isCaptured ? "captured" : "missing");
    if (link.isCaptured) result.links.captured++;
    else { result.links.missing++; node.attr("title", notice); }
  });

  // The text is decoded already: the document says so, whatever its own <meta charset> said.
  $("meta[charset]").remove();
  $("head").prepend(`<meta charset="utf-8"><style>${MISSING_LINK_STYLE}</style>`);
  result.html = $.html();
  return result;
}
