import Link from "next/link";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { getT } from "../i18n";
import { TopicCard } from "./topic-card";
import { ImportTopicForm } from "./import-form";
import { canOperate } from "../auth/current";

export const dynamic = "force-dynamic";

/** The topics library: saved topics with their classes, versions and jobs; duplicate, edit, archive, export, import. */
export default async function TopicsPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const includeArchived = (await searchParams).archived === "1";
  const { locale } = await getT();
  const m = topicMessages(locale);
  const topics = await listTopicLibrary(getPrisma(), { includeArchived });
  // Viewers see the library and can export; what changes it is for operators (the server refuses it to viewers too).
  const isOperator = await canOperate();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{m.libraryTitle}</h1>
        {isOperator && <Link href="/topics/new" className="rounded bg-teal-700 px-3 py-1.5 text-sm text-white hover:bg-teal-800">{m.newTopic}</Link>}
        <Link href={includeArchived ? "/topics" : "/topics?archived=1"} className="ml-auto text-sm text-teal-800 underline">
          {includeArchived ? m.hideArchived : m.showArchived}
        </Link>
      </div>
      {topics.length === 0 && <p className="text-sm text-slate-500">{m.libraryEmpty}</p>}
      <ul className="space-y-3" data-testid="topic-library">
        {topics.map((t) => (
          <li key={t.id} data-topic-id={t.id} className={`rounded border border-slate-200 bg-white p-3 ${t.archivedAt ? "opacity-60" : ""}`}>
            <TopicCard t={t} m={m} isOperator={isOperator} />
          </li>
        ))}
      </ul>
      {isOperator && <ImportTopicForm m={m} />}
    </section>
  );
}
