"use client";
import { useEffect, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { LEXICON_NAMES } from "@/lib/topic/knowledge/mapping";
import type { ClassChoice, Draft, Keyword } from "./draft";

/** The answer of GET /api/clc/:code/knowledge. */
interface Knowledge {
  code: string;
  knowledge: { code: string; name: string; isInherited: boolean; words: string[]; examples: string[]; sources: { abstracts: number; headlines?: number; selfLabelledHeadlines?: number; lexicons: string[] } } | null;
}

/** Words offered per class (the API sends more; the strongest first). */
const WORDS_OFFERED = 24;

function useKnowledge(classes: ClassChoice[]): Record<string, Knowledge | "error"> {
  const [byCode, setByCode] = useState<Record<string, Knowledge | "error">>({});
  const codes = classes.map((c) => c.code).join(",");
  useEffect(() => {
    let isCurrent = true;
    for (const code of codes ? codes.split(",") : []) {
      fetch(`/api/clc/${encodeURIComponent(code)}/knowledge`)
        .then(async (r) => (r.ok ? ((await r.json()) as Knowledge) : "error" as const))
        .catch(() => "error" as const)
        .then((k) => { if (isCurrent) setByCode((prev) => ({ ...prev, [code]: k })); });
    }
    return () => { isCurrent = false; };
  }, [codes]);
  return byCode;
}

const chip = "rounded-full border px-2 py-0.5 text-sm";

/** What a class's knowledge was learned from, in the locale: counts of texts and the lexicons' names. */
function sourcesText(m: TopicMessages, sources: NonNullable<Knowledge["knowledge"]>["sources"]): string {
  const lexicons = sources.lexicons.map((id) => LEXICON_NAMES[id]?.[m.locale === "en" ? "en" : "zh"] ?? id);
  const selfLabelled = sources.selfLabelledHeadlines ? m.suggestionsSelfLabelled.replace("{n}", String(sources.selfLabelledHeadlines)) : "";
  return m.suggestionsSources.replace("{abstracts}", String(sources.abstracts)).replace("{headlines}", String(sources.headlines ?? 0))
    .replace("{selfLabelled}", selfLabelled).replace("{lexicons}", lexicons.length ? lexicons.join(m.locale === "en" ? ", " : "、") : "—");
}

/**
 * The refine step's suggestions for the chosen classes (seed 004: the system offers texts for
 * each class): the field words and example texts FocusCrawl knows for each, added to or removed
 * from the topic's keywords and example texts with one click, and the switch that turns the
 * classes' field vocabulary off.
 */
export function ClassSuggestions({ m, draft, update }: { m: TopicMessages; draft: Draft; update: (patch: Partial<Draft>) => void }) {
  const byCode = useKnowledge(draft.classes);
  if (draft.classes.length === 0) return null;
  const hasKeyword = (w: string) => draft.keywords.some((k) => k.term === w);
  const toggleWord = (w: string) => update({ keywords: hasKeyword(w) ? draft.keywords.filter((k) => k.term !== w) : [...draft.keywords, { term: w, weight: 1 } satisfies Keyword] });
  const hasExample = (t: string) => draft.exampleTexts.includes(t);
  const toggleExample = (t: string) => update({ exampleTexts: hasExample(t) ? draft.exampleTexts.filter((x) => x !== t) : [...draft.exampleTexts, t] });
  const isOn = draft.classKnowledge !== false;
  return (
    <section aria-labelledby="class-suggestions" data-testid="class-suggestions" className="space-y-3 rounded border border-teal-100 bg-teal-50/40 p-3">
      <h3 id="class-suggestions" className="text-sm font-medium">{m.suggestionsTitle}</h3>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={isOn} onChange={(e) => update({ classKnowledge: e.target.checked })} className="mt-1" />
        <span>{m.useFieldVocabulary} <span className="block text-xs text-slate-500">{m.useFieldVocabularyHint}</span></span>
      </label>
      {draft.classes.map((c) => {
        const k = byCode[c.code];
        const label = m.locale === "en" && c.nameEn ? c.nameEn : c.name;
        if (k === undefined) return <p key={c.code} className="text-xs text-slate-500">{c.code} {label}: {m.suggestionsLoading}</p>;
        if (k === "error" || !k.knowledge) return <p key={c.code} className="text-xs text-slate-500" data-testid={`no-knowledge-${c.code}`}>{c.code} {label}: {m.suggestionsNone}</p>;
        const kn = k.knowledge;
        return (
          <div key={c.code} className="space-y-2" data-testid={`knowledge-${c.code}`}>
            <p className="text-sm"><span className="font-mono">{c.code}</span> {label}{" "}
              <span className="text-xs text-slate-500" data-testid={`knowledge-sources-${c.code}`}>
                ({kn.isInherited ? m.suggestionsInherited.replace("{code}", kn.code).replace("{name}", kn.name) + " · " : ""}{sourcesText(m, kn.sources)})
              </span>
            </p>
            <p className="text-xs text-slate-600">{m.suggestedWords}</p>
            <ul className="flex flex-wrap gap-1.5">
              {kn.words.slice(0, WORDS_OFFERED).map((w) => (
                <li key={w}>
                  <button type="button" aria-pressed={hasKeyword(w)} onClick={() => toggleWord(w)}
                    className={`${chip} ${hasKeyword(w) ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-teal-600"}`}>
                    {hasKeyword(w) ? "✓ " : "+ "}{w}
                  </button>
                </li>
              ))}
            </ul>
            {kn.examples.length === 0 && <p className="text-xs text-slate-500" data-testid={`no-examples-${c.code}`}>{m.suggestedExamplesNone.replace("{code}", kn.code)}</p>}
            {kn.examples.length > 0 && (
              <>
                <p className="text-xs text-slate-600">{m.suggestedExamples.replace("{code}", kn.code)}</p>
                <ul className="space-y-1">
                  {kn.examples.map((t) => (
                    <li key={t} className="flex items-start gap-2 text-sm">
                      <button type="button" aria-pressed={hasExample(t)} onClick={() => toggleExample(t)}
                        aria-label={(hasExample(t) ? m.removeSuggestedExample : m.addSuggestedExample).replace("{text}", t)}
                        className={`shrink-0 rounded border px-2 text-xs ${hasExample(t) ? "border-teal-700 bg-teal-700 text-white" : "border-teal-700 text-teal-800 hover:bg-teal-50"}`}>
                        {hasExample(t) ? m.added : m.add}
                      </button>
                      <span className="break-words">{t}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        );
      })}
    </section>
  );
}
