import { getComparison } from "@/lib/eval/compare";
import { getSql } from "@/lib/store/infra/sql";
import { json } from "@/app/json";

export const dynamic = "force-dynamic";

/** A comparison's jobs with their harvest-rate curves and checkpoints, and relevant pages against time. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  if (!/^[0-9a-f]{12}$/.test(id)) return json({ error: "no such comparison" }, { status: 404 });
  const jobs = await getComparison(getSql(), id);
  if (jobs.length === 0) return json({ error: "no such comparison" }, { status: 404 });
  return json({ id, jobs });
}
