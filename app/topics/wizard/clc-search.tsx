"use client";
import { useEffect, useRef, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { ClassChoice } from "./draft";
import { className, type ClcRow } from "./clc-tree";

type Result = ClcRow & { path: { code: string; name: string; nameEn?: string }[] };

/** `text` with the part that matches `q` marked (case-insensitive); the whole text when it does not contain it. */
function Highlight({ text, q }: { text: string; q: string }) {
  const at = q ? text.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return <>{text.slice(0, at)}<mark className="bg-amber-200">{text.slice(at, at + q.length)}</mark>{text.slice(at + q.length)}</>;
}

/**
 * Search the CLC by code, Chinese name, pinyin initials or English name; each result shows the
 * classes above it. ↓ from the box goes into the results, ↑↓ move, Enter chooses, → shows the
 * class in the tree. Requests are debounced and the stale one is aborted.
 */
export function ClcSearch({ m, isEnglish, chosen, onToggle, onReveal }: {
  m: TopicMessages; isEnglish: boolean; chosen: ClassChoice[]; onToggle: (c: ClassChoice) => void; onReveal: (c: ClassChoice) => void;
}) {
  const [q, setQ] = useState("");
  const [results, setResults] = useState<Result[] | undefined>();
  const [active, setActive] = useState(-1);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  useEffect(() => {
    const query = q.trim();
    if (!query) return setResults(undefined);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/clc/search?limit=30&q=${encodeURIComponent(query)}`, { signal: controller.signal });
        if (res.ok) setResults(((await res.json()) as { results: Result[] }).results);
      } catch { /* aborted by a newer query */ }
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  useEffect(() => items.current[active]?.focus(), [active]);
  const chosenCodes = new Set(chosen.map((c) => c.code));
  const choiceOf = (r: Result): ClassChoice => ({ code: r.code, name: r.name, nameEn: r.nameEn, path: r.path.map((p) => p.code) });

  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const r = results?.[i];
    if (e.key === "ArrowDown") setActive(Math.min((results?.length ?? 0) - 1, i + 1));
    else if (e.key === "ArrowUp") setActive(i - 1);
    else if ((e.key === "Enter" || e.key === " ") && r) onToggle(choiceOf(r));
    else if (e.key === "ArrowRight" && r) onReveal(choiceOf(r));
    else return;
    e.preventDefault();
  };

  return (
    <div className="space-y-2">
      <label className="block text-sm">
        <span className="font-medium">{m.searchLabel}</span>
        <input type="search" value={q} onChange={(e) => { setQ(e.target.value); setActive(-1); }} placeholder={m.searchPlaceholder}
          onKeyDown={(e) => { if (e.key === "ArrowDown" && results?.length) { e.preventDefault(); setActive(0); } }}
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none" />
      </label>
      <p className="text-xs text-slate-500">{m.englishCoverage}</p>
      {results && results.length === 0 && <p className="text-sm text-slate-500">{m.searchEmpty}</p>}
      {results && results.length > 0 && (
        <ul role="listbox" aria-label={m.searchResults} aria-multiselectable="true" className="max-h-80 overflow-y-auto rounded border border-slate-200 bg-white text-sm">
          {results.map((r, i) => (
            <li key={r.code + i} role="option" aria-selected={chosenCodes.has(r.code)} tabIndex={-1} data-code={r.code}
              ref={(el) => { items.current[i] = el; }} onKeyDown={(e) => onKeyDown(e, i)} onClick={() => onToggle(choiceOf(r))}
              className={`cursor-pointer border-b border-slate-100 px-2 py-1.5 outline-none last:border-0 hover:bg-slate-50 focus:bg-teal-50 focus:ring-1 focus:ring-teal-600 ${chosenCodes.has(r.code) ? "bg-teal-100" : ""}`}>
              <div className="flex items-baseline gap-2">
                <span className="font-mono text-xs text-teal-800"><Highlight text={r.code} q={q.trim()} /></span>
                <span className="min-w-0 flex-1 break-words"><Highlight text={className(r, isEnglish)} q={q.trim()} /></span>
                <button type="button" tabIndex={-1} onClick={(e) => { e.stopPropagation(); onReveal(choiceOf(r)); }}
                  className="shrink-0 text-xs text-teal-700 underline">{m.showInTree}</button>
              </div>
              {r.path.length > 0 && (
                <div className="mt-0.5 text-xs text-slate-500" data-testid="result-path">
                  {r.path.map((p) => `${p.code} ${className(p, isEnglish)}`).join(" › ")}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
