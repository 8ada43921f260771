"use client";
import { useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { ExplainedTerm } from "@/lib/topic/term-sources";
import type { Draft } from "./draft";
import { TryText } from "./try-text";

/** The answer of POST /api/topics/preview. */
export interface Preview { terms: ExplainedTerm[]; termCount: number; suggestedThreshold: number | null; suggestionBasis?: "examples" | "classes" | null; exampleScores: number[] }

const MULTIPLIERS = [0.5, 1, 2, 3];

function SourceBadges({ m, term }: { m: TopicMessages; term: ExplainedTerm }) {
  return (
    <span className="flex flex-wrap gap-1">
      {term.sources.map((s) => (
        <span key={s.kind + (s.code ?? "")} className="rounded bg-slate-100 px-1.5 text-[11px] text-slate-600" title={`${Math.round(s.share * 100)}%`}>
          {s.kind === "clc" ? m.sourceClass.replace("{code}", s.code ?? "") : s.kind === "knowledge" ? m.sourceKnowledge.replace("{code}", s.code ?? "") : s.kind === "keyword" ? m.sourceKeyword : s.kind === "example" ? m.sourceExample : m.sourceUrl}
        </span>
      ))}
    </span>
  );
}

/** Whether the draft's words come from CLC class names alone (bench/LAB.md: such topics miss the pages' own words). */
function isClassOnly(d: Draft): boolean {
  return d.classes.length > 0 && d.keywords.length === 0 && !d.exampleTexts.some((t) => t.trim()) && !d.exampleUrls.some((u) => u.state === "ok");
}

/** Step 3: the draft's top terms as bars and a word cloud, each removable or re-weighted, and a text to try. */
export function PreviewStep({ m, draft, update, preview, isLoading, definition }: {
  m: TopicMessages; draft: Draft; update: (patch: Partial<Draft>) => void; preview?: Preview; isLoading: boolean; definition: unknown;
}) {
  const [view, setView] = useState<"bars" | "cloud">("bars");
  const setWeight = (term: string, weight: number) => {
    const next = { ...draft.termWeights };
    if (weight === 1) delete next[term]; else next[term] = weight;
    update({ termWeights: next });
  };
  const removed = Object.entries(draft.termWeights).filter(([, w]) => w === 0).map(([t]) => t);
  const terms = preview?.terms ?? [];
  const max = Math.max(...terms.map((t) => t.weight), 0.0001);
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section aria-busy={isLoading}>
        <div className="mb-2 flex flex-wrap items-center gap-3">
          <h2 className="font-medium">{m.topTerms}</h2>
          {preview && <span className="text-xs text-slate-500">{m.termCount.replace("{n}", String(preview.termCount))}</span>}
          {isLoading && <span className="text-xs text-slate-400">{m.updating}</span>}
          <span className="ml-auto flex gap-1 text-xs">
            {(["bars", "cloud"] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}
                className={`rounded border px-2 py-0.5 ${view === v ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300"}`}>
                {v === "bars" ? m.viewBars : m.viewCloud}
              </button>
            ))}
          </span>
        </div>
        {!preview && !isLoading && <p className="text-sm text-slate-500">{m.previewEmpty}</p>}
        {isClassOnly(draft) && draft.classKnowledge === false && (
          <p data-testid="class-only-hint" role="note" className="mb-3 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">{m.classOnlyHint}</p>
        )}
        {isClassOnly(draft) && draft.classKnowledge !== false && (
          <p data-testid="class-knowledge-hint" role="note" className="mb-3 rounded border border-teal-200 bg-teal-50 p-2 text-sm text-teal-900">{m.classKnowledgeHint}</p>
        )}
        {view === "cloud" ? (
          <p data-testid="term-cloud" className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded border border-slate-200 bg-white p-3">
            {terms.map((t) => <span key={t.term} style={{ fontSize: `${0.75 + (t.weight / max) * 1.25}rem` }} className="text-teal-900">{t.term}</span>)}
          </p>
        ) : (
          <ol data-testid="preview-terms" className="space-y-1">
            {terms.map((t) => (
              <li key={t.term} data-term={t.term} className="grid grid-cols-[minmax(4rem,7rem)_1fr_auto] items-center gap-2 text-sm">
                <span className="truncate font-medium" title={t.term}>{t.term}</span>
                <span className="min-w-0">
                  <span className="block h-2 rounded bg-teal-600" style={{ width: `${(t.weight / max) * 100}%` }} />
                  <span className="mt-0.5 flex items-center gap-2 text-[11px] text-slate-500">{t.weight.toFixed(3)} <SourceBadges m={m} term={t} /></span>
                </span>
                <span className="flex items-center gap-1">
                  <select aria-label={m.weightOf.replace("{term}", t.term)} value={draft.termWeights[t.term] ?? 1} onChange={(e) => setWeight(t.term, Number(e.target.value))}
                    className="rounded border border-slate-200 text-xs">
                    {MULTIPLIERS.map((w) => <option key={w} value={w}>×{w}</option>)}
                  </select>
                  <button type="button" aria-label={m.removeTerm.replace("{term}", t.term)} onClick={() => setWeight(t.term, 0)}
                    className="rounded px-1.5 text-slate-500 hover:bg-red-100 hover:text-red-700">×</button>
                </span>
              </li>
            ))}
          </ol>
        )}
        {removed.length > 0 && (
          <div data-testid="removed-terms" className="mt-3 text-sm">
            <span className="text-slate-500">{m.removedTerms}</span>{" "}
            {removed.map((t) => (
              <button key={t} type="button" onClick={() => setWeight(t, 1)} aria-label={m.restoreTerm.replace("{term}", t)}
                className="mr-1 rounded bg-slate-100 px-1.5 text-slate-600 line-through hover:no-underline">{t}</button>
            ))}
          </div>
        )}
      </section>
      <TryText m={m} definition={definition} threshold={Number(draft.pageThreshold) || 0.035} />
    </div>
  );
}
