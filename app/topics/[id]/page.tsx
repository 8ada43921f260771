import Link from "next/link";
import { notFound } from "next/navigation";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getLibraryTopic } from "@/lib/store/topic-library";
import { getTopic } from "@/lib/store/topics";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { getT } from "../../i18n";
import { parseId } from "../../json";
import { canOperate } from "../../auth/current";
import { JobTopic } from "../../jobs/[id]/job-topic";
import { TopicCard } from "../topic-card";

export const dynamic = "force-dynamic";

/** One saved topic: its card as in the library, with its classes by name and its strongest terms. */
export default async function TopicPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const prisma = getPrisma();
  const [topic, full] = id === null ? [null, null] : await Promise.all([getLibraryTopic(prisma, id), getTopic(prisma, id)]);
  if (!topic || !full) notFound();
  const { locale } = await getT();
  const m = topicMessages(locale);
  return (
    <section className="max-w-3xl space-y-4">
      <p className="text-sm"><Link href="/topics" className="text-teal-800 underline">{m.libraryTitle}</Link></p>
      <h1 data-testid="topic-title" className="text-xl font-semibold">{topic.name}</h1>
      <div className={`rounded border border-slate-200 bg-white p-3 ${topic.archivedAt ? "opacity-60" : ""}`}>
        <TopicCard t={topic} m={m} isOperator={await canOperate()} />
      </div>
      <JobTopic m={m} snapshot={full.vector} />
    </section>
  );
}
