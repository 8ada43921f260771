import { runWorkflow } from "@/lib/store/workflows";
import { listWorkflowRuns } from "@/lib/store/workflow-runs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { json, parseId } from "@/app/json";
import { failureResponse } from "../../../failure";

export const dynamic = "force-dynamic";

const NOT_FOUND = { error: "no such workflow: GET /api/workflows lists them" };

/** A workflow's runs, newest first, with pages new, changed and gone since the run before. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null || !(await getPrisma().workflow.findUnique({ where: { id }, select: { id: true } }))) return json(NOT_FOUND, { status: 404 });
  return json({ runs: await listWorkflowRuns(getSql(), id) });
}

/** Start a run now (a job from the workflow's current version). */
export async function POST(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json(NOT_FOUND, { status: 404 });
  const r = await runWorkflow(getPrisma(), id, deploymentAddressPolicy());
  if (!r.ok) return failureResponse(r);
  return json({ job: r.job }, { status: 201 });
}
