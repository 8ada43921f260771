import { buildTopicParts } from "@/lib/topic/topic";
import { explainTopTerms } from "@/lib/topic/term-sources";
import { suggestThreshold } from "@/lib/topic/threshold";
import { json, readJsonObject } from "@/app/json";
import { topicFromBody } from "../../topic-input";

export const dynamic = "force-dynamic";

/**
 * The top terms and weights a draft topic definition would have, each with where it came from
 * (class, field vocabulary, keyword, example text, example page), and a suggested page threshold
 * from three examples or more, or from the classes alone (lib/topic/threshold.ts); nothing is saved.
 */
export async function POST(request: Request) {
  const body = await readJsonObject(request, '{"clc":["TP3"],"keywords":"数据库"}');
  if (!body.ok) return body.response;
  const built = await topicFromBody(body.value, { isDraft: true });
  if ("error" in built) return built.error;
  const terms = explainTopTerms(built.vector, buildTopicParts(built.definition, built.urlTexts), 60);
  const suggestion = suggestThreshold(built.definition, built.urlTexts);
  return json({ terms, termCount: built.vector.terms.length, suggestedThreshold: suggestion?.threshold ?? null, suggestionBasis: suggestion?.basis ?? null,
    exampleScores: suggestion?.scores.map((s) => +s.toFixed(4)) ?? [] });
}
