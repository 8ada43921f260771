/**
 * Sitemaps (sitemaps.org), pure: the `Sitemap:` lines of a robots.txt, and a sitemap file's
 * entries, a list of pages (`<urlset>`) or of further sitemaps (`<sitemapindex>`), each with its
 * `<lastmod>`; gzip-compressed files are opened with a bound on what they expand to.
 */
import zlib from "node:zlib";
import { Parser } from "htmlparser2";
import { canonicalizeUrl } from "./url";

/** Most a sitemap file may expand to: the protocol's own limit (50 MB uncompressed). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** One entry of a sitemap: a canonical URL on the sitemap's host and when it last changed, if said. */
export interface SitemapEntry { url: string; host: string; lastmod: Date | null }

/** A parsed sitemap: a list of pages or an index of sitemaps, and how many entries were left out (beyond `maxEntries`, other hosts, bad URLs). */
export interface Sitemap { kind: "urlset" | "index"; entries: SitemapEntry[]; leftOut: number }

/** The sitemap URLs a robots.txt names (`Sitemap:` lines, any case), canonical, on the robots file's own host. */
export function sitemapsOfRobots(body: string, host: string): string[] {
  const out = new Set<string>();
  for (const line of body.split(/\r?\n/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    const c = m ? canonicalizeUrl(m[1]) : null;
    if (c?.ok && c.host === host) out.add(c.url);
  }
  return [...out];
}

/** A `<lastmod>` (W3C datetime: a date, or a date and time with a zone), or null when it is not one. */
export function parseLastmod(text: string): Date | null {
  const t = text.trim();
  if (!/^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.test(t)) return null;
  const d = new Date(t.length === 4 ? `${t}-01-01` : t.length === 7 ? `${t}-01` : t);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The file's text: gunzipped when it starts with gzip's magic bytes (a `.xml.gz` served as is),
 * cut at `maxBytes`; a compressed file that expands past it (the protocol's limit, or a
 * decompression bomb) or is corrupt reads as empty text, which is no sitemap.
 */
export function sitemapText(body: Buffer, maxBytes = MAX_SITEMAP_BYTES): string {
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return zlib.gunzipSync(body, { maxOutputLength: maxBytes }).toString("utf8");
    } catch {
      return "";
    }
  }
  return body.subarray(0, maxBytes).toString("utf8");
}

/**
 * The entries of a sitemap's XML, in order, at most `maxEntries`, only on `host` (the protocol
 * lets a sitemap list its own host's URLs); null when the text is neither a urlset nor an index.
 */
export function parseSitemap(xml: string, host: string, maxEntries: number): Sitemap | null {
  let kind: Sitemap["kind"] | null = null;
  const entries: SitemapEntry[] = [];
  let leftOut = 0;
  let field: "loc" | "lastmod" | null = null;
  let loc = "";
  let lastmod = "";
  const local = (name: string) => name.toLowerCase().replace(/^.*:/, "");
  const parser = new Parser({
    onopentag(name) {
      const n = local(name);
      if (!kind && (n === "urlset" || n === "sitemapindex")) kind = n === "urlset" ? "urlset" : "index";
      if (n === "url" || n === "sitemap") { loc = ""; lastmod = ""; }
      if (n === "loc" || n === "lastmod") field = n;
    },
    ontext(text) {
      if (field === "loc") loc += text;
      else if (field === "lastmod") lastmod += text;
    },
    onclosetag(name) {
      const n = local(name);
      if (n === "loc" || n === "lastmod") field = null;
      if (n !== "url" && n !== "sitemap") return;
      const c = canonicalizeUrl(loc.trim());
      if (!c.ok || c.host !== host || entries.length >= maxEntries) return void (leftOut += 1);
      entries.push({ url: c.url, host: c.host, lastmod: parseLastmod(lastmod) });
    },
  }, { xmlMode: true, decodeEntities: true });
  parser.write(xml);
  parser.end();
  return kind ? { kind, entries, leftOut } : null;
}
