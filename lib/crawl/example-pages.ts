/** Example URLs of a topic definition, fetched through the crawler pipeline: main text only. */
import { decodeBody } from "../rules/decode";
import { createFetcher, type FetcherOptions } from "./fetch";
import { parseHtml } from "../rules/parse";
import { canonicalizeUrl } from "../rules/url";
import { TopicError } from "../topic/topic";

/** How example pages are fetched (the deployment's guard and overrides apply). */
export type ExampleFetchOptions = Pick<FetcherOptions, "userAgent" | "allowPrivate" | "privateAllowList" | "resolve">;

/** One example page: its title and main text, or why it cannot be used (a message that says what to do). */
export type ExamplePage = { ok: true; url: string; title: string; text: string } | { ok: false; url: string; message: string };

type Fetcher = ReturnType<typeof createFetcher>;

async function fetchOne(fetcher: Fetcher, raw: string): Promise<ExamplePage> {
  const c = canonicalizeUrl(raw);
  if (!c.ok) return { ok: false, url: raw, message: `exampleUrls: "${raw}" cannot be fetched (${c.reason}); give a full http:// or https:// URL` };
  const r = await fetcher.fetchUrl(c.url);
  if (!r.ok && r.reason === "blocked-address") {
    return { ok: false, url: c.url, message: `exampleUrls: ${c.url} is on a private or local network address, which the crawler does not fetch; give a public page` };
  }
  if (!r.ok) return { ok: false, url: c.url, message: `exampleUrls: ${c.url} could not be fetched (${r.reason}: ${r.detail})` };
  if (r.status < 200 || r.status >= 300) return { ok: false, url: c.url, message: `exampleUrls: ${c.url} answered HTTP ${r.status}; give a page that loads` };
  const page = parseHtml(decodeBody(r.body, r.headers["content-type"]).text, r.finalUrl);
  if (!page.mainText) return { ok: false, url: c.url, message: `exampleUrls: ${c.url} has no text to learn from` };
  return { ok: true, url: c.url, title: page.title, text: page.mainText };
}

/** Each URL's title and main text, or its error, in order; a failure of one does not stop the others. */
export async function fetchExamplePages(urls: string[], opts: ExampleFetchOptions): Promise<ExamplePage[]> {
  if (urls.length === 0) return [];
  const fetcher = createFetcher({ ...opts, maxBodyBytes: 2 * 1024 * 1024 });
  try {
    return await Promise.all(urls.map((u) => fetchOne(fetcher, u)));
  } finally {
    await fetcher.close();
  }
}

/** The text of each URL (title, then main text), in order; the first that fails throws a TopicError naming it. */
export async function fetchExampleTexts(urls: string[], opts: ExampleFetchOptions): Promise<string[]> {
  const pages = await fetchExamplePages(urls, opts);
  return pages.map((p) => {
    if (!p.ok) throw new TopicError("exampleUrls", p.message);
    return `${p.title}\n${p.text}`;
  });
}
