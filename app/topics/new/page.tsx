import { topicMessages } from "@/lib/i18n/topic-messages";
import { getT } from "../../i18n";
import { toStep } from "../wizard/draft";
import { TopicWizard } from "../wizard/wizard";
import { canOperate } from "../../auth/current";
import { RoleNotice } from "../../auth/role-notice";

export const dynamic = "force-dynamic";

/** The topic setup wizard for a new topic; the step is in the URL (?step=classes|refine|preview|save). */
export default async function NewTopicPage({ searchParams }: { searchParams: Promise<{ step?: string }> }) {
  const { locale } = await getT();
  const m = topicMessages(locale);
  return (
    <section>
      <h1 className="mb-4 text-xl font-semibold">{m.wizardTitle}</h1>
      {await canOperate() ? <TopicWizard m={m} step={toStep((await searchParams).step)} /> : <RoleNotice locale={locale} kind="roleNoticeNewTopic" />}
    </section>
  );
}
