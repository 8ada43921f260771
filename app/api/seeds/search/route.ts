import { loadEnv } from "@/lib/env";
import { getPrisma } from "@/lib/store/infra/prisma";
import { createRateLimiter } from "@/lib/seeds/rate-limit";
import { searchSeeds } from "@/lib/seeds/search";
import { buildTopic, TopicDefinitionSchema, TopicError, type TopicVector } from "@/lib/topic/topic";
import { refusalLocale } from "@/lib/http/guard-response";
import { seedMessages } from "@/lib/i18n/seed-messages";
import type { Locale } from "@/lib/i18n/messages";
import { json, readJsonObject } from "@/app/json";
import { SeedSearchBody } from "@/app/api/bodies";
import { fieldErrorResponse, topicFromBody } from "../../topic-input";

export const dynamic = "force-dynamic";

/** One limiter for the dashboard process, which is the one that asks the providers. */
const limiter = createRateLimiter();

const DEFINITION_FIELDS = ["clc", "keywords", "exampleTexts", "exampleUrls"] as const;

/** A topic of the typed words alone; a 400 saying what to type when none of them is a term ("的", "-1", "..."). */
function topicOfWords(query: string, locale: Locale): TopicVector | { response: Response } {
  const words = TopicDefinitionSchema.safeParse({ keywords: query.split(/\s+/).filter(Boolean).slice(0, 50) });
  // A word of over 100 characters is no keyword: said as the topic's own check says it.
  if (!words.success) return { response: fieldErrorResponse({ query: words.error.issues.map((i) => i.message) }) };
  try {
    return buildTopic(words.data);
  } catch (err) {
    if (!(err instanceof TopicError)) throw err;
    return { response: fieldErrorResponse({ query: [seedMessages(locale).queryNoTerms.replace("{query}", query.slice(0, 100))] }) };
  }
}

/** The topic to score against: the saved one, the draft, or the typed words alone; else the response to give. */
async function topicOf(body: Record<string, unknown>, topicId: number | undefined, query: string, locale: Locale): Promise<TopicVector | { response: Response }> {
  if (topicId !== undefined) {
    const saved = await getPrisma().topic.findUnique({ where: { id: topicId }, select: { vector: true } });
    if (!saved) return { response: json({ error: `topicId: there is no topic ${topicId}; create it first or pick another` }, { status: 404 }) };
    return saved.vector as unknown as TopicVector;
  }
  const hasDefinition = DEFINITION_FIELDS.some((k) => { const v = body[k]; return typeof v === "string" ? v.trim() !== "" : Array.isArray(v) && v.length > 0; });
  if (hasDefinition) {
    const built = await topicFromBody(body, { isDraft: true });
    return "error" in built ? { response: built.error } : built.vector;
  }
  if (query) return topicOfWords(query, locale);
  const message = 'give a topic (topicId, keywords or clc) or words to search for (query), e.g. {"keywords":"数据库,索引"}';
  return { response: fieldErrorResponse({ query: [message] }) };
}

/**
 * Candidate seeds for a topic from the deployment's search providers (SEARCH_PROVIDERS): the
 * topic's strongest terms (or the typed words) as queries, the results merged one per host and
 * scored against the topic, best first, with each provider's failures. Nothing is saved.
 */
export async function POST(request: Request) {
  const read = await readJsonObject(request, '{"topicId":1}');
  if (!read.ok) return read.response;
  const parsed = SeedSearchBody.safeParse(read.value);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "input")] ??= []).push(i.message);
    return fieldErrorResponse(fields);
  }
  const env = loadEnv();
  if (env.SEARCH_PROVIDERS.length === 0) {
    return json({ error: "no search provider is configured: set SEARCH_PROVIDERS=NAME=URL (a SearXNG instance's /search endpoint with its JSON format enabled) and restart the dashboard" }, { status: 503 });
  }
  const query = parsed.data.query?.trim() ?? "";
  const topic = await topicOf(read.value, parsed.data.topicId, query, refusalLocale(request.headers));
  if ("response" in topic) return topic.response;
  const result = await searchSeeds(topic, query, {
    providers: env.SEARCH_PROVIDERS, limiter, timeoutMs: env.SEARCH_TIMEOUT_MS, intervalMs: env.SEARCH_MIN_INTERVAL_MS,
    fetch: { userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS, privateAllowList: env.PRIVATE_NETWORK_ALLOW },
  });
  return json(result);
}
