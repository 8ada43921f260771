import { exportProgressResponse } from "@/app/api/export-files";

export const dynamic = "force-dynamic";

/** An export file of this job: its progress (404 for another job's export). */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string; exportId: string }> }) {
  const { id, exportId } = await ctx.params;
  return exportProgressResponse({ exportId, jobId: id });
}
