"use client";
/**
 * One batch of "judge these" with its keys: 1 / y relevant, 2 / n not relevant, 0 clears, arrows
 * (or j / k) move, Enter fetches the next batch once every page of this one is judged. A
 * judgement moves the selection to the next page not yet judged.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { learnFromJudgmentsAction } from "../../../actions";
import { JudgeButtons, sendJudgement, useShortcutKeys, type JudgeLabels, type JudgementValue } from "../../judge-buttons";
import type { JudgeMessages } from "@/lib/i18n/judge-messages";

/** A page of the batch as the server renders it. */
export interface JudgeRow { id: string; url: string; title: string; host: string; kind: string; excerpt: string; relevance: string; isOver: boolean }

/** Which key judges or moves (lower-cased `KeyboardEvent.key`). */
const KEY_ACTIONS: Record<string, "relevant" | "irrelevant" | "clear" | "next" | "previous" | "batch"> = {
  "1": "relevant", y: "relevant", "2": "irrelevant", n: "irrelevant", "0": "clear",
  arrowdown: "next", j: "next", arrowup: "previous", k: "previous", enter: "batch",
};

/** The batch with judging buttons and keys (buttons and keys only for those who may judge). */
export function JudgeBatch({ jobId, items, canJudge, m, labels }: { jobId: number; items: JudgeRow[]; canJudge: boolean; m: JudgeMessages; labels: JudgeLabels }) {
  const router = useRouter();
  const [judgements, setJudgements] = useState<Record<string, JudgementValue>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [selected, setSelected] = useState(0);
  // The selection and judgements live in refs as well: keys pressed faster than React renders each start from where the last left them.
  const current = useRef(0);
  const judged = useRef<Record<string, JudgementValue>>({});
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const move = (to: number) => {
    const i = Math.max(0, Math.min(items.length - 1, to));
    current.current = i;
    setSelected(i);
    rows.current[i]?.scrollIntoView({ block: "nearest" });
  };
  const isDone = () => items.every((p) => judged.current[p.id]);
  const judge = async (at: number, j: JudgementValue) => {
    const row = items[at];
    judged.current = { ...judged.current, [row.id]: j };
    setJudgements(judged.current);
    const ok = await sendJudgement(jobId, row.id, j);
    setFailed(ok ? null : row.id);
    if (!ok) {
      judged.current = { ...judged.current, [row.id]: null };
      setJudgements(judged.current);
    }
  };
  const judgeAndMove = (at: number, j: JudgementValue) => {
    void judge(at, j);
    if (!j) return;
    // On to the next page of the batch not judged yet (after this one, then from the top).
    const order = [...items.keys()].slice(at + 1).concat([...items.keys()].slice(0, at));
    const next = order.find((i) => !judged.current[items[i].id]);
    if (next !== undefined) move(next);
  };
  const keysReady = useShortcutKeys((key) => {
    if (!canJudge) return false;
    const action = KEY_ACTIONS[key.toLowerCase()];
    const at = current.current;
    switch (action) {
      case "relevant": case "irrelevant": judgeAndMove(at, action); return true;
      case "clear": void judge(at, null); return true;
      case "next": move(at + 1); return true;
      case "previous": move(at - 1); return true;
      case "batch": if (!isDone()) return false; router.refresh(); return true;
      case undefined: return false;
      default: return action satisfies never;
    }
  });
  const allJudged = items.every((p) => judgements[p.id]);
  const [isLearning, startLearning] = useTransition();
  const [learnError, setLearnError] = useState<string | null>(null);
  const learnThenNext = () => startLearning(async () => {
    const r = await learnFromJudgmentsAction(jobId);
    if (!r.ok) return setLearnError(m.learnFailed[r.reason] ?? m.learnFailed.other);
    router.refresh();
  });

  return (
    <div className="space-y-2">
      {canJudge && <p data-testid="judge-keys" className="hidden text-xs text-slate-500 sm:block">{m.keys}</p>}
      <ol data-testid="judge-list" data-keys={keysReady ? "ready" : "pending"} className="divide-y divide-slate-100 rounded border border-slate-200 bg-white">
        {items.map((p, i) => (
          <li key={p.id} ref={(el) => { rows.current[i] = el; }} data-testid="judge-row" data-page-id={p.id} data-selected={i === selected}
            data-judgement={judgements[p.id] ?? "none"} onClick={() => move(i)}
            className={`p-3 ${i === selected ? "bg-teal-50 ring-2 ring-inset ring-teal-400" : ""}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="mt-0.5 w-5 shrink-0 text-right font-mono text-xs text-slate-400">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <Link className="break-words font-medium text-teal-700 hover:underline" href={`/jobs/${jobId}/pages/${p.id}`}>{p.title || p.url}</Link>
                <div className="truncate font-mono text-xs text-slate-500" title={p.url}>{p.url}</div>
              </div>
              {canJudge && <JudgeButtons value={judgements[p.id] ?? null} onJudge={(j) => { move(i); judgeAndMove(i, j); }} labels={labels} />}
            </div>
            {p.excerpt && <p className="mt-1 line-clamp-2 break-words text-sm text-slate-700">{p.excerpt}</p>}
            <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
              <span className={p.isOver ? "font-semibold text-teal-700" : ""}>{m.relevance.replace("{value}", p.relevance)} · {p.isOver ? m.over : m.under}</span>
              <span>{p.host}</span><span>{p.kind}</span>
            </div>
            {failed === p.id && <p role="alert" className="text-xs text-red-700">{labels.failed}</p>}
          </li>
        ))}
      </ol>
      {canJudge && allJudged && (
        <div data-testid="judge-done" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-700">{m.batchDone}</span>
          <button type="button" data-testid="judge-learn-next" onClick={learnThenNext} disabled={isLearning}
            className="rounded bg-teal-700 px-3 py-1 text-white hover:bg-teal-800 disabled:opacity-50">{isLearning ? m.learning : m.learnNext}</button>
          <button type="button" data-testid="judge-next" onClick={() => router.refresh()} disabled={isLearning}
            className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100 disabled:opacity-50">{m.nextBatch} ⏎</button>
          <span className="w-full text-xs text-slate-500">{m.learnNextHint}</span>
          {learnError && <p role="alert" className="w-full text-xs text-red-700">{learnError}</p>}
        </div>
      )}
    </div>
  );
}
