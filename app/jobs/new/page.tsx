import { getT } from "../../i18n";
import { getPrisma } from "@/lib/store/infra/prisma";
import { JobForm } from "./job-form";
import { getJob } from "@/lib/store/jobs";
import { cloneFormValues } from "@/lib/jobs/clone-values";
import { readJobFormProps } from "./form-props";

export const dynamic = "force-dynamic";

export default async function NewJobPage({ searchParams }: { searchParams: Promise<{ topicId?: string; clone?: string }> }) {
  const { t } = await getT();
  const { locale, ...props } = await readJobFormProps();
  const { topicId: chosenTopic, clone } = await searchParams;
  // ?clone=ID opens the form with that job's settings (credentials excepted) under a new name.
  const source = clone && /^\d+$/.test(clone) ? await getJob(getPrisma(), Number(clone)) : null;
  const initial = source ? cloneFormValues(source, `${source.name} (${locale === "en" ? "copy" : "副本"})`) : undefined;
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold">{t("newJobTitle")}</h1>
      <JobForm {...props} topicId={chosenTopic} initial={initial} />
    </section>
  );
}
