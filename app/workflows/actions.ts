"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { checkWorkflowName, refusalErrors, createWorkflow, createWorkflowFromJob, reviseWorkflow, runWorkflow } from "@/lib/store/workflows";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseJobInput } from "@/lib/jobs/input";
import { localizeError, localizeFieldErrors } from "@/lib/i18n/errors";
import { deleteWorkflowWithFiles } from "@/lib/export/workflow-delete";
import { deleteJobWithFiles } from "@/lib/export/export-files";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { getT } from "../i18n";
import { requireOperator } from "../auth/current";
import { parseId } from "../json";
import type { CreateJobState } from "../jobs/actions";
import { parseSchedule } from "@/lib/jobs/schedule";
import { setWorkflowSchedule } from "@/lib/store/workflow-schedule";

/** The form's fields as text, Next.js's own fields left out ("no saved topic" is an empty topicId, which an edit must see). */
function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter(([k]) => !k.startsWith("$") && k !== "workflowId").map(([k, v]) => [k, String(v)]));
}

/** Save the workflow form: a new workflow, or (with workflowId) a new version; invalid input writes nothing and comes back with errors. */
export async function saveWorkflowAction(_prev: CreateJobState, form: FormData): Promise<CreateJobState> {
  await requireOperator();
  const { locale } = await getT();
  const values = formValues(form);
  // Credentials are never sent back to the browser, not even to the person who typed them.
  const back = { ...values, proxy: "", siteAuth: "", cookies: "" };
  const name = checkWorkflowName(values.name);
  const id = parseId(String(form.get("workflowId") ?? ""));
  const policy = deploymentAddressPolicy();
  if (!name.ok) {
    // The rest of a new workflow is checked too, so that every bad field is named at once.
    const input = id === null ? parseJobInput(values, { isRefused: policy }) : null;
    const errors = { ...(input && !input.ok ? input.errors : {}), name: [name.message] };
    return { errors: localizeFieldErrors(errors, locale), values: back };
  }
  const r = id === null ? await createWorkflow(getPrisma(), name.name, values, policy) : await reviseWorkflow(getPrisma(), id, name.name, values, policy);
  if (!r.ok) return { errors: localizeFieldErrors(refusalErrors(r, "name"), locale), values: back };
  revalidatePath("/workflows");
  redirect(`/workflows/${r.workflow.id}`);
}

/** Save job `jobId` as a workflow, then open it. */
export async function createWorkflowFromJobAction(form: FormData): Promise<void> {
  await requireOperator();
  const jobId = parseId(String(form.get("jobId")));
  if (jobId === null) return;
  const r = await createWorkflowFromJob(getPrisma(), jobId);
  if (!r.ok) redirect(`/jobs/${jobId}`);
  revalidatePath("/workflows");
  redirect(`/workflows/${r.workflow.id}`);
}

/** Start a run of a workflow now; a refusal comes back on the workflow page with why. */
export async function runWorkflowAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("workflowId")));
  if (id === null) return;
  const r = await runWorkflow(getPrisma(), id, deploymentAddressPolicy());
  revalidatePath(`/workflows/${id}`);
  if (!r.ok) redirect(`/workflows/${id}?runError=${encodeURIComponent(localizeError(r.message, (await getT()).locale))}`);
  redirect(`/workflows/${id}?started=${r.job.id}`);
}

/** Delete a workflow with its runs and their export files (refused while a run is active). */
export async function deleteWorkflowAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("workflowId")));
  if (id === null) return;
  const r = await deleteWorkflowWithFiles(getSql(), id, exportFilesContext());
  if (!r.ok) redirect(`/workflows/${id}?deleteRefused=1`);
  revalidatePath("/workflows");
  redirect(`/workflows?deleted=${id}`);
}

/** Delete one ended run of a workflow (its job, pages and export files). */
export async function deleteRunAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("workflowId")));
  const runId = parseId(String(form.get("runId")));
  if (id === null || runId === null) return;
  const r = await deleteJobWithFiles(getSql(), runId, exportFilesContext());
  revalidatePath(`/workflows/${id}`);
  redirect(r.ok ? `/workflows/${id}` : `/workflows/${id}?runDeleteRefused=${runId}`);
}

/** What the schedule form shows after a submit: per-field errors, or that it was saved. */
export interface ScheduleState { errors?: Record<string, string[]>; saved?: "saved" | "removed"; values?: { schedule: string; timeZone: string } }

/** Set or (with `remove`) clear a workflow's schedule; a bad cron line or time zone writes nothing and comes back with why. */
export async function saveScheduleAction(_prev: ScheduleState, form: FormData): Promise<ScheduleState> {
  await requireOperator();
  const id = parseId(String(form.get("workflowId")));
  if (id === null) return {};
  const values = { schedule: String(form.get("schedule") ?? ""), timeZone: String(form.get("timeZone") ?? "") };
  const isRemove = form.get("intent") === "remove";
  const s = isRemove ? null : parseSchedule(values.schedule, values.timeZone);
  if (s && !s.ok) return { errors: localizeFieldErrors(s.errors, (await getT()).locale), values };
  const r = await setWorkflowSchedule(getSql(), id, s ? s.value : null);
  if (!r.ok) return { errors: localizeFieldErrors({ schedule: [r.message] }, (await getT()).locale), values };
  revalidatePath(`/workflows/${id}`);
  return { saved: isRemove ? "removed" : "saved", values: isRemove ? { schedule: "", timeZone: values.timeZone } : values };
}
