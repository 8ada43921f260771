/** Every HTML page of the realistic web, parsed as the crawler parses it (for the filter benches). */
import { buildRealWeb, canonicalAddresses, type RealPage, type RealWeb, type RealWebOptions } from "../lib/realweb/build";
import { loadCorpus } from "../lib/realweb/corpora";
import { decodeBody } from "../lib/rules/decode";
import { parseHtml } from "../lib/rules/parse";

const htmlOf = (p: RealPage) => ("html" in p ? p.html() : p.type.includes("html") ? decodeBody(p.file, p.type).text : undefined);

/**
 * The web built from `dataDir` and its HTML pages' URL, title, main text and share of anchor text;
 * a page served at several addresses once, under its own (the one its site links to).
 */
export function realWebPages(dataDir: string, opts: RealWebOptions = {}): { web: RealWeb; pages: { url: string; title: string; text: string; anchorTextShare: number }[] } {
  const web = buildRealWeb(loadCorpus(dataDir), 1, opts);
  const own = canonicalAddresses(web);
  const pages = [...web.pages].flatMap(([url, p]) => {
    if (own.get(p) !== url) return [];
    const html = htmlOf(p);
    if (html === undefined) return [];
    const parsed = parseHtml(html, url);
    return [{ url, title: parsed.title, text: parsed.mainText, anchorTextShare: parsed.anchorTextShare }];
  });
  return { web, pages };
}
