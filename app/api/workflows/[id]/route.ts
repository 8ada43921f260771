import { checkWorkflowName, getWorkflow, refusalErrors, reviseWorkflow } from "@/lib/store/workflows";
import { listWorkflowRuns } from "@/lib/store/workflow-runs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { deleteWorkflowWithFiles } from "@/lib/export/workflow-delete";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { redactSpec } from "@/lib/jobs/workflow-spec";
import { json, parseId, readJsonObject } from "@/app/json";
import { failureResponse } from "../../failure";

export const dynamic = "force-dynamic";

const NOT_FOUND = { error: "no such workflow: GET /api/workflows lists them" };

/** A workflow (credentials hidden), its versions and its runs with what changed in each. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const w = id === null ? null : await getWorkflow(getPrisma(), id);
  if (!w || id === null) return json(NOT_FOUND, { status: 404 });
  return json({ workflow: { ...w, spec: redactSpec(w.spec as Record<string, unknown>) }, runs: await listWorkflowRuns(getSql(), id) });
}

/** Save a new version: a name and a job definition; empty credentials keep the previous ones. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json(NOT_FOUND, { status: 404 });
  const body = await readJsonObject(request, '{"name":"weekly","keywords":"计算机","seeds":["https://example.com/"]}');
  if (!body.ok) return body.response;
  const name = checkWorkflowName(body.value.name);
  if (!name.ok) return failureResponse(name, "name");
  const r = await reviseWorkflow(getPrisma(), id, name.name, body.value, deploymentAddressPolicy());
  if (!r.ok) return r.kind === "invalid" ? json({ error: r.message, fields: refusalErrors(r, "input") }, { status: 400 }) : failureResponse(r);
  return json({ workflow: r.workflow });
}

/** Delete a workflow with its runs, their pages and export files (409 while a run is active: stop it first). */
export async function DELETE(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json(NOT_FOUND, { status: 404 });
  const r = await deleteWorkflowWithFiles(getSql(), id, exportFilesContext());
  if (!r.ok) return failureResponse(r);
  return json({ deleted: id, runs: r.runs, exportFiles: r.files });
}
