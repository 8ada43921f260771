import { getT } from "../../i18n";
import { getPrisma } from "@/lib/store/infra/prisma";
import { JobForm } from "./job-form";
import { getJob } from "@/lib/store/jobs";
import { cloneFormValues } from "@/lib/jobs/clone-values";
import { readJobFormProps } from "./form-props";
import { readSeedOrigins } from "@/lib/jobs/seed-origins";
import { canOperate } from "../../auth/current";
import { RoleNotice } from "../../auth/role-notice";

/** The seeds picked in the topic wizard (?picks= the JSON of seed URL → origin) as form values, or none. */
function pickedSeeds(picks: string | undefined): Record<string, string> | undefined {
  if (!picks) return undefined;
  let origins;
  try { origins = readSeedOrigins(JSON.parse(picks)); } catch { return undefined; }
  const urls = Object.keys(origins).slice(0, 1000);
  return urls.length ? { seeds: urls.join("\n"), seedOrigins: JSON.stringify(origins) } : undefined;
}

export const dynamic = "force-dynamic";

/** The page's frame around the role notice. */
function RoleSection({ title, children }: { title: string; children: React.ReactNode }) {
  return <section className="max-w-2xl"><h1 className="mb-4 text-xl font-semibold">{title}</h1>{children}</section>;
}

export default async function NewJobPage({ searchParams }: { searchParams: Promise<{ topicId?: string; clone?: string; picks?: string }> }) {
  const { t, locale: pageLocale } = await getT();
  if (!(await canOperate())) return <RoleSection title={t("newJobTitle")}><RoleNotice locale={pageLocale} kind="roleNoticeNewJob" /></RoleSection>;
  const { locale, ...props } = await readJobFormProps();
  const { topicId: chosenTopic, clone, picks } = await searchParams;
  // ?clone=ID opens the form with that job's settings (credentials excepted) under a new name.
  const source = clone && /^\d+$/.test(clone) ? await getJob(getPrisma(), Number(clone)) : null;
  const initial = source ? cloneFormValues(source, `${source.name} (${locale === "en" ? "copy" : "副本"})`) : pickedSeeds(picks);
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold">{t("newJobTitle")}</h1>
      <JobForm {...props} topicId={chosenTopic} initial={initial} />
    </section>
  );
}
