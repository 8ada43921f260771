import { fetchExamplePages } from "@/lib/crawl/example-pages";
import { json, readJsonObject } from "@/app/json";
import { exampleFetchOptions } from "../../topic-input";

export const dynamic = "force-dynamic";

/**
 * Fetch one example URL through the crawler's fetcher and its guards: {"url": "https://..."} →
 * its title and main text, or 400 with what went wrong on `exampleUrls`.
 */
export async function POST(request: Request) {
  const read = await readJsonObject(request, '{"url":"https://example.com/article"}');
  if (!read.ok) return read.response;
  const url = read.value.url;
  if (typeof url !== "string" || !url.trim()) {
    const message = "exampleUrls: give the URL of a page about the topic, e.g. https://example.com/article";
    return json({ error: message, fields: { exampleUrls: [message] } }, { status: 400 });
  }
  const [page] = await fetchExamplePages([url.trim()], exampleFetchOptions());
  if (!page.ok) return json({ error: page.message, fields: { exampleUrls: [page.message] } }, { status: 400 });
  return json({ url: page.url, title: page.title, text: page.text });
}
