"use server";
/**
 * The catalogue page's server actions: import a catalogue file (parse, learn, store) and delete an
 * import. Each checks the admin role (the proxy already refuses others).
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createCatalogueImport, deleteCatalogueImport, loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";
import { getSql } from "@/lib/store/infra/sql";
import { learnFromCatalogueFile } from "@/lib/topic/catalogue/catalogue";
import type { LearnedClass } from "@/lib/topic/catalogue/learn";
import { problems, type CatalogueProblem } from "@/lib/topic/catalogue/messages";
import { MAX_CATALOGUE_BYTES } from "@/lib/topic/catalogue/parse";
import { requireAdmin } from "../../auth/current";

/** What the upload form shows after a submit: the problems of a refused file, or what was learned. */
export type ImportCatalogueState =
  | { problems: CatalogueProblem[]; problemCount: number; learned?: undefined }
  | { learned: { records: number; classes: LearnedClass[] }; problems?: undefined }
  | { noFile: true; problems?: undefined; learned?: undefined }
  | Record<string, never>;

/** Longest import name kept. */
const MAX_NAME_CHARS = 120;

/** Import the uploaded catalogue: nothing is stored unless the whole file is usable. */
export async function importCatalogueAction(_prev: ImportCatalogueState, form: FormData): Promise<ImportCatalogueState> {
  const who = await requireAdmin();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { noFile: true };
  if (file.size > MAX_CATALOGUE_BYTES) return { problems: [problems.tooLarge(MAX_CATALOGUE_BYTES / 1024 / 1024)], problemCount: 1 };
  const result = learnFromCatalogueFile(Buffer.from(await file.arrayBuffer()));
  if (!result.ok) return { problems: result.problems, problemCount: result.problemCount };
  const name = String(form.get("name") ?? "").trim().slice(0, MAX_NAME_CHARS) || file.name.slice(0, MAX_NAME_CHARS);
  const sql = getSql();
  await createCatalogueImport(sql, { name, createdBy: who.isAuthOn ? who.name : null, records: result.records, overlay: result.overlay, summary: result.classes });
  await loadCatalogueKnowledge(sql);
  revalidatePath("/admin/catalogue");
  return { learned: { records: result.records, classes: result.classes } };
}

/** Delete an import and take its words out of the knowledge this process uses. */
export async function deleteCatalogueImportAction(form: FormData): Promise<void> {
  await requireAdmin();
  const id = Number(form.get("id"));
  const sql = getSql();
  const isDeleted = Number.isInteger(id) && id > 0 && await deleteCatalogueImport(sql, id);
  await loadCatalogueKnowledge(sql);
  revalidatePath("/admin/catalogue");
  redirect(`/admin/catalogue?${new URLSearchParams(isDeleted ? { done: "deleted" } : { error: "noSuchImport" })}`);
}
