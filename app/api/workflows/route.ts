import { isShowingArchived } from "@/lib/store/archive";
import { createWorkflow, createWorkflowFromJob, checkWorkflowName, listWorkflows } from "@/lib/store/workflows";
import { getPrisma } from "@/lib/store/infra/prisma";
import { deploymentAddressPolicy } from "@/lib/env";
import { isRowId, json, readJsonObject } from "@/app/json";
import { failureResponse } from "../failure";

export const dynamic = "force-dynamic";

/** Workflows, newest first, with their number of runs and the last run. */
export async function GET(request: Request) {
  const includeArchived = isShowingArchived(new URL(request.url).searchParams.get("archived"));
  return json({ workflows: await listWorkflows(getPrisma(), 100, { includeArchived }) });
}

/**
 * Save a workflow: `{fromJobId, name?}` makes it from a job (its seeds, strategy, settings and
 * topic); otherwise the body is a job definition with a `name`. 400 with per-field errors, nothing written.
 */
export async function POST(request: Request) {
  const body = await readJsonObject(request, '{"name":"weekly","keywords":"计算机","seeds":["https://example.com/"]} or {"fromJobId":1}');
  if (!body.ok) return body.response;
  const v = body.value;
  if (v.fromJobId !== undefined) {
    if (!isRowId(v.fromJobId)) return json({ error: "fromJobId must be the id of a job, e.g. 12", fields: { fromJobId: ["fromJobId must be the id of a job, e.g. 12"] } }, { status: 400 });
    const name = v.name === undefined ? undefined : checkWorkflowName(v.name);
    if (name && !name.ok) return failureResponse(name, "name");
    const r = await createWorkflowFromJob(getPrisma(), v.fromJobId, name?.name);
    if (!r.ok) return failureResponse(r.kind === "not-found" ? { ...r, kind: "invalid" } : r, "fromJobId");
    return json({ workflow: r.workflow }, { status: 201 });
  }
  const name = checkWorkflowName(v.name);
  if (!name.ok) return failureResponse(name, "name");
  const r = await createWorkflow(getPrisma(), name.name, v, deploymentAddressPolicy());
  if (!r.ok) return json({ error: r.message, fields: r.errors }, { status: 400 });
  return json({ workflow: r.workflow }, { status: 201 });
}
