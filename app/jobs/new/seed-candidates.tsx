"use client";
import { useState } from "react";
import type { Locale } from "@/lib/i18n/messages";
import { seedMessages, type SeedMessages } from "@/lib/i18n/seed-messages";
import { localizeError } from "@/lib/i18n/errors";
import type { SeedCandidate } from "@/lib/seeds/candidates";
import type { ProviderReport, QueryFailure, SeedSearch } from "@/lib/seeds/search";

const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

function describeFailure(s: SeedMessages, name: string, f: QueryFailure): string {
  const fill = (t: string) => t.replace("{name}", name).replace("{detail}", f.detail);
  switch (f.kind) {
    case "blocked": return fill(s.failBlocked);
    case "timeout": return fill(s.failTimeout);
    case "http": return fill(f.detail === "403" ? s.failHttp403 : s.failHttp);
    case "not-json": return fill(s.failNotJson);
    case "too-large": return fill(s.failTooLarge);
    case "rate-limited": return fill(s.failRateLimited);
    case "network": return fill(s.failNetwork);
    default: return f.kind satisfies never;
  }
}

/** Each provider's line: its results, or why its queries failed (one line per distinct reason). */
function ProviderLines({ s, providers }: { s: SeedMessages; providers: ProviderReport[] }) {
  return (
    <ul data-testid="seed-providers" className="space-y-0.5 text-xs">
      {providers.map((p) => {
        const reasons = [...new Set(p.failures.map((f) => describeFailure(s, p.name, f)))];
        return (
          <li key={p.name} data-provider={p.name} className={reasons.length && !p.results ? "text-amber-800" : "text-slate-600"}>
            {/* A provider that brought nothing but failures is named by its failures alone. */}
            {[...(p.results > 0 || reasons.length === 0 ? [s.providerOk.replace("{name}", p.name).replace("{n}", String(p.results))] : []), ...reasons].join(" · ")}
          </li>
        );
      })}
    </ul>
  );
}

function CandidateRow({ s, c, isPicked, onToggle }: { s: SeedMessages; c: SeedCandidate; isPicked: boolean; onToggle: () => void }) {
  return (
    <li data-host={c.host} className="flex items-start gap-2 py-1">
      <input type="checkbox" checked={isPicked} onChange={onToggle} aria-label={s.pick.replace("{url}", c.url)} className="mt-1" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm">{c.title || c.host}</span>
        <span className="block break-all font-mono text-xs text-slate-500">{c.url}</span>
        {c.snippet && <span className="line-clamp-2 block text-xs text-slate-600">{c.snippet}</span>}
      </span>
      <span className="shrink-0 text-right text-xs">
        <span data-testid="candidate-score" className="font-mono">{s.score.replace("{s}", c.score.toFixed(3))}</span>
        <span className="block text-slate-400">{c.providers.join(", ")}</span>
      </span>
    </li>
  );
}

/**
 * Candidate seeds from the deployment's search providers for the topic `searchBody` names (a
 * saved topic, a draft, or only the typed words): ask, see each provider's outcome, tick the
 * candidates to use. Picks are the caller's: it adds or removes their URLs.
 */
export function SeedCandidates({ locale, searchBody, isPicked, onToggle }: {
  locale: Locale; searchBody: () => Record<string, unknown> | null;
  isPicked: (c: SeedCandidate) => boolean; onToggle: (c: SeedCandidate, query: string) => void;
}) {
  const s = seedMessages(locale);
  const [query, setQuery] = useState("");
  const [result, setResult] = useState<SeedSearch>();
  const [error, setError] = useState<string>();
  const [isSearching, setSearching] = useState(false);
  const search = async () => {
    const body = searchBody();
    if (!body && !query.trim()) return setError(s.needTopic);
    setSearching(true);
    setError(undefined);
    try {
      const res = await fetch("/api/seeds/search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, query: query || undefined }) });
      const answer = await res.json();
      if (res.status === 503) return setError(s.noProviders);
      if (!res.ok) return setError(s.searchFailed.replace("{error}", localizeError(String(answer.error), locale)));
      setResult(answer as SeedSearch);
    } catch (err) {
      setError(s.searchFailed.replace("{error}", (err as Error).message));
    } finally {
      setSearching(false);
    }
  };
  return (
    <section data-testid="seed-candidates" aria-labelledby="seed-candidates-title" className="mt-2 space-y-2 rounded border border-slate-200 bg-slate-50 p-3">
      <h3 id="seed-candidates-title" className="text-sm font-medium">{s.candidatesTitle}</h3>
      <p className="text-xs text-slate-600">{s.candidatesHint}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-48 flex-1 text-xs">
          <span>{s.queryLabel}</span>
          <input value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); void search(); } }} className={input} />
        </label>
        <button type="button" onClick={search} disabled={isSearching} className="rounded border border-teal-700 px-3 py-1.5 text-sm text-teal-800 hover:bg-teal-50 disabled:opacity-50">
          {isSearching ? s.searching : s.searchButton}
        </button>
      </div>
      {error && <p role="alert" className="text-xs text-red-700">{error}</p>}
      {result && (
        <>
          <p className="text-xs text-slate-500">{s.queriesAsked.replace("{q}", result.queries.map((q) => `“${q}”`).join(" "))}</p>
          <ProviderLines s={s} providers={result.providers} />
          {result.candidates.length === 0 ? <p className="text-xs text-slate-600">{s.noCandidates}</p> : (
            <ul data-testid="candidate-list" className="max-h-96 divide-y divide-slate-200 overflow-y-auto rounded border border-slate-200 bg-white px-2">
              {result.candidates.map((c) => <CandidateRow key={c.url} s={s} c={c} isPicked={isPicked(c)} onToggle={() => onToggle(c, c.query)} />)}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
