import { pageExplanation, scorePage, topicScorer } from "@/lib/topic/topic";
import { json, readJsonObject } from "@/app/json";
import { topicFromBody } from "../../topic-input";

export const dynamic = "force-dynamic";
const MAX_TEXT_CHARS = 200_000;

/** Score a pasted text against a draft topic: {"topic": {...definition}, "title": "...", "text": "..."}. */
export async function POST(request: Request) {
  const read = await readJsonObject(request, '{"topic":{"clc":["TP3"]},"title":"...","text":"..."}');
  if (!read.ok) return read.response;
  const body = read.value as { topic?: unknown; title?: unknown; text?: unknown };
  if (typeof body.text !== "string" || !body.text.trim()) {
    return json({ error: "text: give the text to score", fields: { text: ["text: give the text to score"] } }, { status: 400 });
  }
  if (body.text.length > MAX_TEXT_CHARS) return json({ error: `text: at most ${MAX_TEXT_CHARS} characters` }, { status: 400 });
  const built = await topicFromBody(body.topic, { isDraft: true });
  if ("error" in built) return built.error;
  const score = scorePage(topicScorer(built.vector), typeof body.title === "string" ? body.title : "", body.text);
  return json({ relevance: score.relevance, ...pageExplanation(score) });
}
