import { loadEnv } from "@/lib/env";
import { parseResolveMap } from "@/lib/rules/resolve-map";
import { fetchExampleTexts } from "@/lib/crawl/example-pages";
import { buildTopic, TopicDefinitionSchema, TopicError, type TopicVector } from "@/lib/topic/topic";
import { json } from "@/app/json";

/** Parse and build a topic from a request body; a Response with per-field errors when it cannot be built. */
export async function topicFromBody(body: unknown): Promise<{ vector: TopicVector; body: Record<string, unknown> } | { error: Response }> {
  if (typeof body !== "object" || body === null) return { error: json({ error: "the request body must be a JSON object" }, { status: 400 }) };
  const parsed = TopicDefinitionSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "input")] ??= []).push(i.message);
    return { error: json({ error: Object.values(fields).flat().join("; "), fields }, { status: 400 }) };
  }
  try {
    const env = loadEnv();
    const texts = await fetchExampleTexts(parsed.data.exampleUrls, {
      userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS, privateAllowList: env.PRIVATE_NETWORK_ALLOW,
      resolve: parseResolveMap(env.CRAWL_RESOLVE),
    });
    return { vector: buildTopic(parsed.data, texts), body: body as Record<string, unknown> };
  } catch (err) {
    if (!(err instanceof TopicError)) throw err;
    return { error: json({ error: err.message, fields: { [err.field]: [err.message] } }, { status: 400 }) };
  }
}

/** The strongest terms of a topic, for previews. */
export function topTerms(vector: TopicVector, n = 30) {
  return vector.terms.slice(0, n).map(([term, weight]) => ({ term, weight: +weight.toFixed(4) }));
}
