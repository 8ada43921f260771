/** A saved topic as the library and its own page show it: classes, keywords, jobs, and what one can do with it. */
import Link from "next/link";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { LibraryTopic } from "@/lib/store/topic-library";
import { archiveTopicAction, duplicateTopicAction } from "./actions";

const button = "rounded border border-slate-300 px-2 py-0.5 text-xs hover:border-teal-600 hover:text-teal-800";

/** One topic's card (its container is the caller's). */
export function TopicCard({ t, m, isOperator }: { t: LibraryTopic; m: TopicMessages; isOperator: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="font-medium"><Link href={`/topics/${t.id}`} className="hover:underline">{t.name}</Link></h2>
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
    </>
  );
}
