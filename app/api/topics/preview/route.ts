import { json } from "@/app/json";
import { topicFromBody, topTerms } from "../../topic-input";

export const dynamic = "force-dynamic";

/** The top terms and weights a draft topic definition would have (nothing is saved). */
export async function POST(request: Request) {
  const built = await topicFromBody(await request.json().catch(() => undefined));
  if ("error" in built) return built.error;
  return json({ terms: topTerms(built.vector, 50), termCount: built.vector.terms.length });
}
