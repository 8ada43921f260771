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
 * Built on cheerio (the parser the crawler already uses); the replay bar says what was dropped.
 */
import * as cheerio from "cheerio";

/**
 * The CSP a replayed document is served with: no script, no frame, no form target, nothing loaded
 * but inline styles and data: images; links still navigate (the top page, on a click). Its
 * sandbox gives the document an origin of its own even when it is opened outside the iframe.
 */
export const REPLAY_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-top-navigation-by-user-activation";

/** Where a link of the replayed page leads: its replay address, and whether its target was captured. */
export interface ReplayLink { href: string; isCaptured: boolean }

/** The replayable document and what was left out of it. */
export interface ReplayDocument {
  html: string;
  /** Links leading to a captured copy, and links leading to the "not captured" notice. */
  links: { captured: number; missing: number };
  /** Stylesheets, images, media and CSS `url()` references not loaded (not kept by the crawl). */
  resourcesDropped: number;
}

/** Elements removed with their content: code, frames and plugins, and what changes where the page goes. */
const REMOVED = "script, noscript, iframe, frame, frameset, object, embed, applet, base, template, portal, meta[http-equiv]";
/** Attributes that load something, ping someone, send a form elsewhere or turn a link into a download. */
const DROPPED_ATTRIBUTES = new Set(["srcset", "ping", "download", "action", "formaction", "background", "poster", "lowsrc", "dynsrc", "longdesc", "manifest", "codebase", "archive", "data"]);
/** CSS `url(…)` and `@import` references; data: URLs are kept. */
const CSS_URL = /url\(\s*(['"]?)(?!data:)[^'")]*\1\s*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;

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

/** CSS with every non-data `url()` and `@import` taken out; `count` is told how many. */
function stripCssUrls(css: string, count: (n: number) => void): string {
  let n = 0;
  const out = css.replace(CSS_IMPORT, () => { n++; return ""; }).replace(CSS_URL, () => { n++; return "none"; });
  count(n);
  return out;
}

/**
 * The page's HTML ready to replay. `linkFor(absoluteUrl)` gives each link's replay address;
 * `notice` is the title a link to an uncaptured page carries.
 */
export function rewriteForReplay(html: string, pageUrl: string, linkFor: (url: string) => ReplayLink, notice: string): ReplayDocument {
  const $ = cheerio.load(html);
  const base = baseOf($, pageUrl);
  const result: ReplayDocument = { html: "", links: { captured: 0, missing: 0 }, resourcesDropped: 0 };
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
      if (lower.startsWith("on") || DROPPED_ATTRIBUTES.has(lower)) {
        if (lower === "srcset" || lower === "background" || lower === "poster") drop(1);
        node.removeAttr(name);
      } else if (lower === "style") {
        node.attr(name, stripCssUrls(el.attribs[name], drop));
      } else if ((lower === "src" || lower === "xlink:href") && !/^\s*data:/i.test(el.attribs[name])) {
        drop(1);
        node.removeAttr(name);
      } else if (lower === "href" && el.tagName !== "a" && el.tagName !== "area" && !el.attribs[name].startsWith("#")) {
        node.removeAttr(name); // an SVG <use>, <image> or any other element that would load its href
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
    node.attr("data-replay", link.isCaptured ? "captured" : "missing");
    if (link.isCaptured) result.links.captured++;
    else { result.links.missing++; node.attr("title", notice); }
  });

  // The text is decoded already: the document says so, whatever its own <meta charset> said.
  $("meta[charset]").remove();
  $("head").prepend(`<meta charset="utf-8"><style>${MISSING_LINK_STYLE}</style>`);
  result.html = $.html();
  return result;
}
