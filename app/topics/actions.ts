"use server";
import { revalidatePath } from "next/cache";
import { getPrisma } from "@/lib/store/infra/prisma";
import { createTopic } from "@/lib/store/topics";
import { localizeError } from "@/lib/i18n/errors";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { duplicateTopic, setTopicArchived } from "@/lib/store/topic-library";
import { parseTopicFile } from "@/lib/topic/topic-file";
import { buildFromBody } from "../api/topic-input";
import { getT } from "../i18n";
import { parseId } from "../json";
import { requireOperator } from "../auth/current";

/** Archive or unarchive a topic from the library. */
export async function archiveTopicAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("topicId")));
  if (id === null) return;
  await setTopicArchived(getPrisma(), id, form.get("archive") === "1");
  revalidatePath("/topics");
}

/** Copy a topic's current version as a new topic named "NAME (copy)". */
export async function duplicateTopicAction(form: FormData): Promise<void> {
  await requireOperator();
  const id = parseId(String(form.get("topicId")));
  if (id === null) return;
  const { locale } = await getT();
  await duplicateTopic(getPrisma(), id, `${String(form.get("name") ?? "")}${topicMessages(locale).copySuffix}`.slice(0, 200));
  revalidatePath("/topics");
}

/** What the import form shows after a submit. */
export interface ImportTopicState { errors?: string[]; imported?: string }

/** Import a topic file (validated, rebuilt from its definition); a bad file saves nothing and says why. */
export async function importTopicAction(_prev: ImportTopicState, form: FormData): Promise<ImportTopicState> {
  await requireOperator();
  const { locale } = await getT();
  const m = topicMessages(locale);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { errors: [m.importNoFile] };
  const parsed = parseTopicFile(await file.text());
  if (!parsed.ok) return { errors: parsed.errors.map((e) => localizeError(e, locale)) };
  const built = await buildFromBody(parsed.value.definition);
  if ("fields" in built) return { errors: Object.values(built.fields).flat().map((e) => localizeError(e, locale)) };
  const t = parsed.value;
  await createTopic(getPrisma(), t.name, built.vector, t.pageThreshold, t.description);
  revalidatePath("/topics");
  return { imported: t.name };
}
