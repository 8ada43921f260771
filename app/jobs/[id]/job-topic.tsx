import Link from "next/link";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { getClcNode } from "@/lib/topic/clc/tree";
import type { TopicVector } from "@/lib/topic/topic";

const SHOWN_TERMS = 20;

/** The job's topic as it scores pages now: its CLC classes with their names, and its strongest terms. */
export function JobTopic({ m, snapshot, topic }: { m: TopicMessages; snapshot: unknown; topic?: { id: number; name: string; version: number | null } }) {
  const v = snapshot as Partial<TopicVector> | null;
  const classes = v?.definition?.clc ?? [];
  const terms = (v?.terms ?? []).slice(0, SHOWN_TERMS);
  if (!classes.length && !terms.length) return null;
  return (
    <div data-testid="job-topic" className="space-y-1 rounded border border-slate-200 bg-white p-3 text-sm">
      {topic && <p className="font-medium"><Link href={`/topics/${topic.id}/edit`} className="text-teal-800 underline">{topic.name}</Link> v{topic.version}</p>}
      {classes.length > 0 && (
        <p data-testid="job-topic-classes"><span className="text-slate-500">{m.jobTopicClasses}: </span>
          {classes.map((code) => {
            const n = getClcNode(code);
            return <span key={code} className="mr-2 inline-block"><span className="font-mono text-xs">{code}</span> {m.locale === "en" && n?.nameEn ? n.nameEn : n?.name}</span>;
          })}
        </p>
      )}
      {terms.length > 0 && (
        <p data-testid="job-topic-terms" className="break-words"><span className="text-slate-500">{m.jobTopicTerms}: </span>{terms.map(([t]) => t).join("，")}</p>
      )}
    </div>
  );
}
