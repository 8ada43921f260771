"use client";
import { useEffect, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { HostSuggestion } from "@/lib/store/topic-hosts";
import { checkSeedLines, seedLinesOfFile, type SeedLineIssue } from "@/lib/jobs/seed-lines";
import { readSeedOrigins, type SeedOrigin, type SeedOrigins } from "@/lib/jobs/seed-origins";
import { canonicalizeUrl } from "@/lib/rules/url";
import type { SeedCandidate } from "@/lib/seeds/candidates";
import { SeedCandidates } from "./seed-candidates";

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

const canonical = (url: string) => { const c = canonicalizeUrl(url); return c.ok ? c.url : url; };

/** Parse the origins a form opened with (JSON text), or none. */
function parseOrigins(json: string | undefined): SeedOrigins {
  try { return json ? readSeedOrigins(JSON.parse(json)) : {}; } catch { return {}; }
}

/**
 * The seeds textarea, checked line by line as it is typed (the server validates again on submit),
 * with where each seed came from kept beside it (a file, a search provider, an earlier job's
 * site; a line typed is "manual") and sent as the hidden `seedOrigins` field.
 */
export function SeedsField({ m, label, name, defaultValue, defaultOrigins, className, topicId, searchBody, children }: {
  m: TopicMessages; name: string; defaultValue?: string; className: string;
  /** The field's label (the textarea's name); `children` (its errors) follow the textarea. */
  label: React.ReactNode; children?: React.ReactNode;
  /** The origins the form opens with, as the JSON the hidden field carries. */
  defaultOrigins?: string;
  /** The saved topic chosen above: its earlier jobs' best hosts are offered as seeds. */
  topicId?: string;
  /** The topic to find candidate seeds for, read when the person asks (null: none given yet). */
  searchBody: () => Record<string, unknown> | null;
}) {
  const [text, setText] = useState(defaultValue ?? "");
  const [origins, setOrigins] = useState<SeedOrigins>(() => parseOrigins(defaultOrigins));
  const addLines = (lines: string[], origin: SeedOrigin) => {
    setOrigins((o) => ({ ...o, ...Object.fromEntries(lines.map((l) => [canonical(l), origin])) }));
    setText((t) => [t.trimEnd(), ...lines].filter(Boolean).join("\n"));
  };
  const removeLine = (url: string) => setText((t) => t.split("\n").filter((l) => canonical(l.trim()) !== url).join("\n"));
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
  const sent = Object.fromEntries(urls.map((u) => [u, origins[u] ?? { kind: "manual" }]));
  const isPicked = (c: SeedCandidate) => urls.includes(c.url);
  const toggle = (c: SeedCandidate, query: string) => (isPicked(c) ? removeLine(c.url)
    : addLines([c.url], { kind: "search", provider: c.provider, query: query.slice(0, 500), score: Math.min(1, Math.max(0, c.score)) }));
  return (
    <div className="text-sm">
      <label className="block">{label}
        <textarea name={name} rows={4} value={text} onChange={(e) => setText(e.target.value)} className={className} />
      </label>
      {children}
      <input type="hidden" name="seedOrigins" value={JSON.stringify(sent)} />
      {/* The native file input's own label is in the browser's language: ours says what it takes. */}
      <label className="mt-1 inline-block cursor-pointer rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 focus-within:ring-1 focus-within:ring-teal-600 hover:bg-slate-50">
        {m.seedsUpload}
        <input type="file" accept=".txt,.csv,text/plain,text/csv" className="sr-only" onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          addLines(seedLinesOfFile(await file.text()), { kind: "file" });
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
            <button key={h.url} type="button" onClick={() => addLines([h.url], { kind: "earlier-job" })}
              className="rounded border border-slate-300 px-1.5 font-mono hover:border-teal-600">+ {h.url} <span className="text-slate-400">({h.relevant})</span></button>
          ))}
        </div>
      )}
      <SeedCandidates locale={m.locale} searchBody={searchBody} isPicked={isPicked} onToggle={toggle} />
    </div>
  );
}
