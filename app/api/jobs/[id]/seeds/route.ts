import { addSeeds, MAX_SEEDS_PER_REQUEST } from "@/lib/store/jobs";
import { getSql } from "@/lib/store/infra/sql";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "@/app/api/failure";
import { SeedsBody } from "@/app/api/bodies";

/** Queue more seeds on a job: {"seeds": ["https://...", ...]}, at most MAX_SEEDS_PER_REQUEST at a time. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = await readJsonObject(request, '{"seeds":["https://example.com/"]}');
  if (!body.ok) return body.response;
  const parsed = SeedsBody.safeParse(body.value);
  if (!parsed.success) {
    const message = 'seeds: give a list of URLs, e.g. {"seeds":["https://example.com/"]}';
    return json({ error: message, fields: { seeds: [message] } }, { status: 400 });
  }
  const r = await addSeeds(getSql(), id, parsed.data.seeds);
  return r.ok ? json({ added: r.added }) : failureResponse(r, "seeds");
}
