import { addSeeds } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";
import { failureResponse } from "@/app/api/failure";

/** Queue more seeds on a job: {"seeds": ["https://...", ...]}. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { seeds?: unknown };
  const seeds = Array.isArray(body.seeds) ? body.seeds.filter((s): s is string => typeof s === "string") : [];
  const r = await addSeeds(getPrisma(), id, seeds);
  return r.ok ? json({ added: r.added }) : failureResponse(r, "seeds");
}
