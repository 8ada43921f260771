import { notFound } from "next/navigation";
import { JobForm } from "../../../jobs/new/job-form";
import { readJobFormProps } from "../../../jobs/new/form-props";
import { fill, workflowMessages } from "@/lib/i18n/workflow-messages";
import { getPrisma } from "@/lib/store/infra/prisma";
import { specFormValues } from "@/lib/jobs/workflow-spec";
import { topicKeywordWords } from "@/lib/topic/topic";
import { parseId } from "../../../json";
import { saveWorkflowAction } from "../../actions";
import { canOperate } from "../../../auth/current";
import { RoleNotice } from "../../../auth/role-notice";

export const dynamic = "force-dynamic";

export default async function EditWorkflowPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const w = id === null ? null : await getPrisma().workflow.findUnique({ where: { id } });
  if (!w) notFound();
  const { locale, labels, ...props } = await readJobFormProps();
  const m = workflowMessages(locale);
  const keptTopic = w.topic ? fill(m.keptTopic, { topic: topicKeywordWords(w.topic).slice(0, 8).join("，") || m.topicOfJob }) : "";
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold">{fill(m.editTitle, { version: w.version + 1 })}</h1>
      {!(await canOperate()) ? <RoleNotice locale={locale} kind="roleNoticeWorkflow" /> : <JobForm {...props} labels={{ ...labels, name: m.nameLabel, nameHint: "", submit: m.saveNew }} save={saveWorkflowAction}
        hidden={{ workflowId: String(w.id) }} initial={{ ...specFormValues(w.spec as Record<string, unknown>), name: w.name }}
        note={[keptTopic, m.credentialsKept].filter(Boolean).join(" ")} />}
    </section>
  );
}
