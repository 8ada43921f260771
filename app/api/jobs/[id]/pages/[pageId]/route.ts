import { getPage, parsePageId } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** One stored page of a job (404 for a page of another job). */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string; pageId: string }> }) {
  const raw = await ctx.params;
  const jobId = parseId(raw.id);
  const pageId = parsePageId(raw.pageId);
  const page = jobId === null || pageId === null ? null : await getPage(getPrisma(), jobId, pageId);
  return page ? json({ page }) : json({ error: `job ${raw.id} has no page ${raw.pageId}` }, { status: 404 });
}
