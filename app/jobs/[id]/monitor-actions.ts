"use server";
/** The job page's controls: of a running job (block a host, set a host's or the job's delay, add seeds), and continuing an ended one. */
import { revalidatePath } from "next/cache";
import { blockHost, setHostDelay, setJobDelay, unblockHost } from "@/lib/store/host-controls";
import { addSeeds } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { requireOperator } from "../../auth/current";
import { continueJob } from "@/lib/store/job-continue";
import { ContinueBody } from "@/app/api/bodies";
import { localizeError } from "@/lib/i18n/errors";
import { getT } from "../../i18n";

/** What a control's form shows after a submit. */
export interface ControlState { ok?: boolean; error?: string; added?: number }

function readJobId(form: FormData): number | null {
  const id = Number(form.get("jobId"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Block the form's host in the form's job. */
export async function blockHostAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return;
  await blockHost(getSql(), id, String(form.get("host") ?? ""));
  revalidatePath(`/jobs/${id}`);
}

/** Unblock the form's host in the form's job (its skipped URLs are queued again). */
export async function unblockHostAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return;
  await unblockHost(getSql(), id, String(form.get("host") ?? ""));
  revalidatePath(`/jobs/${id}`);
}

/** Set the form's host's own delay. */
export async function setHostDelayAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return;
  await setHostDelay(getSql(), id, String(form.get("host") ?? ""), Number(form.get("delayMs")));
  revalidatePath(`/jobs/${id}`);
}

/** Change the job's politeness (its minimum delay). */
export async function setJobDelayAction(_prev: ControlState, form: FormData): Promise<ControlState> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return { error: "no such job" };
  const r = await setJobDelay(getSql(), id, Number(form.get("delayMs")));
  if (!r.ok) return { error: r.message };
  revalidatePath(`/jobs/${id}`);
  return { ok: true };
}

/** Queue the form's seeds (one a line) on the job. */
export async function addSeedsAction(_prev: ControlState, form: FormData): Promise<ControlState> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return { error: "no such job" };
  const seeds = String(form.get("seeds") ?? "").split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  const r = await addSeeds(getSql(), id, seeds);
  if (!r.ok) return { error: r.message };
  revalidatePath(`/jobs/${id}`);
  return { ok: true, added: r.added };
}

/** Continue the form's ended job with the form's page budget; a refusal comes back in the page's language. */
export async function continueJobAction(_prev: ControlState, form: FormData): Promise<ControlState> {
  await requireOperator();
  const id = readJobId(form);
  if (id === null) return { error: "no such job" };
  const { locale } = await getT();
  const parsed = ContinueBody.safeParse({ maxPages: String(form.get("maxPages") ?? "") });
  if (!parsed.success) return { error: localizeError(parsed.error.issues[0]?.message ?? "maxPages must be a whole number", locale) };
  const r = await continueJob(getSql(), id, parsed.data.maxPages);
  if (!r.ok) return { error: localizeError(r.message, locale) };
  revalidatePath(`/jobs/${id}`);
  return { ok: true };
}
