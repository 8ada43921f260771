import { loadEnv } from "@/lib/env";
import { parseResolveMap } from "@/lib/rules/resolve-map";
import { findTextProblems } from "@/lib/rules/text";
import { buildTopic, MAX_EXAMPLE_TEXT_CHARS, TopicDefinitionSchema, TopicError, type TopicDefinition, type TopicVector } from "@/lib/topic/topic";
import { fetchExampleTexts, type ExampleFetchOptions } from "@/lib/crawl/example-pages";
import { json } from "@/app/json";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";
import { getSql } from "@/lib/store/infra/sql";

/** A built topic with what it was built from. */
export interface BuiltTopic { vector: TopicVector; body: Record<string, unknown>; definition: TopicDefinition; urlTexts: string[] }

/** How the deployment fetches example pages (its private-network guard and host overrides). */
export function exampleFetchOptions(): ExampleFetchOptions {
  const env = loadEnv();
  return { userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS, privateAllowList: env.PRIVATE_NETWORK_ALLOW, resolve: parseResolveMap(env.CRAWL_RESOLVE) };
}

/** The example pages' texts a draft already fetched (one per example URL), so a preview need not fetch them again. */
function givenUrlTexts(body: Record<string, unknown>, urls: string[]): string[] | undefined {
  const texts = body.exampleUrlTexts;
  if (!Array.isArray(texts) || texts.length !== urls.length || !texts.every((t) => typeof t === "string")) return undefined;
  return texts.map((t: string) => t.slice(0, MAX_EXAMPLE_TEXT_CHARS));
}

/** Field → messages of a body that cannot be built into a topic. */
export type TopicFields = Record<string, string[]>;

/**
 * Parse and build a topic from a request body, or say per field why it cannot be built. With
 * `isDraft` (previews and trial scores, never saves) the example pages' texts may come with the
 * body as `exampleUrlTexts`.
 */
export async function buildFromBody(body: unknown, opts: { isDraft?: boolean } = {}): Promise<BuiltTopic | { fields: TopicFields }> {
  if (typeof body !== "object" || body === null) return { fields: { input: ["the request body must be a JSON object"] } };
  // Name, description and every part of the definition: a topic file or a form reaches here without readJsonBody's check.
  const unstorable = findTextProblems(body);
  if (unstorable.length > 0) return { fields: Object.fromEntries(unstorable.map((p) => [p.field, [p.message]])) };
  const parsed = TopicDefinitionSchema.safeParse(body);
  if (!parsed.success) {
    const fields: TopicFields = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "input")] ??= []).push(i.message);
    return { fields };
  }
  // Topics use the class knowledge of the catalogues people imported (admin › catalogue knowledge).
  await loadCatalogueKnowledge(getSql());
  try {
    const raw = body as Record<string, unknown>;
    const urlTexts = (opts.isDraft ? givenUrlTexts(raw, parsed.data.exampleUrls) : undefined)
      ?? await fetchExampleTexts(parsed.data.exampleUrls, exampleFetchOptions());
    return { vector: buildTopic(parsed.data, urlTexts), body: raw, definition: parsed.data, urlTexts };
  } catch (err) {
    if (!(err instanceof TopicError)) throw err;
    return { fields: { [err.field]: [err.message] } };
  }
}

/** A 400 response listing every field's problems. */
export function fieldErrorResponse(fields: TopicFields): Response {
  return json({ error: Object.values(fields).flat().join("; "), fields }, { status: 400 });
}

/** `buildFromBody`, with the errors as a ready 400 response. */
export async function topicFromBody(body: unknown, opts: { isDraft?: boolean } = {}): Promise<BuiltTopic | { error: Response }> {
  const built = await buildFromBody(body, opts);
  return "fields" in built ? { error: fieldErrorResponse(built.fields) } : built;
}

/** The strongest terms of a topic, for previews. */
export function topTerms(vector: TopicVector, n = 30) {
  return vector.terms.slice(0, n).map(([term, weight]) => ({ term, weight: +weight.toFixed(4) }));
}
