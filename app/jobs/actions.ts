"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { controlJob, createJob, UnknownTopicError, type JobAction } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { refineJobTopic, undoTopicRefinement, type RefineFailure, type RefinePlan } from "@/lib/maintenance/refine";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseJobInput, type FieldErrors } from "@/lib/jobs/input";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import { getT } from "../i18n";
import { requireOperator } from "../auth/current";
import { parseId } from "../json";
import { deleteJobWithFiles } from "@/lib/export/export-files";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";

/** What the new-job form shows after a failed submit: the errors and what the person typed. */
export interface CreateJobState { errors?: FieldErrors; values?: Record<string, string> }

/** Validate and create a job, then open it; invalid input writes nothing and comes back with errors. */
export async function createJobAction(_prev: CreateJobState, form: FormData): Promise<CreateJobState> {
  await requireOperator();
  // "No saved topic" in the picker is an empty topicId: the job's topic then comes from its keywords and classes.
  const values = Object.fromEntries([...form.entries()].filter(([k, v]) => !k.startsWith("$") && !(k === "topicId" && v === "")).map(([k, v]) => [k, String(v)]));
  await loadCatalogueKnowledge(getSql());
  const input = parseJobInput(values, { isRefused: deploymentAddressPolicy() });
  // Credentials are never sent back to the browser, not even to the person who typed them.
  if (!input.ok) return { errors: localizeFieldErrors(input.errors, (await getT()).locale), values: { ...values, proxy: "", siteAuth: "", cookies: "" } };
  let job;
  try {
    job = await createJob(getPrisma(), input.value);
  } catch (err) {
    if (err instanceof UnknownTopicError) return { errors: localizeFieldErrors({ topicId: [err.message] }, (await getT()).locale), values };
    throw err;
  }
  revalidatePath("/");
  redirect(`/jobs/${job.id}`);
}

/**
 * Delete an ended job with its pages, events, frontier and export files, then go home. A job
 * still active is refused by the store (the page offers the button only once it has ended).
 */
export async function deleteJobAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("jobId")));
  if (id === null) return;
  const r = await deleteJobWithFiles(getSql(), id, exportFilesContext());
  if (!r.ok) redirect(`/jobs/${id}?deleteRefused=1`);
  revalidatePath("/");
  redirect(`/?deleted=${id}`);
}

/** Pause, resume or stop a job from its page. */
export async function controlJobAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("jobId")));
  const action = String(form.get("action")) as JobAction;
  if (id === null || !["pause", "resume", "stop"].includes(action)) return;
  await controlJob(getPrisma(), id, action);
  revalidatePath(`/jobs/${id}`);
}

/**
 * What the refine-topic form shows after a submit: the planned change (a preview, or the one just
 * applied), the threshold restored by an undo, or why nothing happened.
 */
export interface RefineTopicState { error?: RefineFailure; plan?: RefinePlan; applied?: boolean; thresholdApplied?: boolean; pages?: number; undoneTo?: number }

/**
 * The refine-topic form's three buttons (`intent`): preview what learning from the job's pages
 * would change, apply it (with the threshold the judgments suggest, when ticked), or undo the
 * latest learning.
 */
export async function refineTopicAction(_prev: RefineTopicState, form: FormData): Promise<RefineTopicState> {
  await requireOperator();
  const id = parseId(String(form.get("jobId")));
  const pages = Number(form.get("pages"));
  const intent = String(form.get("intent") ?? "apply");
  if (id === null) return { error: "no-job" };
  if (intent === "undo") {
    const u = await undoTopicRefinement(getSql(), id);
    if (!u.ok) return { error: u.reason };
    revalidatePath(`/jobs/${id}`);
    return { undoneTo: u.threshold };
  }
  const isPreview = intent === "preview";
  const r = await refineJobTopic(getSql(), id, { pages, isPreview, isThresholdApplied: form.get("threshold") === "on" });
  if (!r.ok) return { error: r.reason, pages };
  if (!isPreview) revalidatePath(`/jobs/${id}`);
  const { ok: _ok, applied, thresholdApplied, ...plan } = r;
  return { plan, applied, thresholdApplied, pages };
}

/** What "learn, then the next batch" answers: done, or why not (in the refinement's words). */
export type LearnFromJudgmentsResult = { ok: true } | { ok: false; reason: RefineFailure };

/**
 * "Judge these": learn from the judgments so far, as the job page's refine does, taking the
 * threshold the judgments propose (only proposed when its cross-validated F1 rises). On the
 * realistic web, learning after each batch of 5 lifted F1 after 20 judgments on four of six
 * classes over judging all 20 first (bench/RELEVANCE.md).
 */
export async function learnFromJudgmentsAction(jobId: number): Promise<LearnFromJudgmentsResult> {
  await requireOperator();
  const r = await refineJobTopic(getSql(), jobId, { isThresholdApplied: true });
  if (!r.ok) return { ok: false, reason: r.reason };
  revalidatePath(`/jobs/${jobId}`);
  return { ok: true };
}
