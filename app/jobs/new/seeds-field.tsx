"use client";
import { useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { checkSeedLines, type SeedLineIssue } from "@/lib/jobs/seed-lines";

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
      {issues.length > 0 ? (
        <ul data-testid="seed-issues" aria-live="polite" className="mt-1 space-y-0.5 text-xs text-amber-800">
          <li className="font-medium">{m.seedIssues}</li>
          {issues.slice(0, 20).map((i) => <li key={`${i.line}-${i.kind}`}>{describe(m, i)}</li>)}
        </ul>
      ) : urls.length > 0 && <p className="mt-1 text-xs text-teal-800">{m.seedsOk.replace("{n}", String(urls.length))}</p>}
    </>
  );
}
