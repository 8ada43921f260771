import { exportActionResponse } from "@/app/api/export-files";

/** Resume or cancel an export file of this job: {"action":"resume"|"cancel"} (404 for another job's export). */
export async function POST(request: Request, ctx: { params: Promise<{ id: string; exportId: string }> }) {
  const { id, exportId } = await ctx.params;
  return exportActionResponse(request, { exportId, jobId: id });
}
