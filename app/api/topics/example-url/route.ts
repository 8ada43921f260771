import { fetchExamplePages } from "@/lib/crawl/example-pages";
import { json, readJsonObject } from "@/app/json";
import { exampleFetchOptions } from "../../topic-input";
import { ExampleUrlBody } from "@/app/api/bodies";

export const dynamic = "force-dynamic";

/**
 * Fetch one example URL through the crawler's fetcher and its guards: {"url": "https://..."} →
 * its title and main text, or 400 with what went wrong on `exampleUrls`.
 */
export async function POST(request: Request) {
  const read = await readJsonObject(request, '{"url":"https://example.com/article"}');
  if (!read.ok) return read.response;
  const parsed = ExampleUrlBody.safeParse(read.value);
  if (!parsed.success) {
    const message = "exampleUrls: give the URL of a page about the topic, e.g. https://example.com/article";
    return json({ error: message, fields: { exampleUrls: [message] } }, { status: 400 });
  }
  const [page] = await fetchExamplePages([parsed.data.url], exampleFetchOptions());
  if (!page.ok) return json({ error: page.message, fields: { exampleUrls: [page.message] } }, { status: 400 });
  return json({ url: page.url, title: page.title, text: page.text });
}
