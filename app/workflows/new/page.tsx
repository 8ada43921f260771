import { JobForm } from "../../jobs/new/job-form";
import { readJobFormProps } from "../../jobs/new/form-props";
import { workflowMessages } from "@/lib/i18n/workflow-messages";
import { saveWorkflowAction } from "../actions";
import { canOperate } from "../../auth/current";
import { RoleNotice } from "../../auth/role-notice";

export const dynamic = "force-dynamic";

export default async function NewWorkflowPage() {
  const { locale, labels, ...props } = await readJobFormProps();
  const w = workflowMessages(locale);
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold">{w.newTitle}</h1>
      {await canOperate() ? <JobForm {...props} labels={{ ...labels, name: w.nameLabel, nameHint: "", submit: w.save }} save={saveWorkflowAction} />
        : <RoleNotice locale={locale} kind="roleNoticeWorkflow" />}
    </section>
  );
}
