import Link from "next/link";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { getT } from "../i18n";
import { archiveTopicAction, duplicateTopicAction } from "./actions";
import { ImportTopicForm } from "./import-form";
import { canOperate } from "../auth/current";

export const dynamic = "force-dynamic";

const button = "rounded border border-slate-300 px-2 py-0.5 text-xs hover:border-teal-600 hover:text-teal-800";

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
            <div className="flex flex-wrap items-baseline gap-2">
              <h2 className="font-medium">{t.name}</h2>
              {t.archivedAt && <span className="rounded bg-slate-200 px-1.5 text-xs">{m.archivedBadge}</span>}
              <span className="text-xs text-slate-500">{m.versionOf.replace("{version}", String(t.version)).replace("{n}", String(t.versions))}</span>
            </div>
            {t.description && <p className="mt-1 text-sm text-slate-600">{t.description}</p>}
            <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-slate-500">{m.colClasses}</dt><dd className="break-words font-mono text-xs">{t.clc.join(", ") || "—"}</dd>
              <dt className="text-slate-500">{m.colKeywords}</dt><dd className="break-words">{t.keywords.slice(0, 20).join("，") || "—"}</dd>
              <dt className="text-slate-500">{m.colJobs}</dt>
              <dd className="break-words">
                {t.jobs.length === 0 ? m.noJobs : t.jobs.map((j, i) => <span key={j.id}>{i > 0 && "，"}<Link href={`/jobs/${j.id}`} className="text-teal-800 underline">{j.name}</Link></span>)}
                {t.jobCount > t.jobs.length && ` ${m.moreJobs.replace("{n}", String(t.jobCount - t.jobs.length))}`}
              </dd>
            </dl>
            <div className="mt-2 flex flex-wrap gap-2">
              {isOperator && <>
                <Link href={`/jobs/new?topicId=${t.id}`} className={button}>{m.startCrawl}</Link>
                <Link href={`/topics/${t.id}/edit`} className={button}>{m.edit}</Link>
                <form action={duplicateTopicAction}>
                  <input type="hidden" name="topicId" value={t.id} /><input type="hidden" name="name" value={t.name} />
                  <button type="submit" className={button}>{m.duplicate}</button>
                </form>
                <form action={archiveTopicAction}>
                  <input type="hidden" name="topicId" value={t.id} /><input type="hidden" name="archive" value={t.archivedAt ? "0" : "1"} />
                  <button type="submit" className={button}>{t.archivedAt ? m.unarchive : m.archive}</button>
                </form>
              </>}
              <a href={`/api/topics/${t.id}/export`} download className={button}>{m.exportJson}</a>
            </div>
          </li>
        ))}
      </ul>
      {isOperator && <ImportTopicForm m={m} />}
    </section>
  );
}
