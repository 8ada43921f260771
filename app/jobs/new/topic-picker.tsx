import Link from "next/link";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { LibraryTopic } from "@/lib/store/topic-library";

/** What the picker shows of a topic. */
export type PickableTopic = Pick<LibraryTopic, "id" | "name" | "clc" | "version" | "pageThreshold">;

/** The new-job form's choice of a saved topic (its current version), or a link to the wizard. */
export function TopicPicker({ m, topics, chosen, onChoose }: { m: TopicMessages; topics: PickableTopic[]; chosen: string; onChoose: (id: string) => void }) {
  return (
    <div className="rounded border border-teal-200 bg-teal-50/50 p-3 text-sm">
      <label className="block">
        <span className="font-medium">{m.pickTopic}</span> <span className="text-xs text-slate-500">{m.pickTopicHint}</span>
        <select name="topicId" value={chosen} onChange={(e) => onChoose(e.target.value)} className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">{m.pickTopicNone}</option>
          {topics.map((t) => (
            <option key={t.id} value={t.id}>{t.name}{t.clc.length ? ` · ${t.clc.join(", ")}` : ""} · v{t.version}</option>
          ))}
        </select>
      </label>
      <Link href="/topics/new" className="mt-2 inline-block text-teal-800 underline">{m.openWizard}</Link>
    </div>
  );
}
