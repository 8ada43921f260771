/** Example URLs of a topic definition, fetched through the crawler pipeline: main text only. */
import { decodeBody } from "../rules/decode";
import { createFetcher, type FetcherOptions } from "./fetch";
import { parseHtml } from "../rules/parse";
import { canonicalizeUrl } from "../rules/url";
import { TopicError } from "../topic/topic";

/** How example pages are fetched (the deployment's guard and overrides apply). */
export type ExampleFetchOptions = Pick<FetcherOptions, "userAgent" | "allowPrivate" | "privateAllowList" | "resolve">;

/** The main text of each URL, in order; the first that fails throws a TopicError naming it. */
export async function fetchExampleTexts(urls: string[], opts: ExampleFetchOptions): Promise<string[]> {
  if (urls.length === 0) return [];
  const fetcher = createFetcher({ ...opts, maxBodyBytes: 2 * 1024 * 1024 });
  try {
    return await Promise.all(urls.map(async (raw) => {
      const c = canonicalizeUrl(raw);
      if (!c.ok) throw new TopicError("exampleUrls", `exampleUrls: "${raw}" cannot be fetched (${c.reason}); give a full http:// or https:// URL`);
      const r = await fetcher.fetchUrl(c.url);
      if (!r.ok) throw new TopicError("exampleUrls", `exampleUrls: ${c.url} could not be fetched (${r.reason}: ${r.detail})`);
      if (r.status < 200 || r.status >= 300) throw new TopicError("exampleUrls", `exampleUrls: ${c.url} answered HTTP ${r.status}; give a page that loads`);
      const page = parseHtml(decodeBody(r.body, r.headers["content-type"]).text, r.finalUrl);
      if (!page.mainText) throw new TopicError("exampleUrls", `exampleUrls: ${c.url} has no text to learn from`);
      return `${page.title}\n${page.mainText}`;
    }));
  } finally {
    await fetcher.close();
  }
}
