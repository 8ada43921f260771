import { getJob, getJobProgress } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** A job with its live counters. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const prisma = getPrisma();
  const job = id === null ? null : await getJob(prisma, id);
  if (!job || id === null) return json({ error: "no such job" }, { status: 404 });
  return json({ job, progress: await getJobProgress(prisma, id) });
}
