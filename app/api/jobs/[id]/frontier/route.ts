import { listQueued } from "@/lib/store/frontier-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json } from "@/app/json";
import { findJobId } from "@/app/api/lookup";
import { loadEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/** The job's next URLs, best first, each with its priority and what made it (those robots.txt forbids last, marked): ?limit=N (at most 500). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const { id } = job;
  const limit = Math.min(500, Math.max(1, Number(new URL(request.url).searchParams.get("limit")) || 50));
  return json({ queued: await listQueued(getPrisma(), id, limit, loadEnv().CRAWL_USER_AGENT) });
}
