import { listPages } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** A screen of a job's pages: ?screen=N (50 per screen). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const screen = Math.max(1, Number(new URL(request.url).searchParams.get("screen")) || 1);
  return json(await listPages(getPrisma(), id, screen));
}
