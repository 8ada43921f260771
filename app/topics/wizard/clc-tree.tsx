"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { ClassChoice } from "./draft";

/** A class as the CLC API returns it. */
export interface ClcRow { code: string; name: string; nameEn?: string; level: number; childCount: number; shownChildCount: number; isAlternative: boolean; isDiscontinued: boolean }

/** A class's name in the interface language (the Chinese name where no English one exists). */
export function className(n: { name: string; nameEn?: string }, isEnglish: boolean): string {
  return isEnglish && n.nameEn ? n.nameEn : n.name;
}

const ROOT = "root";

/**
 * The CLC as a lazy tree: the 22 top classes first, a class's children fetched when it is opened.
 * Keyboard: ↑↓ move, → opens (or goes to the first child), ← closes (or goes to the parent),
 * Enter or Space chooses; alternative [..] and discontinued {..} classes only when asked for.
 */
export function ClcTree({ m, isEnglish, chosen, onToggle, reveal }: {
  m: TopicMessages; isEnglish: boolean; chosen: ClassChoice[]; onToggle: (c: ClassChoice) => void;
  /** Open the path to a class (from a search result) and focus it. */
  reveal?: { code: string; path: string[]; at: number };
}) {
  const [children, setChildren] = useState<Record<string, ClcRow[]>>({});
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [focus, setFocus] = useState<string | undefined>();
  const [showHidden, setShowHidden] = useState(false);
  const [failed, setFailed] = useState(false);
  const rowRefs = useRef(new Map<string, HTMLElement>());

  const load = useCallback(async (code: string) => {
    const res = await fetch(`/api/clc/${encodeURIComponent(code)}${showHidden ? "?hidden=1" : ""}`).catch(() => undefined);
    if (!res?.ok) return setFailed(true);
    const body = (await res.json()) as { children: ClcRow[] };
    setChildren((c) => ({ ...c, [code]: body.children }));
  }, [showHidden]);

  useEffect(() => {
    setChildren({});
    void load(ROOT);
  }, [load]);
  useEffect(() => {
    for (const code of open) if (!children[code]) void load(code);
  }, [open, children, load]);
  useEffect(() => {
    if (!reveal) return;
    setOpen((o) => new Set([...o, ...reveal.path]));
    setFocus(reveal.code);
  }, [reveal]);
  useEffect(() => {
    if (focus && rowRefs.current.get(focus) && document.activeElement?.closest("[role=tree]")) rowRefs.current.get(focus)?.focus();
    if (focus && reveal?.code === focus) rowRefs.current.get(focus)?.scrollIntoView({ block: "nearest" });
  }, [focus, children, reveal]);

  // The rows on screen, in order, with their parents' codes.
  const rows: { row: ClcRow; path: string[] }[] = [];
  const walk = (code: string, path: string[]) => {
    for (const row of children[code] ?? []) {
      rows.push({ row, path });
      if (open.has(row.code)) walk(row.code, [...path, row.code]);
    }
  };
  walk(ROOT, []);
  const chosenCodes = new Set(chosen.map((c) => c.code));
  const toggleOpen = (code: string) => setOpen((o) => {
    const next = new Set(o);
    if (next.has(code)) next.delete(code); else next.add(code);
    return next;
  });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const i = rows.findIndex((r) => r.row.code === focus);
    const cur = rows[i];
    if (!cur) return;
    const go = (j: number) => rows[j] && setFocus(rows[j].row.code);
    const count = showHidden ? cur.row.childCount : cur.row.shownChildCount;
    if (e.key === "ArrowDown") go(i + 1);
    else if (e.key === "ArrowUp") go(i - 1);
    else if (e.key === "ArrowRight") {
      if (count === 0) return;
      if (!open.has(cur.row.code)) toggleOpen(cur.row.code); else go(i + 1);
    } else if (e.key === "ArrowLeft") {
      if (open.has(cur.row.code)) toggleOpen(cur.row.code);
      else if (cur.path.length) setFocus(cur.path[cur.path.length - 1]);
    } else if (e.key === "Enter" || e.key === " ") {
      onToggle({ code: cur.row.code, name: cur.row.name, nameEn: cur.row.nameEn, path: cur.path });
    } else return;
    e.preventDefault();
  };

  return (
    <div>
      <label className="mb-2 flex items-center gap-2 text-xs text-slate-600">
        <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />
        {m.showHiddenClasses}
      </label>
      {failed && <p role="alert" className="text-sm text-red-700">{m.treeFailed}</p>}
      <ul role="tree" aria-label={m.treeLabel} aria-multiselectable="true" onKeyDown={onKeyDown}
        className="max-h-[28rem] overflow-y-auto rounded border border-slate-200 bg-white p-1 text-sm">
        {rows.map(({ row, path }, idx) => {
          const isOpen = open.has(row.code);
          const count = showHidden ? row.childCount : row.shownChildCount;
          const isChosen = chosenCodes.has(row.code);
          return (
            <li key={`${row.code}-${idx}`} role="treeitem" aria-level={path.length + 1} aria-selected={isChosen}
              aria-expanded={count > 0 ? isOpen : undefined} data-code={row.code}
              tabIndex={(focus ?? rows[0]?.row.code) === row.code ? 0 : -1}
              ref={(el) => { if (el) rowRefs.current.set(row.code, el); else rowRefs.current.delete(row.code); }}
              onFocus={(e) => e.target === e.currentTarget && setFocus(row.code)}
              className={`flex items-center gap-1 rounded px-1 py-0.5 outline-none focus:bg-teal-50 focus:ring-1 focus:ring-teal-600 ${isChosen ? "bg-teal-100" : ""}`}
              style={{ paddingLeft: `${path.length * 1.1 + 0.25}rem` }}>
              <button type="button" tabIndex={-1} aria-label={isOpen ? m.collapse : m.expand} disabled={count === 0}
                onClick={() => toggleOpen(row.code)} className="w-5 shrink-0 text-slate-500 disabled:invisible">
                {isOpen ? "▾" : "▸"}
              </button>
              <label className="flex min-w-0 flex-1 cursor-pointer items-baseline gap-2">
                <input type="checkbox" tabIndex={-1} checked={isChosen} className="shrink-0"
                  onChange={() => onToggle({ code: row.code, name: row.name, nameEn: row.nameEn, path })} />
                <span className="shrink-0 font-mono text-xs text-teal-800">{row.code}</span>
                <span className={`min-w-0 break-words ${row.isAlternative || row.isDiscontinued ? "text-slate-400" : ""}`}>{className(row, isEnglish)}</span>
                {count > 0 && <span className="shrink-0 text-xs text-slate-400">{m.childCount.replace("{n}", String(count))}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
