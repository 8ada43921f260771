import { listQueued } from "@/lib/store/frontier-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** The job's next URLs, best first, each with its priority and what made it: ?limit=N (at most 500). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const limit = Math.min(500, Math.max(1, Number(new URL(request.url).searchParams.get("limit")) || 50));
  return json({ queued: await listQueued(getPrisma(), id, limit) });
}
