import { notFound } from "next/navigation";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getTopic } from "@/lib/store/topics";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { clcAncestors, getClcNode } from "@/lib/topic/clc/tree";
import { getT } from "../../../i18n";
import { parseId } from "../../../json";
import { draftFromTopic, toStep } from "../../wizard/draft";
import { TopicWizard } from "../../wizard/wizard";
import { canOperate } from "../../../auth/current";
import { RoleNotice } from "../../../auth/role-notice";

export const dynamic = "force-dynamic";

/** The wizard on a saved topic: saving makes a new version (PUT /api/topics/:id). */
export default async function EditTopicPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ step?: string }> }) {
  const id = parseId((await params).id);
  const topic = id === null ? null : await getTopic(getPrisma(), id);
  if (!topic || id === null) notFound();
  const { locale } = await getT();
  const m = topicMessages(locale);
  const definition = topic.definition as { clc?: string[] };
  const classes = (definition.clc ?? []).map((code) => {
    const n = getClcNode(code);
    return { code, name: n?.name ?? code, nameEn: n?.nameEn, path: clcAncestors(code).slice(0, -1).map((a) => a.code) };
  });
  const draft = draftFromTopic({ name: topic.name, description: topic.description, pageThreshold: topic.pageThreshold, definition: topic.definition as Record<string, unknown>, classes });
  return (
    <section>
      <h1 className="mb-4 text-xl font-semibold">{m.wizardEditTitle.replace("{name}", topic.name)}</h1>
      {await canOperate() ? <TopicWizard m={m} step={toStep((await searchParams).step)} topicId={id} initialDraft={draft} />
        : <RoleNotice locale={locale} kind="roleNoticeNewTopic" />}
    </section>
  );
}
