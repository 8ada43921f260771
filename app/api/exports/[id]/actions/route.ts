import { exportActionResponse } from "@/app/api/export-files";

/** Resume an interrupted or failed export file, or cancel one (its file is deleted): {"action":"resume"|"cancel"}. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return exportActionResponse(request, { exportId: (await ctx.params).id });
}
