"use client";
/**
 * The results list's interactive leaf: judging buttons on every row, keyboard shortcuts (j / k
 * move, r / i judge the current page and move on, x ticks it) and judging the ticked pages at
 * once. A reader whose role may not judge (a viewer) sees the list without any of these. Everything
 * else is server-rendered.
 */
import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import { JudgeButtons, sendJudgement, useShortcutKeys, type JudgeLabels, type JudgementValue } from "../judge-buttons";
import type { SnippetPiece } from "@/lib/results/snippet";
import { replayPath } from "@/lib/results/replay-path";

/** How each page mark stands out in a row. */
const MARK_STYLE: Record<string, string> = {
  new: "rounded bg-sky-50 px-1 text-sky-800", changed: "rounded bg-amber-50 px-1 text-amber-800",
  unchanged: "rounded bg-slate-100 px-1 text-slate-600", gone: "rounded bg-red-50 px-1 text-red-800",
};

/** One row as the server renders it for the list. */
export interface ListRow {
  id: string; title: string; url: string; host: string; relevance: string; isRelevant: boolean; judgement: JudgementValue;
  depth: number; kind: string; status: number; fetchedAt: string; isDuplicate: boolean;
  /** A workflow run's mark (new, changed, unchanged, gone) with its label; null for a job that is no re-run. */
  mark: { value: string; label: string } | null;
  /** In a group view, the group's original. */
  isOriginal: boolean;
  /** Grouped: "+N near-duplicates" and the group view it opens (null when it has none in the view). */
  group: { text: string; href: string } | null;
  snippet: SnippetPiece[];
}

/** Between two lines of the main text in a snippet; the no-break space keeps the dot off the start of a wrapped line. */
const SNIPPET_BREAK = "\u00a0· ";

/** One piece of a snippet: a highlighted match, plain text, or the end of a line of the main text shown as a dot. */
function SnippetText({ piece }: { piece: SnippetPiece }) {
  if (piece.isBreak) return <span data-testid="snippet-break" className="text-slate-400">{SNIPPET_BREAK}</span>;
  return piece.isHit ? <mark className="rounded bg-amber-200 px-0.5">{piece.text}</mark> : <span>{piece.text}</span>;
}

/** The results list with judging. */
export function ResultsList({ jobId, rows, labels, canJudge = true }: {
  jobId: number; rows: ListRow[];
  /** False for a viewer: no judge buttons, ticks or judging keys (the server would refuse them). */
  canJudge?: boolean;
  labels: JudgeLabels & {
    keys: string; depth: string; tick: string; tickAll: string; ticked: string; bulkRelevant: string; bulkIrrelevant: string;
    duplicate: string; original: string; replay: string; replayHint: string;
  };
}) {
  const [judgements, setJudgements] = useState<Record<string, JudgementValue>>(() => Object.fromEntries(rows.map((r) => [r.id, r.judgement])));
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const toggle = (id: string) => setTicked((prev) => {
    const next = new Set(prev);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const judgeTicked = async (j: JudgementValue) => {
    const ids = [...ticked];
    const res = await fetch(`/api/jobs/${jobId}/judgements`, {
      method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ pageIds: ids, judgement: j }),
    }).catch(() => null);
    if (!res?.ok) return setFailed("bulk");
    const { judged } = (await res.json()) as { judged: string[] };
    setFailed(null);
    setJudgements((prev) => ({ ...prev, ...Object.fromEntries(judged.map((id) => [id, j])) }));
    setTicked(new Set());
  };

  const judge = useCallback(async (id: string, j: JudgementValue) => {
    const ok = await sendJudgement(jobId, id, j);
    setFailed(ok ? null : id);
    if (ok) setJudgements((prev) => ({ ...prev, [id]: j }));
    return ok;
  }, [jobId]);

  // The selection lives in a ref as well as in state: keys pressed faster than React renders, or
  // while a judgement is on its way, must each start from where the previous one left it.
  const current = useRef(0);
  const move = (to: number) => {
    const i = Math.max(0, Math.min(rows.length - 1, to));
    current.current = i;
    setSelected(i);
    items.current[i]?.scrollIntoView({ block: "nearest" });
  };
  const keysReady = useShortcutKeys((key) => {
    const at = current.current;
    const row = rows[at];
    if (key === "j") move(at + 1);
    else if (key === "k") move(at - 1);
    else if ((key === "r" || key === "i") && row && canJudge) {
      // Move on at once; the row shows its judgement when the server has stored it, or says it failed.
      move(at + 1);
      void judge(row.id, key === "r" ? "relevant" : "irrelevant");
    } else if (key === "x" && row && canJudge) toggle(row.id);
    else return false;
    return true;
  });

  return (
    <div>
      <p className="mb-2 hidden text-xs text-slate-500 sm:block">{labels.keys}</p>
      {canJudge && <div data-testid="bulk-bar" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={ticked.size === rows.length && rows.length > 0}
            onChange={(e) => setTicked(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())} />{labels.tickAll}
        </label>
        {ticked.size > 0 && <>
          <span className="text-slate-600">{labels.ticked.replace("{n}", String(ticked.size))}</span>
          <button type="button" onClick={() => void judgeTicked("relevant")} className="rounded border border-teal-600 px-2 py-0.5 text-xs text-teal-800 hover:bg-teal-50">{labels.bulkRelevant}</button>
          <button type="button" onClick={() => void judgeTicked("irrelevant")} className="rounded border border-rose-600 px-2 py-0.5 text-xs text-rose-800 hover:bg-rose-50">{labels.bulkIrrelevant}</button>
        </>}
        {failed === "bulk" && <span role="alert" className="text-xs text-red-700">{labels.failed}</span>}
      </div>}
      <ol data-testid="results-list" data-keys={keysReady ? "ready" : "pending"} className="divide-y divide-slate-100 rounded border border-slate-200 bg-white">
        {rows.map((r, i) => (
          <li key={r.id} ref={(el) => { items.current[i] = el; }} data-testid="result-row" data-page-id={r.id}
            data-selected={i === selected} data-judgement={judgements[r.id] ?? "none"} onClick={() => move(i)}
            className={`p-3 ${i === selected ? "bg-teal-50 ring-2 ring-inset ring-teal-400" : ""}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              {canJudge && <input type="checkbox" aria-label={labels.tick} checked={ticked.has(r.id)} onChange={() => toggle(r.id)} className="mt-1.5" />}
              <div className="min-w-0 flex-1">
                <Link className="break-words font-medium text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${r.id}`}>{r.title || r.url}</Link>
                <div className="truncate font-mono text-xs text-slate-500" title={r.url}>{r.url}</div>
              </div>
              {canJudge && <JudgeButtons value={judgements[r.id] ?? null} onJudge={(j) => void judge(r.id, j)} labels={labels} />}
            </div>
            {r.snippet.length > 0 && (
              <p data-testid="result-snippet" className="mt-1 break-words text-sm text-slate-700">
                {r.snippet.map((p, k) => <SnippetText key={k} piece={p} />)}
              </p>
            )}
            <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
              <span className={r.isRelevant ? "font-semibold text-teal-700" : ""}>{r.relevance}</span>
              <span>{r.host}</span><span>{r.kind}</span><span>{labels.depth} {r.depth}</span><span>HTTP {r.status}</span><span>{r.fetchedAt}</span>
              <Link data-testid="result-replay" href={replayPath(jobId, r.url)} title={labels.replayHint} className="text-teal-700 hover:underline">{labels.replay}</Link>
              {r.mark && <span data-testid="result-mark" data-mark={r.mark.value} className={MARK_STYLE[r.mark.value] ?? ""}>{r.mark.label}</span>}
              {r.isDuplicate && <span data-testid="result-duplicate">≈ {labels.duplicate}</span>}
              {r.isOriginal && <span data-testid="result-original" className="font-semibold text-slate-700">{labels.original}</span>}
              {r.group && (
                <Link data-testid="result-group" href={r.group.href}
                  className="rounded bg-teal-50 px-1.5 font-medium text-teal-800 ring-1 ring-teal-200 hover:bg-teal-100">{r.group.text}</Link>
              )}
            </div>
            {failed === r.id && <p role="alert" className="text-xs text-red-700">{labels.failed}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
