"use client";
import { useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
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
export function SeedsField({ m, name, defaultValue, className }: { m: TopicMessages; name: string; defaultValue?: string; className: string }) {
  const [text, setText] = useState(defaultValue ?? "");
  const { urls, issues } = checkSeedLines(text);
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
    </>
  );
}
