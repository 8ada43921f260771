"use client";
import { useEffect, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { HostSuggestion } from "@/lib/store/topic-hosts";
import { checkSeedLines, seedLinesOfFile, type SeedLineIssue } from "@/lib/jobs/seed-lines";

function describe(m: TopicMessages, i: SeedLineIssue): string {
  const line = String(i.line);
  switch (i.kind) {
    case "not-url": return m.seedNotUrl.replace("{line}", line);
    case "scheme": return m.seedScheme.replace("{line}", line).replace("{scheme}", i.scheme);
    case "private": return m.seedPrivate.replace("{line}", line).replace("{host}", i.host);
    case "duplicate": return m.seedDuplicate.replace("{line}", line).replace("{first}", String(i.first));
    default: return i satisfies never;
  }
}

/** The seeds textarea, checked line by line as it is typed (the server validates again on submit). */
export function SeedsField({ m, name, defaultValue, className, topicId }: {
  m: TopicMessages; name: string; defaultValue?: string; className: string;
  /** The saved topic chosen above: its earlier jobs' best hosts are offered as seeds. */
  topicId?: string;
}) {
  const [text, setText] = useState(defaultValue ?? "");
  const [hosts, setHosts] = useState<HostSuggestion[]>([]);
  useEffect(() => {
    setHosts([]);
    if (!topicId) return;
    const controller = new AbortController();
    fetch(`/api/topics/${encodeURIComponent(topicId)}/hosts`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : { hosts: [] })).then((b: { hosts: HostSuggestion[] }) => setHosts(b.hosts)).catch(() => {});
    return () => controller.abort();
  }, [topicId]);
  const { urls, issues } = checkSeedLines(text);
  const offered = hosts.filter((h) => !urls.includes(h.url));
  return (
    <>
      <textarea name={name} rows={4} value={text} onChange={(e) => setText(e.target.value)} className={className} />
      {/* The native file input's own label is in the browser's language: ours says what it takes. */}
      <label className="mt-1 inline-block cursor-pointer rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 focus-within:ring-1 focus-within:ring-teal-600 hover:bg-slate-50">
        {m.seedsUpload}
        <input type="file" accept=".txt,.csv,text/plain,text/csv" className="sr-only" onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          const lines = seedLinesOfFile(await file.text());
          setText((t) => [t.trimEnd(), ...lines].filter(Boolean).join("\n"));
        }} />
      </label>
      {issues.length > 0 ? (
        <ul data-testid="seed-issues" aria-live="polite" className="mt-1 space-y-0.5 text-xs text-amber-800">
          <li className="font-medium">{m.seedIssues}</li>
          {issues.slice(0, 20).map((i) => <li key={`${i.line}-${i.kind}`}>{describe(m, i)}</li>)}
        </ul>
      ) : urls.length > 0 && <p className="mt-1 text-xs text-teal-800">{m.seedsOk.replace("{n}", String(urls.length))}</p>}
      {offered.length > 0 && (
        <div data-testid="seed-suggestions" className="mt-1 flex flex-wrap items-center gap-1 text-xs">
          <span className="text-slate-500">{m.seedSuggestions}</span>
          {offered.map((h) => (
            <button key={h.url} type="button" onClick={() => setText((t) => [t.trimEnd(), h.url].filter(Boolean).join("\n"))}
              className="rounded border border-slate-300 px-1.5 font-mono hover:border-teal-600">+ {h.url} <span className="text-slate-400">({h.relevant})</span></button>
          ))}
        </div>
      )}
    </>
  );
}
