import { exportProgressResponse } from "@/app/api/export-files";

export const dynamic = "force-dynamic";

/** An export file's progress: pages done of pages total, bytes written, state. */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  return exportProgressResponse({ exportId: (await ctx.params).id });
}
