"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { setJobArchived, setWorkflowArchived } from "@/lib/store/archive";
import { getSql } from "@/lib/store/infra/sql";
import { requireOperator } from "./auth/current";
import { parseId } from "./json";

/** Back to the page the button was on (a path of this site only), with what happened. */
function backTo(raw: FormDataEntryValue | null, fallback: string, flag: string): never {
  const path = typeof raw === "string" && /^\/(?!\/)[\w\-/]*$/.test(raw) ? raw : fallback;
  redirect(`${path}?${flag}`);
}

/** Archive or unarchive (`archive` "1" or "0") a job (`kind` job) or a workflow (`kind` workflow). */
export async function archiveAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("id")));
  if (id === null) return;
  const archived = form.get("archive") === "1";
  const isWorkflow = form.get("kind") === "workflow";
  const r = isWorkflow ? await setWorkflowArchived(getSql(), id, archived) : await setJobArchived(getSql(), id, archived);
  revalidatePath("/");
  revalidatePath("/workflows");
  const fallback = isWorkflow ? `/workflows/${id}` : `/jobs/${id}`;
  if (!r.ok) backTo(form.get("back"), fallback, r.kind === "conflict" ? "archiveRefused=1" : "archiveMissing=1");
  backTo(form.get("back"), fallback, archived ? "archivedDone=1" : "unarchivedDone=1");
}
